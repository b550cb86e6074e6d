import { isTimeGrain, STANDARD_EDITOR_DIALECT, timeGrainLabel } from '@rama/shared';
import type {
  DatasetColumnDetail,
  DatasetCreateResult,
  DatasetDetail,
  DatasetListItem,
  DatasetMetricDetail,
  ExploreDatasource,
  MetricCurrency,
  TagRef,
  UserRef,
} from '@rama/shared';
import type { DatasetTable, Row, SqlMetricTable, TableColumnTable } from '../metadata/schema.js';
import { STANDARD_LEX_RULES, tokenize, trimTrailingSemicolons } from '../engines/lexer.js';
import type { EngineSpec } from '../engines/types.js';
import { humanizeDelta } from '../http/time.js';
import { datasetPermView } from '../access/datasets.js';
import { parseCurrency } from './rules.js';

export type DatasetRow = Row<DatasetTable>;
export type ColumnRow = Row<TableColumnTable>;
export type MetricRow = Row<SqlMetricTable>;
export type { Users } from '../metadata/repos/users.js';
import type { Users } from '../metadata/repos/users.js';

export const SELECT_STAR_LIMIT = 100;
export { MAX_ID } from '../http/rison.js';

const userOf = (users: Users, id: number | null): UserRef | null => (id === null ? null : (users.get(id) ?? null));
const exploreUrl = (row: DatasetRow): string => row.default_endpoint ?? `/explore/?datasource_type=table&datasource_id=${row.id}`;
const isVirtual = (row: DatasetRow): boolean => row.sql !== null && row.sql.trim() !== '';

/** `schema.table_name`, or the table name alone (the BI server's dataset `name`). */
export const datasetName = (row: Pick<DatasetRow, 'schema' | 'table_name'>): string =>
  row.schema ? `${row.schema}.${row.table_name}` : row.table_name;

/**
 * The SQL SQL Lab opens for a dataset: a preview of the table, or of the virtual dataset's query
 * wrapped as a subquery (its own trailing semicolons dropped so the wrapper stays one statement).
 */
export function selectStarFor(row: DatasetRow, spec: EngineSpec | null): string {
  if (isVirtual(row)) {
    const sql = row.sql ?? '';
    const tokens = trimTrailingSemicolons(tokenize(sql, spec?.syntax.lexer ?? STANDARD_LEX_RULES));
    const body = tokens.length ? sql.slice(tokens[0].start, tokens[tokens.length - 1].end) : sql.trim();
    return `SELECT *\nFROM (\n${body}\n) AS virtual_table\nLIMIT ${SELECT_STAR_LIMIT}`;
  }
  if (spec) return spec.selectStar(row.table_name, row.schema, [], SELECT_STAR_LIMIT);
  const from = row.schema ? `${row.schema}.${row.table_name}` : row.table_name;
  return `SELECT *\nFROM ${from}\nLIMIT ${SELECT_STAR_LIMIT}`;
}

/** The SQL fields' dialect for the dataset's database (`database.engine_information`): standard SQL when its engine is unknown. */
const editorInformation = (spec: EngineSpec | null) => ({ editor_dialect: spec?.editor ?? STANDARD_EDITOR_DIALECT });

export function presentCreateResult(row: DatasetRow, ownerIds: number[]): DatasetCreateResult {
  return {
    uuid: row.uuid,
    database: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    table_name: row.table_name,
    owners: ownerIds,
    template_params: row.template_params,
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    normalize_columns: Boolean(row.normalize_columns),
    always_filter_main_dttm: Boolean(row.always_filter_main_dttm),
  };
}

function presentColumn(c: ColumnRow): DatasetColumnDetail {
  return {
    id: c.id,
    column_name: c.column_name,
    verbose_name: c.verbose_name,
    type: c.type,
    type_generic: c.type_generic,
    is_dttm: Boolean(c.is_dttm),
    is_active: Boolean(c.is_active),
    groupby: Boolean(c.groupby),
    filterable: Boolean(c.filterable),
    expression: c.expression,
    description: c.description,
    python_date_format: c.python_date_format,
    advanced_data_type: c.advanced_data_type,
    uuid: c.uuid,
    extra: c.extra,
    created_on: c.created_on,
    changed_on: c.changed_on,
  };
}

function presentMetric(m: MetricRow): DatasetMetricDetail {
  return {
    id: m.id,
    metric_name: m.metric_name,
    verbose_name: m.verbose_name,
    metric_type: m.metric_type,
    expression: m.expression,
    d3format: m.d3format,
    description: m.description,
    currency: m.currency,
    warning_text: m.warning_text,
    extra: m.extra,
    uuid: m.uuid,
    created_on: m.created_on,
    changed_on: m.changed_on,
  };
}

export interface DetailParts {
  row: DatasetRow;
  database: { id: number; database_name: string; backend: string };
  spec: EngineSpec | null;
  columns: ColumnRow[];
  metrics: MetricRow[];
  ownerIds: number[];
  users: Users;
  tags?: TagRef[];
}

export function presentDetail({ row, database, spec, columns, metrics, ownerIds, users, tags = [] }: DetailParts): DatasetDetail {
  return {
    id: row.id,
    uuid: row.uuid,
    table_name: row.table_name,
    name: datasetName(row),
    datasource_name: row.table_name,
    kind: isVirtual(row) ? 'virtual' : 'physical',
    datasource_type: 'table',
    uid: `${row.id}__table`,
    url: exploreUrl(row),
    explore_url: exploreUrl(row),
    database: { ...database, engine_information: editorInformation(spec) },
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    template_params: row.template_params,
    description: row.description,
    main_dttm_col: row.main_dttm_col,
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    is_sqllab_view: Boolean(row.is_sqllab_view),
    offset: row.offset,
    cache_timeout: row.cache_timeout,
    filter_select_enabled: Boolean(row.filter_select_enabled),
    fetch_values_predicate: row.fetch_values_predicate,
    normalize_columns: Boolean(row.normalize_columns),
    always_filter_main_dttm: Boolean(row.always_filter_main_dttm),
    default_endpoint: row.default_endpoint,
    extra: row.extra,
    select_star: selectStarFor(row, spec),
    owners: ownerIds.map((id) => users.get(id)).filter((u): u is UserRef => u !== undefined),
    columns: columns.map(presentColumn),
    metrics: metrics.map(presentMetric),
    created_on: row.created_on,
    created_on_humanized: humanizeDelta(row.created_on),
    changed_on: row.changed_on,
    changed_on_humanized: humanizeDelta(row.changed_on),
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    created_by: userOf(users, row.created_by_fk),
    changed_by: userOf(users, row.changed_by_fk),
    tags,
  };
}

export function presentListItem(
  row: DatasetRow,
  databaseName: string,
  ownerIds: number[],
  users: Users,
  tags: TagRef[] = [],
): DatasetListItem {
  const changedBy = userOf(users, row.changed_by_fk);
  return {
    id: row.id,
    uuid: row.uuid,
    table_name: row.table_name,
    kind: isVirtual(row) ? 'virtual' : 'physical',
    datasource_type: 'table',
    database: { id: row.database_id, database_name: databaseName },
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    description: row.description,
    default_endpoint: row.default_endpoint,
    extra: row.extra,
    explore_url: exploreUrl(row),
    owners: ownerIds.map((id) => users.get(id)).filter((u): u is UserRef => u !== undefined),
    changed_on: row.changed_on,
    changed_on_utc: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    created_by: userOf(users, row.created_by_fk),
    tags,
  };
}

export interface ExploreParts {
  row: DatasetRow;
  database: { id: number; database_name: string; backend: string };
  spec: EngineSpec | null;
  columns: ColumnRow[];
  metrics: MetricRow[];
  owners: { id: number; first_name: string; last_name: string; username: string }[];
}

/** `["col", true]` as the BI server writes an order-by choice (Python's JSON spacing). */
const orderKey = (name: string, asc: boolean): string => `[${JSON.stringify(name)}, ${asc}]`;

/**
 * The datasource as Explore reads it: GET /rama/fetch_datasource_metadata, and the `dataset` of
 * the Explore API. The BI server's `datasource.data` shape.
 */
export function presentExploreDatasource({ row, database, spec, columns, metrics, owners }: ExploreParts): ExploreDatasource {
  const currencies = new Map(metrics.map((m) => [m.id, parseCurrency(m.currency)]));
  const verbose_map: Record<string, string> = { __timestamp: 'Time' };
  for (const m of metrics) verbose_map[m.metric_name] ??= m.verbose_name || m.metric_name;
  for (const c of columns) verbose_map[c.column_name] ??= c.verbose_name || c.column_name;
  const column_formats: Record<string, string> = {};
  const currency_formats: Record<string, MetricCurrency> = {};
  for (const m of metrics) {
    if (m.d3format) column_formats[m.metric_name] = m.d3format;
    const currency = currencies.get(m.id);
    if (currency) currency_formats[m.metric_name] = currency;
  }
  const names = columns.map((c) => c.column_name).sort();
  const temporal = columns.filter((c) => c.is_dttm).map((c) => c.column_name);
  if (row.main_dttm_col && !temporal.includes(row.main_dttm_col)) temporal.push(row.main_dttm_col);
  return {
    id: row.id,
    uid: `${row.id}__table`,
    type: 'table',
    name: datasetName(row),
    datasource_name: row.table_name,
    table_name: row.table_name,
    description: row.description,
    catalog: row.catalog,
    schema: row.schema || null,
    sql: row.sql,
    database: {
      id: database.id,
      name: database.database_name,
      database_name: database.database_name,
      backend: database.backend,
      engine_information: editorInformation(spec),
    },
    columns: columns.map((c) => ({
      id: c.id,
      uuid: c.uuid,
      column_name: c.column_name,
      verbose_name: c.verbose_name,
      description: c.description,
      expression: c.expression,
      type: c.type,
      type_generic: c.type_generic,
      is_dttm: Boolean(c.is_dttm),
      groupby: Boolean(c.groupby),
      filterable: Boolean(c.filterable),
      python_date_format: c.python_date_format,
      advanced_data_type: c.advanced_data_type,
      extra: c.extra,
    })),
    metrics: metrics.map((m) => ({
      id: m.id,
      uuid: m.uuid,
      metric_name: m.metric_name,
      verbose_name: m.verbose_name,
      metric_type: m.metric_type,
      expression: m.expression,
      description: m.description,
      d3format: m.d3format,
      currency: currencies.get(m.id) ?? null,
      warning_text: m.warning_text,
      extra: m.extra,
    })),
    main_dttm_col: row.main_dttm_col,
    granularity_sqla: temporal.map((c) => [c, c]),
    time_grain_sqla: (spec?.timeGrains() ?? []).map((g): [string, string] => [g, isTimeGrain(g) ? timeGrainLabel(g) : g]),
    order_by_choices: names.flatMap((n): [string, string][] => [
      [orderKey(n, true), `${n} [asc]`],
      [orderKey(n, false), `${n} [desc]`],
    ]),
    verbose_map,
    column_formats,
    currency_formats,
    owners,
    cache_timeout: row.cache_timeout,
    offset: row.offset,
    template_params: row.template_params,
    default_endpoint: row.default_endpoint,
    filter_select: Boolean(row.filter_select_enabled),
    filter_select_enabled: Boolean(row.filter_select_enabled),
    fetch_values_predicate: row.fetch_values_predicate,
    normalize_columns: Boolean(row.normalize_columns),
    always_filter_main_dttm: Boolean(row.always_filter_main_dttm),
    edit_url: `/tablemodelview/edit/${row.id}`,
    health_check_message: null,
    is_sqllab_view: Boolean(row.is_sqllab_view),
    extra: row.extra,
    params: null,
    perm: datasetPermView(database.database_name, row.table_name, row.id),
    select_star: selectStarFor(row, spec),
  };
}

/**
 * Keep only the requested keys (`?q=(columns:!(...))`). A dotted key selects inside a nested
 * object, or inside every element of a nested list: `database.id` → `{database: {id}}`,
 * `owners.id` → `{owners: [{id}, …]}`. Unknown keys are ignored, as the BI server prunes them.
 */
export function pickColumns(value: object, columns: readonly string[]): Record<string, unknown> {
  const source = value as Record<string, unknown>;
  const whole = new Set<string>();
  const nested = new Map<string, string[]>();
  for (const col of columns) {
    const dot = col.indexOf('.');
    if (dot < 0) whole.add(col);
    else nested.set(col.slice(0, dot), [...(nested.get(col.slice(0, dot)) ?? []), col.slice(dot + 1)]);
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (whole.has(key)) {
      out[key] = source[key];
      continue;
    }
    const sub = nested.get(key);
    if (!sub) continue;
    const v = source[key];
    if (Array.isArray(v)) out[key] = v.map((item: unknown) => (item !== null && typeof item === 'object' ? pickColumns(item, sub) : item));
    else if (v !== null && typeof v === 'object') out[key] = pickColumns(v, sub);
    else out[key] = v;
  }
  return out;
}
