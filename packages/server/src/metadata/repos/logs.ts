/** The action log (`logs`): events appended in batches, listed and read with their user's username. */
import { sql, type Insertable, type Kysely, type SqlBool } from 'kysely';
import type { LogTable, MetadataSchema } from '../schema.js';

type Db = Kysely<MetadataSchema>;

/** Appends log rows, `perInsert` to a statement (pass a transaction to keep the batch whole). */
export async function insertLogs(db: Db, rows: Insertable<LogTable>[], perInsert: number): Promise<void> {
  for (let i = 0; i < rows.length; i += perInsert)
    await db
      .insertInto('logs')
      .values(rows.slice(i, i + perInsert))
      .execute();
}

/** A LIKE pattern matching text that contains `value` (any case), its wildcards escaped with a backslash. */
function likeContains(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One filter of the log list, applied in the order given. */
export type LogListFilter =
  | { col: 'action'; value: string }
  | { col: 'action_ct' | 'username_ct'; text: string }
  | { col: 'user_id' | 'dashboard_id' | 'slice_id'; value: number | null }
  | { col: 'duration_ms'; op: '>' | '<'; value: number }
  | { col: 'dttm'; op: '>' | '<'; value: string };

/** The columns the log list sorts on. */
export type LogOrderColumn = 'dttm' | 'action' | 'id' | 'duration_ms' | 'dashboard_id' | 'slice_id';

/**
 * One page of log rows with their user's username, and the count of all that match. Rows without
 * a value in the sort column come last whichever the direction; ties by id in the same direction.
 */
export async function listLogRows(
  db: Db,
  o: { filters: LogListFilter[]; orderBy: LogOrderColumn; direction: 'asc' | 'desc'; page: number; pageSize: number },
) {
  let q = db.selectFrom('logs as l').leftJoin('ab_user as u', 'u.id', 'l.user_id');
  for (const f of o.filters) {
    if (f.col === 'action') q = q.where('l.action', '=', f.value);
    else if (f.col === 'action_ct') q = q.where(sql<SqlBool>`lower(l.action) like ${likeContains(f.text)} escape '\\'`);
    else if (f.col === 'username_ct') q = q.where(sql<SqlBool>`lower(u.username) like ${likeContains(f.text)} escape '\\'`);
    else if (f.col === 'duration_ms') q = q.where('l.duration_ms', f.op, f.value);
    else if (f.col === 'dttm') q = q.where('l.dttm', f.op, f.value);
    else if (f.col === 'user_id' || f.col === 'dashboard_id' || f.col === 'slice_id') q = q.where(`l.${f.col}`, '=', f.value);
  }
  const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('l')
    .select('u.username as username')
    // PostgreSQL puts NULLs first when descending, SQLite last: said explicitly for both
    .orderBy(`l.${o.orderBy}`, (ob) => (o.direction === 'desc' ? ob.desc() : ob.asc()).nullsLast())
    .orderBy('l.id', o.direction)
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** The log row with its user's username, if any. */
export function logWithUsername(db: Db, id: number) {
  return db
    .selectFrom('logs as l')
    .leftJoin('ab_user as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select('u.username as username')
    .where('l.id', '=', id)
    .executeTakeFirst();
}
