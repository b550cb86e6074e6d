/** One user's preferences: read (with defaults for anything missing) and saved. */
import type { Kysely } from 'kysely';
import { readPreferences, type UserPreferences } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import { preferencesText, upsertPreferences } from '../metadata/repos/preferences.js';

export type { UserPreferencesTable } from '../metadata/repos/preferences.js';

export async function loadPreferences(db: Kysely<MetadataSchema>, userId: number): Promise<UserPreferences> {
  return readPreferences(await preferencesText(db, userId));
}

export async function savePreferences(db: Kysely<MetadataSchema>, userId: number, prefs: UserPreferences): Promise<void> {
  await upsertPreferences(db, userId, JSON.stringify(prefs), new Date().toISOString());
}
