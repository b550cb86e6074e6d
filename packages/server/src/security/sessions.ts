import type { Kysely } from 'kysely';
import type { MetadataSchema } from '../metadata/schema.js';
import { nowIso } from '../metadata/db.js';
import { deleteExpiredSessions, deleteSessionById, insertSession, sessionById } from '../metadata/repos/sessions.js';
import { randomToken, sha256 } from './crypto.js';

export const SESSION_COOKIE = 'rama_session';
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Start a new session (a fresh id at every login); returns the cookie value. */
export async function createSession(db: Kysely<MetadataSchema>, userId: number): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await insertSession(db, {
    id: sha256(token),
    user_id: userId,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + SESSION_TTL_MS).toISOString(),
  });
  // opportunistic clean-up of expired sessions
  await deleteExpiredSessions(db, nowIso());
  return token;
}

/** The user id of a live session, or null. */
export async function sessionUserId(db: Kysely<MetadataSchema>, token: string): Promise<number | null> {
  const row = await sessionById(db, sha256(token));
  if (!row || row.expires_at < nowIso()) return null;
  return row.user_id;
}

export async function deleteSession(db: Kysely<MetadataSchema>, token: string): Promise<void> {
  await deleteSessionById(db, sha256(token));
}
