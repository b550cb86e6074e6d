import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../db.js';

/**
 * Tags (the peer's `tag` and `tagged_object` tables): a tag has a unique name and a type (Rama
 * creates custom tags); a tagged object names a chart, dashboard, saved query or dataset by its
 * type name and id. Deleting a tag takes its taggings with it; deleting a chart, dashboard, dataset
 * or saved query removes its taggings in the same transaction (store.ts `untagObjects`), and a row
 * left by any other way an object goes is ignored by the service.
 */
export async function tagsMigration(db: Kysely<unknown>, dialect: MetadataDialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('tag')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'varchar(250)', (c) => c.notNull().unique())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('tagged_object')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addUniqueConstraint('tagged_object_uq', ['tag_id', 'object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('tagged_object_object_idx').on('tagged_object').columns(['object_type', 'object_id']).execute();
}
