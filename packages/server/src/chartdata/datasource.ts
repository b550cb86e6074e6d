/**
 * The dataset a chart query reads, as the compiler needs it: the stored row, its database and
 * engine, its columns and metrics. Missing and forbidden datasets answer the same 404.
 */
import { parseDatasourceKey } from '@rama/shared';
import type { AppContext } from '../context.js';
import { getEngineSpec } from '../engines/registry.js';
import type { EngineSpec } from '../engines/types.js';
import { parseUri } from '../engines/uri.js';
import { databaseVersion } from '../execution/connections.js';
import { HttpError, notFound } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { rlsClauses } from '../rls/apply.js';
import { visibleForChartData, type ChartDataVia } from './data-access.js';
import type { DatasetRow } from '../datasets/present.js';
import type { CompileDataset, DatasetColumn } from './compile.js';
import { chartDataColumnsOf, chartDataMetricsOf } from '../metadata/repos/datasets.js';

export interface LoadedDatasource {
  row: DatasetRow;
  /** `version`: as the access check read the row (the executor opens the database by it) */
  database: { id: number; database_name: string; allowDml: boolean; cacheTimeout: number | null; version: string };
  spec: EngineSpec;
  compile: CompileDataset;
  /** every column, in the stored order (samples and `columns` result type) */
  columnList: DatasetColumn[];
}

/** `{id: 7, type: 'table'}` or `'7__table'` → 7; anything else → 404 as the peer answers. */
export function datasourceId(ref: unknown): number {
  let id: unknown;
  let type: unknown = 'table';
  if (typeof ref === 'string') {
    const key = parseDatasourceKey(ref);
    if (!key) throw notFound('The datasource does not exist');
    ({ id, type } = key);
  } else if (ref && typeof ref === 'object') {
    const r = ref as { id?: unknown; type?: unknown };
    id = typeof r.id === 'string' && /^\d{1,10}$/.test(r.id) ? Number(r.id) : r.id;
    type = r.type ?? 'table';
  }
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound('The datasource does not exist');
  if (type !== 'table' && type !== 'dataset' && type !== 'sl_table') throw notFound('The datasource does not exist');
  return id;
}

export async function loadDatasource(ctx: AppContext, user: Principal, id: number, via: ChartDataVia = {}): Promise<LoadedDatasource> {
  let visible;
  try {
    visible = await visibleForChartData(ctx, user, id, via);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) throw notFound('The datasource does not exist');
    throw e;
  }
  // the database as the access check read it (this request's read of the store)
  const { row, database } = visible;
  const db = ctx.store.db;
  const [columns, metrics] = await Promise.all([chartDataColumnsOf(db, row.id), chartDataMetricsOf(db, row.id)]);
  const spec = getEngineSpec(parseUri(database.sqlalchemy_uri).backend);
  const rls = await rlsClauses(ctx, user, row, spec);
  const columnList: DatasetColumn[] = columns.map((c) => ({
    column_name: c.column_name,
    expression: c.expression,
    type: c.type,
    type_generic: c.type_generic,
    is_dttm: Boolean(c.is_dttm),
    python_date_format: c.python_date_format,
  }));
  return {
    row,
    database: {
      id: database.id,
      database_name: database.database_name,
      allowDml: Boolean(database.allow_dml),
      cacheTimeout: database.cache_timeout,
      version: databaseVersion(database),
    },
    spec,
    columnList,
    compile: {
      id: row.id,
      tableName: row.table_name,
      schema: row.schema,
      sql: row.sql && row.sql.trim() ? row.sql : null,
      columns: new Map(columnList.map((c) => [c.column_name, c])),
      metrics: new Map(metrics.map((m) => [m.metric_name, m])),
      mainDttmCol: row.main_dttm_col,
      alwaysFilterMainDttm: Boolean(row.always_filter_main_dttm),
      rls,
    },
  };
}
