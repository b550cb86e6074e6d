import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { executionHttpError, isMissingTable } from '../execution/errors.js';
import { HttpError } from '../http/errors.js';
import { inferQueryColumns } from '../sqllab/columns.js';

/** A column as a dataset stores it, whichever way it was discovered. */
export interface DiscoveredColumn {
  column_name: string;
  type: string;
  type_generic: number;
  is_dttm: boolean;
}

export const tableNotFoundMessage = (table: string) =>
  `Table [${table}] could not be found, please double check your database connection, schema, and table name`;

const qualified = (catalog: string | null, schema: string | null, table: string) => [catalog, schema, table].filter(Boolean).join('.');

/** 422 `{message: {table_name: [...]}}`: the table is missing, or the user may not see its schema. */
export const tableNotFound = (catalog: string | null, schema: string | null, table: string) =>
  new HttpError(422, { message: { table_name: [tableNotFoundMessage(qualified(catalog, schema, table))] } });

/**
 * Columns of a physical table from the engine's table metadata, asked through the executor (a
 * query slot, SQLLAB_TIMEOUT, the caller's signal). A missing table is the dataset's own 422 on
 * `table_name`; any other failure is answered as every run's is.
 */
export async function physicalColumns(
  ctx: AppContext,
  source: { databaseId: number; table: string; schema: string | null; catalog: string | null; signal?: AbortSignal },
): Promise<DiscoveredColumn[]> {
  const { databaseId, table, schema, catalog, signal } = source;
  try {
    const meta = await ctx.execution.metadata({ databaseId, timeoutMs: ctx.config.sqllabTimeout * 1000, signal }, (db) =>
      db.spec.getTableMetadata(db.pool, table, schema, catalog),
    );
    return meta.columns.map((c) => ({ column_name: c.name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm }));
  } catch (e) {
    if (isMissingTable(e)) throw tableNotFound(catalog, schema, table);
    throw executionHttpError(e);
  }
}

/** Columns of a virtual dataset: its SQL rendered, checked and run by the SQL Lab pipeline. */
export async function virtualColumns(
  ctx: AppContext,
  user: Principal,
  opts: {
    databaseId: number;
    catalog: string | null;
    schema: string | null;
    sql: string;
    templateParams: string | null;
    signal?: AbortSignal;
  },
): Promise<DiscoveredColumn[]> {
  const columns = await inferQueryColumns(ctx, user, opts);
  return columns.map((c) => ({ column_name: c.column_name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm }));
}

/** Drop repeated names (the first wins): a dataset addresses its columns by name. */
export function uniqueColumns(columns: DiscoveredColumn[]): DiscoveredColumn[] {
  const seen = new Set<string>();
  return columns.filter((c) => !seen.has(c.column_name) && Boolean(seen.add(c.column_name)));
}

/** Where a dataset's columns come from: its SQL when it is virtual, else its table. */
export interface ColumnSource {
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  tableName: string;
  /** null or blank: physical */
  sql: string | null;
  templateParams: string | null;
  signal?: AbortSignal;
}

/** The columns the source has now, names made unique. */
export async function discoverColumns(ctx: AppContext, user: Principal, source: ColumnSource): Promise<DiscoveredColumn[]> {
  const sql = source.sql !== null && source.sql.trim() !== '' ? source.sql : null;
  return uniqueColumns(
    sql !== null ? await virtualColumns(ctx, user, { ...source, sql }) : await physicalColumns(ctx, { ...source, table: source.tableName }),
  );
}
