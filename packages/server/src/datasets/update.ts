import type { DatasetColumnPut, DatasetMetricPut, DatasetUpdate } from '@rama/shared';
import type { Transaction, Updateable } from 'kysely';
import type { AppContext } from '../context.js';
import type { DatasetTable, MetadataSchema, SqlMetricTable, TableColumnTable } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import type { EngineSpec } from '../engines/types.js';
import { HttpError, invalidFields } from '../http/errors.js';
import { datasetPermView, mayUseSchema } from '../access/datasets.js';
import { tableNotFoundMessage, type DiscoveredColumn } from './columns.js';
import { applyRefresh, sourceColumns } from './refresh.js';
import { ensureDatasetPermission, insertColumns, insertMetrics, type NewColumn, type NewMetric } from './rows.js';
import { CurrencyError, currencyText, duplicateNames, mainDttmProblem } from './rules.js';
import type { ColumnRow, DatasetRow, MetricRow } from './present.js';
import { alreadyExists, emptyToNull, specOf, type DatabaseRef, type DatasetKey, type DatasetService } from './service.js';
import { setOwners } from '../metadata/repos/owners.js';
import {
  columnsOf,
  deleteColumns,
  deleteMetrics,
  mainDttmColOf,
  metricsOf,
  renameDatasetPermission,
  setColumnFields,
  setDatasetFields,
  setMetricFields,
  temporalFlagsOf,
} from '../metadata/repos/datasets.js';

type Trx = Transaction<MetadataSchema>;
type Errors = Record<string, string[]>;

const add = (errors: Errors, field: string, message: string) => void (errors[field] ??= []).push(message);

/** 422 `sql` for SQL sent to a physical dataset (SQL Lab's overwrite, or any edit). */
export const PHYSICAL_SQL_MESSAGE =
  'A physical dataset cannot be overwritten with SQL: it reads a table. Save the query as a new dataset instead.';

/** `extra` is JSON text, as the BI server validates it. */
function checkExtra(extra: string | null | undefined): void {
  if (extra === undefined || extra === null || extra.trim() === '') return;
  try {
    JSON.parse(extra);
  } catch {
    throw invalidFields({ extra: ['Field cannot be decoded by JSON: extra is not valid JSON'] });
  }
}

/** Currencies in their stored form (400 naming the metric for one that is not a currency). */
function metricCurrencies(metrics: readonly DatasetMetricPut[]): (string | null | undefined)[] {
  return metrics.map((m, i) => {
    try {
      return m.currency === undefined ? undefined : currencyText(m.currency);
    } catch (e) {
      if (e instanceof CurrencyError) throw invalidFields({ [`metrics.${i}.currency`]: [e.message] });
      throw e;
    }
  });
}

/**
 * The list rules of the BI server: names unique in the body, every `id` one of this dataset's,
 * and (unless the columns are re-read from the source) a new item may not take a stored name.
 */
function checkList(
  errors: Errors,
  field: 'columns' | 'metrics',
  items: readonly { id?: number; name: string }[],
  stored: readonly { id: number; name: string }[],
  allowStoredNames: boolean,
): void {
  if (duplicateNames(items.map((i) => i.name)).length) {
    add(errors, field, `One or more ${field} are duplicated`);
    return;
  }
  const storedIds = new Set(stored.map((s) => s.id));
  if (items.some((i) => i.id !== undefined && !storedIds.has(i.id))) add(errors, field, `One or more ${field} do not exist`);
  const storedNames = new Set(stored.map((s) => s.name));
  if (!allowStoredNames && items.some((i) => i.id === undefined && storedNames.has(i.name)))
    add(errors, field, `One or more ${field} already exist`);
}

/** The generic type of a native type name, when the engine can tell. */
function genericOf(spec: EngineSpec | null, type: string | null): { type_generic: number | null; is_dttm: boolean } {
  if (!type || !spec) return { type_generic: null, is_dttm: false };
  const g = spec.genericType(type);
  return { type_generic: g.type_generic, is_dttm: g.is_dttm };
}

function columnChanges(item: DatasetColumnPut, old: ColumnRow, spec: EngineSpec | null): Updateable<TableColumnTable> {
  const set: Updateable<TableColumnTable> = { column_name: item.column_name };
  for (const k of ['verbose_name', 'description', 'expression', 'python_date_format', 'advanced_data_type', 'extra'] as const) {
    if (item[k] !== undefined) set[k] = item[k];
  }
  // the stored generic type came from the source; only a changed type name is classified again
  if (item.type !== undefined && item.type !== old.type) {
    set.type = item.type;
    set.type_generic = genericOf(spec, item.type).type_generic;
  }
  for (const k of ['groupby', 'filterable', 'is_active', 'is_dttm'] as const) {
    const v = item[k];
    if (v !== undefined && v !== null) set[k] = flag(v);
  }
  if (item.uuid) set.uuid = item.uuid;
  return set;
}

function newColumn(item: DatasetColumnPut, spec: EngineSpec | null): NewColumn {
  const generic = genericOf(spec, item.type ?? null);
  return {
    column_name: item.column_name,
    type: item.type ?? null,
    type_generic: generic.type_generic,
    is_dttm: item.is_dttm ?? generic.is_dttm,
    verbose_name: item.verbose_name,
    is_active: item.is_active ?? true,
    groupby: item.groupby,
    filterable: item.filterable,
    expression: item.expression,
    description: item.description,
    python_date_format: item.python_date_format,
    advanced_data_type: item.advanced_data_type,
    extra: item.extra,
    uuid: item.uuid,
  };
}

function metricChanges(item: DatasetMetricPut, currency: string | null | undefined): Updateable<SqlMetricTable> {
  const set: Updateable<SqlMetricTable> = { metric_name: item.metric_name, expression: item.expression };
  for (const k of ['verbose_name', 'metric_type', 'description', 'd3format', 'warning_text', 'extra'] as const) {
    if (item[k] !== undefined) set[k] = item[k];
  }
  if (currency !== undefined) set.currency = currency;
  if (item.uuid) set.uuid = item.uuid;
  return set;
}

const newMetric = (item: DatasetMetricPut, currency: string | null | undefined): NewMetric => ({
  metric_name: item.metric_name,
  expression: item.expression,
  verbose_name: item.verbose_name,
  metric_type: item.metric_type,
  description: item.description,
  d3format: item.d3format,
  currency: currency ?? null,
  warning_text: item.warning_text,
  extra: item.extra,
  uuid: item.uuid,
});

/** The dataset's own fields from the body, only those sent. */
function datasetChanges(body: DatasetUpdate, target: { key: DatasetKey; sql: string | null }, user: Principal): Updateable<DatasetTable> {
  const set: Updateable<DatasetTable> = {
    database_id: target.key.databaseId,
    catalog: target.key.catalog,
    schema: target.key.schema,
    table_name: target.key.tableName,
    sql: target.sql,
    changed_on: nowIso(),
    changed_by_fk: user.id,
  };
  for (const k of ['description', 'fetch_values_predicate', 'default_endpoint', 'template_params', 'extra', 'external_url'] as const) {
    if (body[k] !== undefined) set[k] = body[k];
  }
  if (body.cache_timeout !== undefined) set.cache_timeout = body.cache_timeout;
  if (body.offset !== undefined) set.offset = body.offset;
  if (body.main_dttm_col !== undefined) set.main_dttm_col = emptyToNull(body.main_dttm_col);
  for (const k of [
    'filter_select_enabled',
    'normalize_columns',
    'always_filter_main_dttm',
    'is_sqllab_view',
    'is_managed_externally',
  ] as const) {
    if (body[k] !== undefined) set[k] = flag(body[k]);
  }
  return set;
}

async function writeColumns(
  trx: Trx,
  row: DatasetRow,
  items: readonly DatasetColumnPut[],
  stored: readonly ColumnRow[],
  spec: EngineSpec | null,
) {
  const keep = new Set(items.flatMap((i) => (i.id !== undefined ? [i.id] : [])));
  const gone = stored.filter((c) => !keep.has(c.id)).map((c) => c.id);
  // deleted first: a new column may take the name of one that goes
  await deleteColumns(trx, gone);
  const byId = new Map(stored.map((c) => [c.id, c]));
  const now = nowIso();
  for (const item of items) {
    const old = item.id !== undefined ? byId.get(item.id) : undefined;
    if (old) await setColumnFields(trx, old.id, { ...columnChanges(item, old, spec), changed_on: now });
  }
  await insertColumns(
    trx,
    row.id,
    items.filter((i) => i.id === undefined).map((i) => newColumn(i, spec)),
  );
}

async function writeMetrics(
  trx: Trx,
  row: DatasetRow,
  items: readonly DatasetMetricPut[],
  stored: readonly MetricRow[],
  currencies: (string | null | undefined)[],
) {
  const keep = new Set(items.flatMap((i) => (i.id !== undefined ? [i.id] : [])));
  const gone = stored.filter((m) => !keep.has(m.id)).map((m) => m.id);
  await deleteMetrics(trx, gone);
  const now = nowIso();
  const fresh: NewMetric[] = [];
  for (const [i, item] of items.entries()) {
    if (item.id === undefined) fresh.push(newMetric(item, currencies[i]));
    else await setMetricFields(trx, item.id, { ...metricChanges(item, currencies[i]), changed_on: now });
  }
  await insertMetrics(trx, row.id, fresh);
}

/**
 * The default datetime column must name a temporal column of the dataset. Sent explicitly, a
 * wrong one is refused; one that the column edits invalidated is cleared, so no chart keeps a time
 * filter on a column that is no longer temporal.
 */
async function settleMainDttm(trx: Trx, row: DatasetRow, sentExplicitly: boolean): Promise<void> {
  const main_dttm_col = await mainDttmColOf(trx, row.id);
  const columns = await temporalFlagsOf(trx, row.id);
  const problem = mainDttmProblem(
    main_dttm_col,
    columns.map((c) => ({ column_name: c.column_name, is_dttm: Boolean(c.is_dttm) })),
  );
  if (!problem) return;
  if (sentExplicitly) throw new HttpError(422, { message: { main_dttm_col: [problem] } });
  await setDatasetFields(trx, row.id, { main_dttm_col: null });
}

/**
 * PUT /api/v1/dataset/{id}: owners and admins change the dataset, its owners, columns and metrics
 * (full lists). With `override_columns` the columns are then read again from the source (after a
 * SQL change, say), keeping what the user set on them. All or nothing.
 */
export async function updateDataset(
  ctx: AppContext,
  service: DatasetService,
  user: Principal,
  id: number,
  body: DatasetUpdate,
  overrideColumns: boolean,
  signal?: AbortSignal,
): Promise<{ id: number; result: DatasetUpdate }> {
  const db = ctx.store.db;
  const { row, database } = await service.editable(user, id);
  checkExtra(body.extra);
  const currencies = body.metrics ? metricCurrencies(body.metrics) : [];
  if (body.table_name !== undefined && !body.table_name.trim()) throw invalidFields({ table_name: ['Field cannot be empty.'] });

  const errors: Errors = {};
  let targetDb: DatabaseRef = database;
  if (body.database_id !== undefined && body.database_id !== row.database_id) {
    try {
      targetDb = await service.usableDatabase(user, body.database_id);
    } catch {
      add(errors, 'database', 'Database does not exist');
    }
  }
  const key: DatasetKey = {
    databaseId: targetDb.id,
    catalog: body.catalog !== undefined ? emptyToNull(body.catalog) : row.catalog,
    schema: body.schema !== undefined ? emptyToNull(body.schema) : row.schema,
    tableName: body.table_name !== undefined ? body.table_name.trim() : row.table_name,
  };
  const sql = body.sql !== undefined ? emptyToNull(body.sql) : row.sql;
  // a table's dataset keeps naming its table: SQL over it is a new (virtual) dataset
  if (body.sql !== undefined && sql !== null && !row.sql?.trim()) add(errors, 'sql', PHYSICAL_SQL_MESSAGE);
  const keyChanged =
    key.databaseId !== row.database_id || key.catalog !== row.catalog || key.schema !== row.schema || key.tableName !== row.table_name;
  if (keyChanged) {
    const other = await service.findByKey(key);
    if (other && other.id !== row.id) add(errors, 'table_name', alreadyExists(key));
  }
  if ((keyChanged || sql !== row.sql) && !mayUseSchema(user, targetDb, key.schema)) {
    if (sql === null) add(errors, 'table_name', tableNotFoundMessage([key.catalog, key.schema, key.tableName].filter(Boolean).join('.')));
    else add(errors, 'schema', 'Schema does not exist');
  }
  const ownerIds = body.owners ? [...new Set(body.owners)] : null;
  if (ownerIds) {
    const problem = await service.checkOwners(ownerIds);
    if (problem) errors.owners = problem;
  }
  const [storedColumns, storedMetrics] = await Promise.all([columnsOf(db, row.id), metricsOf(db, row.id)]);
  if (body.columns)
    checkList(
      errors,
      'columns',
      body.columns.map((c) => ({ id: c.id, name: c.column_name })),
      storedColumns.map((c) => ({ id: c.id, name: c.column_name })),
      overrideColumns,
    );
  if (body.metrics)
    checkList(
      errors,
      'metrics',
      body.metrics.map((m) => ({ id: m.id, name: m.metric_name })),
      storedMetrics.map((m) => ({ id: m.id, name: m.metric_name })),
      false,
    );
  if (Object.keys(errors).length) throw new HttpError(422, { message: errors });

  const target: DatasetRow = {
    ...row,
    database_id: key.databaseId,
    catalog: key.catalog,
    schema: key.schema,
    table_name: key.tableName,
    sql,
  };
  if (body.template_params !== undefined) target.template_params = body.template_params;
  // the source is read before anything is written: a failure leaves the dataset as it was
  const discovered: DiscoveredColumn[] | null = overrideColumns ? await sourceColumns(ctx, user, target, signal) : null;
  const { spec } = specOf(targetDb);

  await ctx.versions.baseline('dataset', row.id);
  await db.transaction().execute(async (trx) => {
    await setDatasetFields(trx, row.id, datasetChanges(body, { key, sql }, user));
    if (ownerIds) await setOwners(trx, 'dataset', row.id, ownerIds);
    if (body.columns) await writeColumns(trx, row, body.columns, storedColumns, spec);
    if (body.metrics) await writeMetrics(trx, row, body.metrics, storedMetrics, currencies);
    if (discovered) await applyRefresh(trx, target, discovered);
    await settleMainDttm(trx, row, body.main_dttm_col !== undefined && emptyToNull(body.main_dttm_col) !== null);
    if (keyChanged) await renameDatasetPermission(trx, row.id, datasetPermView(targetDb.database_name, key.tableName, row.id));
  });
  if (keyChanged) await ensureDatasetPermission(db, targetDb.database_name, { ...target });
  await ctx.versions.record('dataset', row.id, user);
  return { id: row.id, result: body };
}
