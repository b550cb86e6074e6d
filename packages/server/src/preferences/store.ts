/** The `user_preferences` table: read and upsert one user's preferences. */
import type { Kysely } from 'kysely';
import { readPreferences, type UserPreferences } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';

export interface UserPreferencesTable {
  user_id: number;
  preferences: string;
  changed_on: string;
}

type PreferencesDb = Kysely<MetadataSchema & { user_preferences: UserPreferencesTable }>;
const prefsDb = (db: Kysely<MetadataSchema>): PreferencesDb => db.withTables<{ user_preferences: UserPreferencesTable }>();

export async function loadPreferences(db: Kysely<MetadataSchema>, userId: number): Promise<UserPreferences> {
  const row = await prefsDb(db).selectFrom('user_preferences').select('preferences').where('user_id', '=', userId).executeTakeFirst();
  return readPreferences(row?.preferences ?? null);
}

export async function savePreferences(db: Kysely<MetadataSchema>, userId: number, prefs: UserPreferences): Promise<void> {
  const preferences = JSON.stringify(prefs);
  const changed_on = new Date().toISOString();
  await prefsDb(db)
    .insertInto('user_preferences')
    .values({ user_id: userId, preferences, changed_on })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences, changed_on }))
    .execute();
}
