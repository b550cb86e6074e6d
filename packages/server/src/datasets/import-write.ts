/**
 * The write side of an import: YAML configs as dataset, column and metric rows, and an existing
 * dataset replaced by its bundle version.
 */
import type { Transaction } from 'kysely';
import type { MetadataSchema } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import { datasetPermView } from '../access/datasets.js';
import { jsonText, type ColumnConfig, type DatasetConfig, type MetricConfig } from '../transfer/bundle.js';
import { insertColumns, insertMetrics, type NewColumn, type NewMetric } from './rows.js';
import {
  columnNamesOf,
  deleteColumns,
  deleteMetrics,
  metricNamesOf,
  renameDatasetPermission,
  setColumnFields,
  setDatasetFieldsReturning,
  setMetricFields,
} from '../metadata/repos/datasets.js';
import { CurrencyError, currencyText } from './rules.js';
import type { DatasetRow } from './present.js';
import { emptyToNull, type DatabaseRef } from './service.js';

type Trx = Transaction<MetadataSchema>;

export const columnOf = (c: ColumnConfig, generic: { type_generic: number | null; is_dttm: boolean }): NewColumn => ({
  column_name: c.column_name,
  type: c.type ?? null,
  type_generic: generic.type_generic,
  is_dttm: c.is_dttm ?? generic.is_dttm,
  verbose_name: c.verbose_name,
  is_active: c.is_active ?? true,
  groupby: c.groupby ?? true,
  filterable: c.filterable ?? true,
  expression: c.expression,
  description: c.description,
  python_date_format: c.python_date_format,
  advanced_data_type: c.advanced_data_type,
  extra: jsonText(c.extra),
  uuid: c.uuid ?? undefined,
});

export function metricOf(m: MetricConfig): NewMetric {
  let currency: string | null = null;
  try {
    currency = currencyText(jsonText(m.currency));
  } catch (e) {
    if (!(e instanceof CurrencyError)) throw e;
  }
  return {
    metric_name: m.metric_name,
    expression: m.expression,
    verbose_name: m.verbose_name,
    metric_type: m.metric_type,
    description: m.description,
    d3format: m.d3format,
    currency,
    warning_text: m.warning_text,
    extra: jsonText(m.extra),
    uuid: m.uuid ?? undefined,
  };
}

/** The dataset's own fields from its YAML. */
export const datasetFields = (c: DatasetConfig, databaseId: number) => ({
  table_name: c.table_name,
  database_id: databaseId,
  catalog: emptyToNull(c.catalog),
  schema: emptyToNull(c.schema),
  sql: emptyToNull(c.sql),
  // left out of the YAML: a new dataset takes its first temporal column, an existing one keeps its own
  main_dttm_col: c.main_dttm_col,
  description: c.description ?? null,
  default_endpoint: c.default_endpoint ?? null,
  offset: c.offset ?? 0,
  cache_timeout: c.cache_timeout ?? null,
  template_params: jsonText(c.template_params),
  filter_select_enabled: flag(c.filter_select_enabled ?? true),
  fetch_values_predicate: c.fetch_values_predicate ?? null,
  extra: jsonText(c.extra),
  normalize_columns: flag(c.normalize_columns ?? false),
  always_filter_main_dttm: flag(c.always_filter_main_dttm ?? false),
});

/** Replace a dataset's fields, columns and metrics (matched by name, so their ids stay). */
export async function overwriteDataset(
  trx: Trx,
  userId: number,
  existing: DatasetRow,
  config: DatasetConfig,
  database: DatabaseRef,
  columns: NewColumn[] | null,
  metrics: NewMetric[],
): Promise<DatasetRow> {
  const now = nowIso();
  const row = await setDatasetFieldsReturning(trx, existing.id, {
    ...datasetFields(config, database.id),
    changed_on: now,
    changed_by_fk: userId,
  });
  if (columns) await syncColumns(trx, row.id, columns, now);
  if (metrics.length) await syncMetrics(trx, row.id, metrics, now);
  if (row.table_name !== existing.table_name || row.database_id !== existing.database_id)
    await renameDatasetPermission(trx, row.id, datasetPermView(database.database_name, row.table_name, row.id));
  return row;
}

async function syncColumns(trx: Trx, tableId: number, columns: NewColumn[], now: string): Promise<void> {
  const storedColumns = await columnNamesOf(trx, tableId);
  const columnIds = new Map(storedColumns.map((c) => [c.column_name, c.id]));
  const names = new Set(columns.map((c) => c.column_name));
  const goneColumns = storedColumns.filter((c) => !names.has(c.column_name)).map((c) => c.id);
  await deleteColumns(trx, goneColumns);
  for (const c of columns) {
    const id = columnIds.get(c.column_name);
    if (id === undefined) continue;
    const { uuid, ...fields } = c;
    await setColumnFields(trx, id, {
      ...fields,
      is_dttm: flag(c.is_dttm),
      is_active: flag(c.is_active ?? true),
      groupby: flag(c.groupby ?? true),
      filterable: flag(c.filterable ?? true),
      ...(uuid ? { uuid } : {}),
      changed_on: now,
    });
  }
  await insertColumns(
    trx,
    tableId,
    columns.filter((c) => !columnIds.has(c.column_name)),
  );
}

async function syncMetrics(trx: Trx, tableId: number, metrics: NewMetric[], now: string): Promise<void> {
  const storedMetrics = await metricNamesOf(trx, tableId);
  const metricIds = new Map(storedMetrics.map((m) => [m.metric_name, m.id]));
  const metricNames = new Set(metrics.map((m) => m.metric_name));
  const goneMetrics = storedMetrics.filter((m) => !metricNames.has(m.metric_name)).map((m) => m.id);
  await deleteMetrics(trx, goneMetrics);
  for (const m of metrics) {
    const id = metricIds.get(m.metric_name);
    if (id === undefined) continue;
    const { uuid, ...fields } = m;
    await setMetricFields(trx, id, { ...fields, ...(uuid ? { uuid } : {}), changed_on: now });
  }
  await insertMetrics(
    trx,
    tableId,
    metrics.filter((m) => !metricIds.has(m.metric_name)),
  );
}
