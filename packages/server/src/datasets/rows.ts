/**
 * Writing a dataset's rows: the dataset, its columns, metrics and owners, and its
 * datasource_access permission. Create, duplicate and import all go through here, so a new
 * dataset always gets the same defaults (the `count` metric, uuids, the permission).
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DatasetTable, MetadataSchema, SqlMetricTable, TableColumnTable } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import { ensurePermissionView } from '../metadata/repos/roles.js';
import { datasetPermView } from '../access/datasets.js';
import { COUNT_METRIC } from './rules.js';
import type { DatasetRow } from './present.js';
import { addOwners } from '../metadata/repos/owners.js';
import { insertColumnRows, insertDatasetRow, insertMetricRows } from '../metadata/repos/datasets.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** A column to store; what is left out takes the defaults of a freshly discovered column. */
export interface NewColumn {
  column_name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  verbose_name?: string | null;
  is_active?: boolean;
  groupby?: boolean;
  filterable?: boolean;
  expression?: string | null;
  description?: string | null;
  python_date_format?: string | null;
  advanced_data_type?: string | null;
  extra?: string | null;
  uuid?: string | null;
}

export interface NewMetric {
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
  metric_type?: string | null;
  description?: string | null;
  d3format?: string | null;
  /** JSON text */
  currency?: string | null;
  warning_text?: string | null;
  extra?: string | null;
  uuid?: string | null;
}

/** A stored metric's own fields, without its id, uuid or dates: what a copy or a version of its dataset keeps. */
export function metricFields(m: Selectable<SqlMetricTable>): Required<Omit<NewMetric, 'uuid'>> {
  return {
    metric_name: m.metric_name,
    expression: m.expression,
    verbose_name: m.verbose_name,
    metric_type: m.metric_type,
    description: m.description,
    d3format: m.d3format,
    currency: m.currency,
    warning_text: m.warning_text,
    extra: m.extra,
  };
}

export function columnValues(tableId: number, c: NewColumn, now: string): Insertable<TableColumnTable> {
  return {
    table_id: tableId,
    column_name: c.column_name,
    verbose_name: c.verbose_name ?? null,
    type: c.type,
    type_generic: c.type_generic,
    is_dttm: flag(c.is_dttm),
    is_active: flag(c.is_active ?? true),
    groupby: flag(c.groupby ?? true),
    filterable: flag(c.filterable ?? true),
    expression: c.expression ?? null,
    description: c.description ?? null,
    python_date_format: c.python_date_format ?? null,
    advanced_data_type: c.advanced_data_type ?? null,
    extra: c.extra ?? null,
    uuid: c.uuid ?? randomUUID(),
    created_on: now,
    changed_on: now,
  };
}

export function metricValues(tableId: number, m: NewMetric, now: string): Insertable<SqlMetricTable> {
  return {
    table_id: tableId,
    metric_name: m.metric_name,
    expression: m.expression,
    verbose_name: m.verbose_name ?? null,
    metric_type: m.metric_type ?? null,
    description: m.description ?? null,
    d3format: m.d3format ?? null,
    currency: m.currency ?? null,
    warning_text: m.warning_text ?? null,
    extra: m.extra ?? null,
    uuid: m.uuid ?? randomUUID(),
    created_on: now,
    changed_on: now,
  };
}

export async function insertColumns(db: Db, tableId: number, columns: readonly NewColumn[]): Promise<void> {
  const now = nowIso();
  await insertColumnRows(
    db,
    columns.map((c) => columnValues(tableId, c, now)),
  );
}

export async function insertMetrics(db: Db, tableId: number, metrics: readonly NewMetric[]): Promise<void> {
  const now = nowIso();
  await insertMetricRows(
    db,
    metrics.map((m) => metricValues(tableId, m, now)),
  );
}

/** The metrics a new dataset starts with: the given ones, plus `count` when there is none of that name. */
export const withCountMetric = (metrics: readonly NewMetric[]): NewMetric[] =>
  metrics.some((m) => m.metric_name === COUNT_METRIC.metric_name) ? [...metrics] : [...metrics, { ...COUNT_METRIC }];

type DatasetInsert = Insertable<DatasetTable>;

/** The dataset fields a caller chooses (name and database at least); the rest take their defaults. */
export type NewDatasetFields = Pick<DatasetInsert, 'table_name' | 'database_id'> &
  Partial<Omit<DatasetInsert, 'id' | 'created_on' | 'changed_on' | 'created_by_fk' | 'changed_by_fk'>>;

const DATASET_DEFAULTS = {
  catalog: null,
  schema: null,
  sql: null,
  is_sqllab_view: 0,
  template_params: null,
  description: null,
  default_endpoint: null,
  offset: 0,
  cache_timeout: null,
  filter_select_enabled: 1,
  fetch_values_predicate: null,
  normalize_columns: 0,
  always_filter_main_dttm: 0,
  is_managed_externally: 0,
  external_url: null,
  extra: null,
} satisfies Partial<DatasetInsert>;

/** Insert a dataset with its columns, metrics (`count` added when missing) and owners, inside `trx`. */
export async function insertDataset(
  trx: Db,
  userId: number,
  fields: NewDatasetFields,
  columns: readonly NewColumn[],
  metrics: readonly NewMetric[],
  ownerIds: readonly number[],
): Promise<DatasetRow> {
  const now = nowIso();
  const row = await insertDatasetRow(trx, {
    ...DATASET_DEFAULTS,
    ...fields,
    uuid: fields.uuid ?? randomUUID(),
    main_dttm_col: fields.main_dttm_col !== undefined ? fields.main_dttm_col : (columns.find((c) => c.is_dttm)?.column_name ?? null),
    created_on: now,
    changed_on: now,
    created_by_fk: userId,
    changed_by_fk: userId,
  });
  await insertColumns(trx, row.id, columns);
  await insertMetrics(trx, row.id, withCountMetric(metrics));
  await addOwners(trx, 'dataset', row.id, [...new Set(ownerIds)]);
  return row;
}

/** The datasource_access permission of a new dataset, so roles can be granted it. */
export async function ensureDatasetPermission(db: Kysely<MetadataSchema>, databaseName: string, row: DatasetRow): Promise<void> {
  await ensurePermissionView(db, ['datasource_access', datasetPermView(databaseName, row.table_name, row.id)]);
}

/**
 * Rename the dataset's datasource_access permission after its name or database changed; the
 * grants on it stay. Matched on the id, since the database may have been renamed since.
 */
export { renameDatasetPermission } from '../metadata/repos/datasets.js';
