import Type from 'typebox';
import type { GenericDataType } from '../constants.js';

/**
 * The chart data contract (POST /api/v1/chart/data), as the BI server's web client builds it.
 * The schema checks the outline only (a malformed body is a 400 naming the field); the compiler
 * checks every part it uses, so that fields a newer client adds pass through harmlessly.
 */

export const RESULT_TYPES = ['full', 'columns', 'query', 'results', 'samples', 'timegrains', 'post_processed', 'drill_detail'] as const;
export type ChartDataResultType = (typeof RESULT_TYPES)[number];
export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ChartDataResultFormat = (typeof RESULT_FORMATS)[number];

export type MetricAggregate = 'AVG' | 'COUNT' | 'COUNT_DISTINCT' | 'MAX' | 'MIN' | 'SUM';
export const METRIC_AGGREGATES: readonly MetricAggregate[] = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'];

/** An adhoc metric: an aggregate over one column (SIMPLE) or a SQL expression (SQL). */
export interface AdhocMetric {
  expressionType: 'SIMPLE' | 'SQL';
  aggregate?: MetricAggregate | null;
  column?: { column_name: string; [k: string]: unknown } | null;
  sqlExpression?: string | null;
  label?: string | null;
  hasCustomLabel?: boolean;
  optionName?: string;
}

/** A saved metric's name or an adhoc metric. */
export type QueryMetric = string | AdhocMetric;

/** An adhoc column: a SQL expression with a label; `BASE_AXIS` marks the x-axis with its time grain. */
export interface AdhocColumn {
  sqlExpression: string;
  label?: string | null;
  expressionType?: 'SQL';
  columnType?: 'BASE_AXIS' | 'SERIES';
  timeGrain?: string | null;
  isColumnReference?: boolean;
}

/** A physical or calculated column's name, or an adhoc column. */
export type QueryColumn = string | AdhocColumn;

/** Filter operators as the client sends them (`op`). */
export const FILTER_OPERATORS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'IN',
  'NOT IN',
  'IS NULL',
  'IS NOT NULL',
  'IS TRUE',
  'IS FALSE',
  'TEMPORAL_RANGE',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface QueryObjectFilter {
  col: QueryColumn;
  op: string;
  val?: unknown;
  grain?: string | null;
  isExtra?: boolean;
}

export type PostProcessingRule = { operation: string; options?: Record<string, unknown> | null };

export interface QueryObjectExtras {
  time_grain_sqla?: string | null;
  where?: string;
  having?: string;
  relative_start?: string;
  relative_end?: string;
  instant_time_comparison_range?: string;
}

/** One query of a query context (the BI server's QueryObject). */
export interface QueryObject {
  columns?: QueryColumn[];
  /** deprecated spelling of columns */
  groupby?: QueryColumn[];
  metrics?: QueryMetric[] | null;
  filters?: QueryObjectFilter[];
  granularity?: string | null;
  granularity_sqla?: string | null;
  time_range?: string | null;
  extras?: QueryObjectExtras;
  applied_time_extras?: Record<string, string>;
  is_timeseries?: boolean;
  orderby?: [QueryMetric | QueryColumn, boolean][];
  order_desc?: boolean;
  row_limit?: number | null;
  row_offset?: number;
  series_columns?: QueryColumn[];
  series_limit?: number;
  series_limit_metric?: QueryMetric | null;
  timeseries_limit?: number;
  timeseries_limit_metric?: QueryMetric | null;
  time_offsets?: string[];
  time_shift?: string | null;
  post_processing?: (PostProcessingRule | null | Record<string, never>)[];
  result_type?: ChartDataResultType;
  url_params?: Record<string, string>;
  annotation_layers?: unknown[];
  is_rowcount?: boolean;
  custom_params?: Record<string, unknown>;
  custom_form_data?: unknown;
  datasource?: { id: number; type: string };
}

export interface QueryContext {
  datasource: { id: number | string; type: string };
  queries: QueryObject[];
  force?: boolean;
  result_type?: ChartDataResultType;
  result_format?: ChartDataResultFormat;
  form_data?: Record<string, unknown>;
  custom_cache_timeout?: number | null;
}

/** The outline of POST /api/v1/chart/data; inner parts are checked by the compiler. */
export const QueryContextBody = Type.Object(
  {
    datasource: Type.Object(
      {
        id: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ minLength: 1, maxLength: 64 })]),
        type: Type.String({ minLength: 1, maxLength: 32 }),
      },
      { additionalProperties: true },
    ),
    queries: Type.Array(Type.Object({}, { additionalProperties: true }), { minItems: 1, maxItems: 50 }),
    force: Type.Optional(Type.Boolean()),
    result_type: Type.Optional(Type.String({ maxLength: 32 })),
    result_format: Type.Optional(Type.String({ maxLength: 32 })),
    form_data: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
    custom_cache_timeout: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  },
  { additionalProperties: true },
);

/** One query's answer in `result` of POST /api/v1/chart/data. */
export interface ChartDataQueryResult {
  cache_key: string | null;
  cached_dttm: string | null;
  cache_timeout: number | null;
  is_cached: boolean;
  query: string;
  status: 'success' | 'failed';
  stacktrace?: null;
  error: string | null;
  errors?: { message: string; error_type: string; level: string; extra: Record<string, unknown> }[];
  rowcount: number;
  sql_rowcount?: number;
  colnames: string[];
  coltypes: GenericDataType[];
  data: Record<string, unknown>[];
  result_format?: ChartDataResultFormat;
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
  applied_template_filters?: string[];
  label_map?: Record<string, string[]>;
  from_dttm: number | null;
  to_dttm: number | null;
  annotation_data?: Record<string, unknown>[];
}
