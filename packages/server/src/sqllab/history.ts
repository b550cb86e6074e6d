/**
 * Query history: list with rison filters, one query, and changes since a time (polling). The
 * tables a query reads are stored with it (`query.sql_tables`); a listing never parses SQL.
 */
import type { Kysely } from 'kysely';
import type { QueryRecord } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import {
  fillQueryTables,
  listQueryRows,
  queriesChangedSince,
  queryWithDatabaseName,
  type QueryListFilter,
} from '../metadata/repos/queries.js';
import type { Principal } from '../security/principal.js';
import { invalidFields, notFound } from '../http/errors.js';
import { unsupportedFilter } from '../http/list-filters.js';
import type { ListParams } from '../http/rison.js';
import { SqlAnalysisError, sqlTablesAsync } from '../sql/offload.js';
import type { SqlTableRef } from '../sql/tables.js';
import { presentQueries, type QueryRow } from './present.js';
import { engineSpecForUri } from '../engines/registry.js';
import { parseUri } from '../engines/uri.js';

/** node-sql-parser's dialect for a stored URI (its engine spec's), or null (the parser's default) when unknown. */
function dialectOf(uri: string): string | null {
  try {
    return engineSpecForUri(parseUri(uri)).syntax.parser;
  } catch {
    return null;
  }
}

type Db = Kysely<MetadataSchema>;

export const QUERY_ORDER_COLUMNS = [
  'changed_on',
  'start_time',
  'end_time',
  'rows',
  'status',
  'tab_name',
  'database.database_name',
  'user.first_name',
  'sql',
  'executed_sql',
  'schema',
] as const;
const ORDER_MAP: Record<string, string> = { 'database.database_name': 'dbs.database_name', 'user.first_name': 'ab_user.first_name' };

const seesAll = (u: Principal) => u.isAdmin || u.can('all_query_access', 'all_query_access');

function num(v: unknown, field: string): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw invalidFields({ filters: [`${field} needs a number`] });
  return n;
}

export async function listQueries(db: Db, user: Principal, p: ListParams) {
  const filters: QueryListFilter[] = [];
  for (const f of p.filters) {
    if (f.col === 'database' && (f.opr === 'rel_o_m' || f.opr === 'eq'))
      filters.push({ col: 'database_id', value: num(f.value, 'database') });
    else if (f.col === 'status' && f.opr === 'eq' && typeof f.value === 'string') filters.push({ col: 'status', value: f.value });
    else if (f.col === 'status' && f.opr === 'in' && Array.isArray(f.value)) filters.push({ col: 'status_in', value: f.value.map(String) });
    else if (f.col === 'user' && (f.opr === 'rel_o_m' || f.opr === 'eq')) filters.push({ col: 'user_id', value: num(f.value, 'user') });
    else if (f.col === 'sql' && (f.opr === 'ct' || f.opr === 'all_text') && typeof f.value === 'string')
      filters.push({ col: 'sql', text: f.value });
    else if (f.col === 'start_time' && f.opr === 'gt') filters.push({ col: 'start_time', op: '>', value: num(f.value, 'start_time') });
    else if (f.col === 'start_time' && f.opr === 'lt') filters.push({ col: 'start_time', op: '<', value: num(f.value, 'start_time') });
    else if (f.col === 'changed_on' && (f.opr === 'gt' || f.opr === 'lt') && typeof f.value === 'string')
      filters.push({ col: 'changed_on', op: f.opr === 'gt' ? '>' : '<', value: f.value });
    else if (f.col === 'sql_editor_id' && f.opr === 'eq') filters.push({ col: 'sql_editor_id', value: String(f.value) });
    else throw unsupportedFilter(f.col, f.opr);
  }
  const { count, rows } = await listQueryRows(db, {
    userId: seesAll(user) ? null : user.id,
    filters,
    orderBy: p.orderColumn ? (ORDER_MAP[p.orderColumn] ?? `query.${p.orderColumn}`) : null,
    direction: p.orderDirection,
    page: p.page,
    pageSize: p.pageSize,
  });
  const tables = await tablesOfRows(db, rows);
  const result = rows.map((r) => ({
    id: r.id,
    client_id: r.client_id,
    changed_on: r.changed_on,
    database: { id: r.database_id, database_name: r.database_name },
    catalog: r.catalog,
    schema: r.schema,
    sql: r.sql,
    executed_sql: r.executed_sql,
    sql_tables: tables.get(r.id) ?? [],
    rows: r.rows,
    status: r.status,
    tab_name: r.tab_name,
    sql_editor_id: r.sql_editor_id,
    user:
      r.user_id !== null
        ? { id: r.user_id, first_name: r.first_name ?? '', last_name: r.last_name ?? '', username: r.username ?? '' }
        : null,
    start_time: r.start_time,
    end_time: r.end_time,
    tmp_table_name: r.tmp_table_name,
    error_message: r.error_message,
    results_key: r.results_key,
    tracking_url: null,
  }));
  return { count, ids: result.map((r) => r.id), result };
}

/** The `query.sql_tables` text for a query: JSON of the tables its SQL reads, `[]` when it cannot tell. */
export async function tablesForStorage(sql: string, parserDialect: string): Promise<string> {
  return JSON.stringify(await tablesOrEmpty(sql, parserDialect, false));
}

/** Analysis over its limits gives [] (the list is informative); any other failure is passed on. */
async function tablesOrEmpty(sql: string, parserDialect: string | null, background: boolean): Promise<SqlTableRef[]> {
  try {
    return await sqlTablesAsync(sql, parserDialect, { background });
  } catch (e) {
    if (e instanceof SqlAnalysisError && e.reason === 'limit') return [];
    throw e;
  }
}

/** Stored `sql_tables` in the API shape; `schema.table` strings (an older form) are read too. */
export function storedTables(text: string): SqlTableRef[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  const out: SqlTableRef[] = [];
  for (const e of v) {
    if (typeof e === 'string' && e) {
      const parts = e.split('.');
      const table = parts.pop() as string;
      const schema = parts.pop() ?? null;
      out.push({ catalog: parts.length ? parts.join('.') : null, schema, table });
    } else if (e && typeof e === 'object' && typeof (e as SqlTableRef).table === 'string') {
      const { catalog, schema, table } = e as SqlTableRef;
      out.push({ catalog: typeof catalog === 'string' ? catalog : null, schema: typeof schema === 'string' ? schema : null, table });
    }
  }
  return out;
}

/** Rows written before `sql_tables` existed get it filled in, a few per listing, off the main thread. */
const FILL_PER_LISTING = 25;
/** how long a listing waits for those: small queries are done by then, big ones show up next time */
const FILL_WAIT_MS = 150;
const FILL_MAX_PENDING = 500;
const filling = new WeakMap<Db, Map<number, Promise<SqlTableRef[]>>>();

async function tablesOfRows(
  db: Db,
  rows: { id: number; sql: string; sql_tables: string | null; sqlalchemy_uri: string }[],
): Promise<Map<number, SqlTableRef[]>> {
  const out = new Map<number, SqlTableRef[]>();
  const missing: typeof rows = [];
  for (const r of rows) {
    if (r.sql_tables !== null) out.set(r.id, storedTables(r.sql_tables));
    else missing.push(r);
  }
  if (!missing.length) return out;
  let pending = filling.get(db);
  if (!pending) filling.set(db, (pending = new Map()));
  const waits: Promise<unknown>[] = [];
  for (const r of missing.slice(0, FILL_PER_LISTING)) {
    let p = pending.get(r.id);
    if (!p) {
      if (pending.size >= FILL_MAX_PENDING) break;
      const inFlight = pending;
      p = fillTables(db, r.id, r.sql, dialectOf(r.sqlalchemy_uri)).finally(() => inFlight.delete(r.id));
      pending.set(r.id, p);
    }
    waits.push(
      p.then(
        (t) => void out.set(r.id, t),
        () => undefined,
      ),
    );
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(waits), new Promise((resolve) => (timer = setTimeout(resolve, FILL_WAIT_MS)))]);
  clearTimeout(timer);
  // copy what is known now: fills finishing later must not change a reply being serialised
  return new Map(out);
}

async function fillTables(db: Db, id: number, sql: string, parserDialect: string | null): Promise<SqlTableRef[]> {
  const tables = await tablesOrEmpty(sql, parserDialect, true);
  // only where still empty: a value written meanwhile by the query's own update wins
  await fillQueryTables(db, id, JSON.stringify(tables));
  return tables;
}

export async function getQueryDetail(db: Db, user: Principal, id: number) {
  const r = await queryWithDatabaseName(db, id);
  if (!r || (!seesAll(user) && r.user_id !== user.id)) throw notFound();
  return {
    id: r.id,
    client_id: r.client_id,
    changed_on: r.changed_on,
    database: { id: r.database_id, database_name: r.database_name },
    catalog: r.catalog,
    schema: r.schema,
    sql: r.sql,
    executed_sql: r.executed_sql,
    tab_name: r.tab_name,
    sql_editor_id: r.sql_editor_id,
    status: r.status,
    rows: r.rows,
    limit: r.limit,
    progress: r.progress,
    results_key: r.results_key,
    select_as_cta: Boolean(r.select_as_cta),
    tmp_table_name: r.tmp_table_name,
    tmp_schema_name: r.tmp_schema_name,
    start_time: r.start_time,
    end_time: r.end_time,
    error_message: r.error_message,
    template_params: r.template_params,
    user_id: r.user_id,
    tracking_url: null,
  };
}

/** The user's queries changed after `lastUpdatedMs` (epoch ms), oldest first. */
export async function queriesUpdatedSince(db: Db, user: Principal, lastUpdatedMs: number): Promise<QueryRecord[]> {
  const since = new Date(Math.max(0, lastUpdatedMs)).toISOString();
  const rows: QueryRow[] = await queriesChangedSince(db, user.id, since);
  return presentQueries(db, rows);
}
