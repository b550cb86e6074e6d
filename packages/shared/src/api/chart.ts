import Type from 'typebox';
import type { UserRef } from './common.js';

/**
 * Saved charts: `/api/v1/chart/` (spec section 7 "Charts"). `params` (the form data) and
 * `query_context` travel as JSON text, as the BI server's client sends them.
 */

const NullableString = (opts: { maxLength?: number; minLength?: number } = {}) => Type.Union([Type.String(opts), Type.Null()]);

/** The datasource types a chart may name (spec section 3 "Chart (saved)"). */
export const CHART_DATASOURCE_TYPES = ['table', 'query', 'dataset', 'sl_table', 'saved_query'] as const;
export type ChartDatasourceType = (typeof CHART_DATASOURCE_TYPES)[number];

/** The largest form data or query context accepted, as JSON text. */
export const CHART_JSON_MAX = 1_000_000;

const chartFields = {
  slice_name: Type.String({ minLength: 1, maxLength: 250 }),
  description: Type.Optional(NullableString({ maxLength: 100_000 })),
  viz_type: Type.Optional(Type.String({ minLength: 1, maxLength: 250 })),
  params: Type.Optional(NullableString({ maxLength: CHART_JSON_MAX })),
  query_context: Type.Optional(NullableString({ maxLength: CHART_JSON_MAX })),
  query_context_generation: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  cache_timeout: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()])),
  datasource_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  datasource_type: Type.String({ minLength: 1, maxLength: 32 }),
  dashboards: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 1000 })),
  owners: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 1000 })),
  certified_by: Type.Optional(NullableString({ maxLength: 1000 })),
  certification_details: Type.Optional(NullableString({ maxLength: 10_000 })),
  external_url: Type.Optional(NullableString({ maxLength: 2000 })),
  is_managed_externally: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
};

/** POST /api/v1/chart/ */
export const ChartCreate = Type.Object(chartFields, { additionalProperties: false });
export type ChartCreate = Type.Static<typeof ChartCreate>;

/** PUT /api/v1/chart/{id}: any subset of the create fields. */
export const ChartUpdate = Type.Partial(Type.Object(chartFields), { additionalProperties: false });
export type ChartUpdate = Type.Static<typeof ChartUpdate>;

export interface ChartDashboardRef {
  id: number;
  dashboard_title: string;
  json_metadata?: string | null;
}

/** GET /api/v1/chart/{id} → `{id, result}` */
export interface ChartDetail {
  id: number;
  uuid: string;
  slice_name: string;
  description: string | null;
  viz_type: string;
  params: string;
  query_context: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  datasource_id: number;
  datasource_type: string;
  datasource_name_text: string | null;
  datasource_url: string | null;
  url: string;
  thumbnail_url: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  owners: UserRef[];
  dashboards: ChartDashboardRef[];
  tags: TagRef[];
  changed_on: string;
  changed_on_delta_humanized: string;
}

/** One row of GET /api/v1/chart/ (the BI server's list columns). */
export interface ChartListItem {
  id: number;
  uuid: string;
  slice_name: string;
  description: string | null;
  viz_type: string;
  params: string;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  datasource_id: number;
  datasource_type: string;
  datasource_name_text: string | null;
  datasource_url: string | null;
  url: string;
  thumbnail_url: string | null;
  is_managed_externally: boolean;
  owners: UserRef[];
  dashboards: { id: number; dashboard_title: string }[];
  tags: TagRef[];
  created_by: UserRef | null;
  changed_by: UserRef | null;
  changed_by_name: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  created_on_delta_humanized: string;
  last_saved_at: string | null;
  last_saved_by: UserRef | null;
}

/** GET /api/v1/chart/favorite_status/?q=!(1,2) → `{result: [{id, value}]}` */
export interface FavoriteStatus {
  id: number;
  value: boolean;
}

/** The list filters `/api/v1/chart/?q=` understands (`(col, opr)` pairs of the BI server). */
export const CHART_LIST_FILTERS = {
  slice_name: ['chart_all_text', 'ct', 'sw', 'ew', 'eq'],
  owners: ['rel_m_m'],
  created_by: ['rel_o_m', 'chart_created_by_me'],
  changed_by: ['rel_o_m'],
  viz_type: ['eq', 'neq'],
  datasource_id: ['eq', 'in'],
  dashboards: ['rel_m_m'],
  id: ['chart_is_favorite', 'chart_is_certified', 'eq', 'in'],
} as const;

export const CHART_ORDER_COLUMNS = [
  'slice_name',
  'viz_type',
  'datasource_name_text',
  'changed_on',
  'changed_on_delta_humanized',
  'changed_by.first_name',
  'last_saved_at',
  'last_saved_by.first_name',
  'id',
] as const;

/** The chart list page size the web client asks for (spec section 9). */
export const CHART_LIST_PAGE_SIZE = 200;

/** A custom tag as chart, dashboard, saved query and dataset replies carry it (`type` 1 = custom). */
export interface TagRef {
  id: number;
  name: string;
  type: number;
}
