import type { Kysely } from 'kysely';

/**
 * One row of preferences per user (issue 30 item 3): a JSON object of known fields (see
 * `UserPreferences` in shared) so a new preference needs no migration; a user's row goes with the user.
 */
export async function userPreferencesMigration(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('ab_user.id').onDelete('cascade'))
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
    .execute();
}
