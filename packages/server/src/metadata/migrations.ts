import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { MetadataDialect } from './db.js';

/**
 * Migrations live in code (one entry per change, never edited once released) so the built server
 * carries them without a folder on disk. Each receives the dialect for the few type differences.
 */
type Step = (db: Kysely<unknown>, dialect: MetadataDialect) => Promise<void>;

const id = (dialect: MetadataDialect) => (dialect === 'postgres' ? 'serial' : 'integer');

const steps: Record<string, { up: Step }> = {
  '0001_security_and_databases': {
    async up(db, dialect) {
      await db.schema
        .createTable('ab_user')
        .addColumn('id', id(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('first_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_login', 'varchar(32)')
        .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fail_login_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('ab_role')
        .addColumn('id', id(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('ab_permission_view')
        .addColumn('id', id(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('permission', 'varchar(100)', (c) => c.notNull())
        .addColumn('view_menu', 'varchar(255)', (c) => c.notNull())
        .addUniqueConstraint('ab_permission_view_uq', ['permission', 'view_menu'])
        .execute();
      await db.schema
        .createTable('ab_permission_view_role')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
        .addColumn('permission_view_id', 'integer', (c) => c.notNull().references('ab_permission_view.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('ab_permission_view_role_pk', ['role_id', 'permission_view_id'])
        .execute();
      await db.schema
        .createTable('ab_user_role')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('ab_user_role_pk', ['user_id', 'role_id'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('dbs')
        .addColumn('id', id(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('database_name', 'varchar(250)', (c) => c.notNull().unique())
        .addColumn('sqlalchemy_uri', 'varchar(1024)', (c) => c.notNull())
        .addColumn('password_encrypted', 'text')
        .addColumn('expose_in_sqllab', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('allow_run_async', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_dml', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_ctas', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_cvas', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_file_upload', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('impersonate_user', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_examples', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cache_timeout', 'integer')
        .addColumn('force_ctas_schema', 'varchar(250)')
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();
    },
  },
};

class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: MetadataDialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(steps).map(([name, step]) => [name, { up: (db: Kysely<unknown>) => step.up(db, this.dialect) }]),
    );
  }
}

/** Bring the metadata store to the latest version; returns the names applied now. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: MetadataDialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new CodeMigrationProvider(dialect), migrationTableName: 'rama_migrations', migrationLockTableName: 'rama_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Metadata migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
