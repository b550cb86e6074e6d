/** Login sessions (`sessions`): stored by the sha-256 of their cookie, never the cookie itself. */
import type { Kysely } from 'kysely';
import type { MetadataSchema, SessionTable } from '../schema.js';

type Db = Kysely<MetadataSchema>;

/** Stores a session. */
export async function insertSession(db: Db, session: SessionTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Deletes the sessions that expired before `nowIso`. */
export async function deleteExpiredSessions(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', nowIso).execute();
}

/** The session's user and expiry, if the session exists. */
export function sessionById(db: Db, id: string): Promise<{ user_id: number; expires_at: string } | undefined> {
  return db.selectFrom('sessions').select(['user_id', 'expires_at']).where('id', '=', id).executeTakeFirst();
}

/** Deletes one session. */
export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of these users. */
export async function deleteSessionsOfUsers(db: Db, userIds: number[]): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
}

/** Deletes every session of the user. */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
