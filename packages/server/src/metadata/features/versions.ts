import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../db.js';

/**
 * One row per saved version of a chart, dashboard, dataset or saved query: the object's type name
 * and id, its version number (1, 2, … per object, unique), who saved it and when, the one-line
 * summary and the full saved state as JSON text. `title` is the object's name at that version, for
 * "Recently deleted"; `deleted_on` marks the history of a deleted object, kept for
 * RAMA_VERSIONS_DELETED_DAYS. No foreign key to the object: the history outlives it.
 */
export async function versionsMigration(db: Kysely<unknown>, dialect: MetadataDialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('object_version')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('summary', 'varchar(255)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('deleted_on', 'varchar(32)')
    .addColumn('deleted_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addUniqueConstraint('object_version_uq', ['object_type', 'object_id', 'version'])
    .execute();
  await db.schema.createIndex('object_version_deleted_idx').on('object_version').columns(['object_type', 'deleted_on']).execute();
}
