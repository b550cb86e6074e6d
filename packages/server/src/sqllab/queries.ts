/** Persistence of query records, with state changes guarded so final states stay final. */
import { randomInt } from 'node:crypto';
import { FINAL_STATES, IN_PROGRESS_STATES, type QueryState } from '@rama/shared';
import type { Kysely, Updateable } from 'kysely';
import type { MetadataSchema, QueryTable } from '../metadata/schema.js';
import { nowIso } from '../metadata/db.js';
import type { QueryRow } from './present.js';

type Db = Kysely<MetadataSchema>;

/** Query ids are 11 characters long (sql-editor.md §9). */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newClientId(): string {
  let id = '';
  for (let i = 0; i < 11; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export async function getQueryById(db: Db, id: number): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getQueryByClientId(db: Db, clientId: string): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/**
 * Move a query to `state` with extra fields, only if it is not already final (a success that
 * arrives after a stop is ignored). `from` narrows the allowed source states. Returns whether it moved.
 */
export async function transitionQuery(
  db: Db,
  id: number,
  state: QueryState,
  fields: Updateable<QueryTable> = {},
  from: readonly QueryState[] = IN_PROGRESS_STATES,
): Promise<boolean> {
  const res = await db
    .updateTable('query')
    .set({ ...fields, status: state, changed_on: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Extend the lease of queries this process is responsible for. */
export async function renewLeases(db: Db, ids: number[], until: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('query')
    .set({ lease_until: until })
    .where('id', 'in', ids)
    .where('status', 'in', [...IN_PROGRESS_STATES])
    .execute();
}

/**
 * Queries whose lease ran out (their worker or server died mid-query) become failed, so nothing
 * stays "running" forever. Returns how many were marked.
 */
export async function failOrphans(db: Db, now = Date.now()): Promise<number> {
  const res = await db
    .updateTable('query')
    .set({
      status: 'failed',
      error_message: 'The query was interrupted because the process running it stopped (a worker or server restart). Please run it again.',
      error_type: 'ASYNC_WORKERS_ERROR',
      end_time: now,
      changed_on: nowIso(),
    })
    .where('status', 'in', [...IN_PROGRESS_STATES])
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export const isFinalState = (s: string): boolean => (FINAL_STATES as readonly string[]).includes(s);
