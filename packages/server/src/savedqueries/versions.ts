/**
 * A saved query's saved state for the version history (versions/): name, description, SQL,
 * database and parameters. Its schedule is not part of it (restoring text never reschedules).
 */
import type { VersionedKind } from '../versions/kinds.js';
import { versionedKind } from '../versions/define.js';
import type { SavedQueryService } from './service.js';

export function savedQueryVersions(savedQueries: SavedQueryService): VersionedKind<'saved_query'> {
  return versionedKind({
    type: 'saved_query',
    table: 'saved_query',
    state: (row) => ({
      label: row.label,
      description: row.description ?? '',
      sql: row.sql,
      db_id: row.db_id,
      catalog: row.catalog,
      schema: row.schema,
      template_parameters: row.template_parameters,
    }),
    titleField: 'label',
    // a saved query is its owner's alone (admins see all): one check for reading and writing
    visible: (user, id) => savedQueries.get(user, id),
    restore: (user, id, state) => savedQueries.update(user, id, { ...state, db_id: state.db_id ?? undefined }),
  });
}
