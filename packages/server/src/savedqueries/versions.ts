/**
 * A saved query's saved state for the version history (versions/): name, description, SQL,
 * database and parameters. Its schedule is not part of it (restoring text never reschedules).
 */
import type { Kysely } from 'kysely';
import type { SavedQueryVersionState } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { VersionedKind } from '../versions/kinds.js';
import type { SavedQueryService } from './service.js';

export function savedQueryVersions(savedQueries: SavedQueryService): VersionedKind<'saved_query'> {
  return {
    type: 'saved_query',
    async snapshot(db: Kysely<MetadataSchema>, id: number): Promise<SavedQueryVersionState | null> {
      const row = await db.selectFrom('saved_query').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return {
        label: row.label,
        description: row.description ?? '',
        sql: row.sql,
        db_id: row.db_id,
        catalog: row.catalog,
        schema: row.schema,
        template_parameters: row.template_parameters,
      };
    },
    title: (state) => state.label,
    // a saved query is its owner's alone (admins see all): the same check for reading and writing
    async assertVisible(user, id) {
      await savedQueries.get(user, id);
    },
    async assertEditable(user, id) {
      await savedQueries.get(user, id);
    },
    async restore(user, id, state) {
      await savedQueries.update(user, id, { ...state, db_id: state.db_id ?? undefined });
    },
  };
}
