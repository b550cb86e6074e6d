/**
 * Users' preferences (`user_preferences`, created by `preferences/migration.ts`, so not in
 * `MetadataSchema`): one JSON text per user.
 */
import type { Kysely } from 'kysely';
import type { MetadataSchema } from '../schema.js';

export interface UserPreferencesTable {
  user_id: number;
  preferences: string;
  changed_on: string;
}

type PreferencesDb = Kysely<MetadataSchema & { user_preferences: UserPreferencesTable }>;
const prefsDb = (db: Kysely<MetadataSchema>): PreferencesDb => db.withTables<{ user_preferences: UserPreferencesTable }>();

/** The user's stored preferences text, or null when none is stored. */
export async function preferencesText(db: Kysely<MetadataSchema>, userId: number): Promise<string | null> {
  const row = await prefsDb(db).selectFrom('user_preferences').select('preferences').where('user_id', '=', userId).executeTakeFirst();
  return row?.preferences ?? null;
}

/** Stores the user's preferences text, replacing any stored before. */
export async function upsertPreferences(db: Kysely<MetadataSchema>, userId: number, preferences: string, changedOn: string): Promise<void> {
  await prefsDb(db)
    .insertInto('user_preferences')
    .values({ user_id: userId, preferences, changed_on: changedOn })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences, changed_on: changedOn }))
    .execute();
}
