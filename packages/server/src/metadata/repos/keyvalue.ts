/**
 * Key-value entries (`key_value`): JSON values under unguessable keys, one resource name per kind
 * (permalinks, form data, filter states), optionally expiring.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataSchema } from '../schema.js';
import { nowIso } from '../db.js';

/** What a key-value entry stores; one resource per kind of permalink. */
export type KeyValueResource =
  'sqllab_permalink' | 'explore_permalink' | 'dashboard_permalink' | 'sqllab_form' | 'explore_form_data' | 'dashboard_filter_state';

/** 16 random bytes: 128 bits, so keys cannot be guessed or enumerated (22 base64url characters). */
const KEY_BYTES = 16;

export interface KeyValueEntry {
  key: string;
  /** the stored JSON value, parsed; callers check its shape */
  value: unknown;
  createdBy: number | null;
  createdOn: string;
}

/** A fresh unguessable key. */
export function newEntryKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** Store `value` (JSON-serializable) under a new random key of `resource`; returns the key. */
export async function createEntry(
  db: Kysely<MetadataSchema>,
  resource: KeyValueResource,
  value: unknown,
  userId: number | null,
  opts: { expiresOn?: string | null } = {},
): Promise<string> {
  const key = newEntryKey();
  await db
    .insertInto('key_value')
    .values({
      resource,
      key,
      value: JSON.stringify(value),
      created_on: nowIso(),
      // guests and anonymous visitors (id 0) have no ab_user row
      created_by_fk: userId !== null && userId > 0 ? userId : null,
      expires_on: opts.expiresOn ?? null,
    })
    .execute();
  return key;
}

/** The entry of `resource` with `key`, or null when there is none, it has expired or its value is unreadable. */
export async function getEntry(db: Kysely<MetadataSchema>, resource: KeyValueResource, key: string): Promise<KeyValueEntry | null> {
  const row = await db
    .selectFrom('key_value')
    .select(['key', 'value', 'created_by_fk', 'created_on', 'expires_on'])
    .where('resource', '=', resource)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_on !== null && Date.parse(row.expires_on) <= Date.now()) return null;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return null;
  }
  return { key: row.key, value, createdBy: row.created_by_fk, createdOn: row.created_on };
}

/** Replace the value (and expiry) of an existing entry; false when there is none. */
export async function updateEntry(
  db: Kysely<MetadataSchema>,
  resource: KeyValueResource,
  key: string,
  value: unknown,
  opts: { expiresOn?: string | null } = {},
): Promise<boolean> {
  const r = await db
    .updateTable('key_value')
    .set({ value: JSON.stringify(value), expires_on: opts.expiresOn ?? null })
    .where('resource', '=', resource)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Remove an entry; false when there was none. */
export async function deleteEntry(db: Kysely<MetadataSchema>, resource: KeyValueResource, key: string): Promise<boolean> {
  const r = await db.deleteFrom('key_value').where('resource', '=', resource).where('key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
