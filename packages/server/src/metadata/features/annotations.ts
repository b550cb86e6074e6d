import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../db.js';

/**
 * Native annotation layers (the peer's `annotation_layer` and `annotation` tables): a layer holds
 * annotations, each an instant or an interval with a short and a long description. Deleting a
 * layer is refused while it holds annotations (the service checks), so no cascade is needed here;
 * the cascade only keeps the store consistent if rows are removed by hand.
 */
export async function annotationLayersMigration(db: Kysely<unknown>, dialect: MetadataDialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('annotation_layer')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'varchar(250)', (c) => c.notNull().unique())
    .addColumn('descr', 'text')
    .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('annotation')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('layer_id', 'integer', (c) => c.notNull().references('annotation_layer.id').onDelete('cascade'))
    // UTC, 'YYYY-MM-DDTHH:MM:SS': text order is time order
    .addColumn('start_dttm', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_dttm', 'varchar(32)', (c) => c.notNull())
    .addColumn('short_descr', 'varchar(500)', (c) => c.notNull())
    .addColumn('long_descr', 'text')
    .addColumn('json_metadata', 'text')
    .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('annotation_layer_time_idx').on('annotation').columns(['layer_id', 'start_dttm', 'end_dttm']).execute();
}
