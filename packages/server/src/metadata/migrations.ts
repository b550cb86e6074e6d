import { randomUUID } from 'node:crypto';
import { Migrator, sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { MetadataDialect } from './db.js';
import { annotationLayersMigration } from './features/annotations.js';
import { tagsMigration } from './features/tags.js';
import { versionsMigration } from './features/versions.js';
import { userPreferencesMigration } from './features/preferences.js';

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
  '0002_sqllab': {
    async up(db, dialect) {
      const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      const big = dialect === 'postgres' ? 'bigint' : 'integer';
      const dbl = dialect === 'postgres' ? 'double precision' : 'real';
      await db.schema
        .createTable('query')
        .addColumn('id', id(dialect), pk)
        .addColumn('client_id', 'varchar(11)', (c) => c.notNull().unique())
        .addColumn('database_id', 'integer', (c) => c.notNull().references('dbs.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('tab_name', 'varchar(256)')
        .addColumn('sql_editor_id', 'varchar(256)')
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('sql', 'text', (c) => c.notNull())
        .addColumn('executed_sql', 'text')
        .addColumn('prepared', 'text')
        .addColumn('template_params', 'text')
        .addColumn('limit', 'integer')
        .addColumn('limiting_factor', 'varchar(32)', (c) => c.notNull().defaultTo('UNKNOWN'))
        .addColumn('select_as_cta', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ctas_method', 'varchar(16)', (c) => c.notNull().defaultTo('TABLE'))
        .addColumn('tmp_table_name', 'varchar(256)')
        .addColumn('tmp_schema_name', 'varchar(256)')
        .addColumn('run_async', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rows', 'integer')
        .addColumn('error_message', 'text')
        .addColumn('error_type', 'varchar(64)')
        .addColumn('results_key', 'varchar(64)')
        .addColumn('start_time', dbl)
        .addColumn('start_running_time', dbl)
        .addColumn('end_time', dbl)
        .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('worker_id', 'varchar(128)')
        .addColumn('lease_until', big)
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('query_user_changed_idx').on('query').columns(['user_id', 'changed_on']).execute();
      await db.schema.createIndex('query_results_key_idx').on('query').column('results_key').execute();
      await db.schema.createIndex('query_status_idx').on('query').column('status').execute();

      await db.schema
        .createTable('saved_query')
        .addColumn('id', id(dialect), pk)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('db_id', 'integer', (c) => c.references('dbs.id').onDelete('cascade'))
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('label', 'varchar(256)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sql', 'text', (c) => c.notNull())
        .addColumn('template_parameters', 'text')
        .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('rows', 'integer')
        .addColumn('last_run', 'varchar(32)')
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();

      await db.schema
        .createTable('tab_state')
        .addColumn('id', id(dialect), pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addColumn('label', 'varchar(256)', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('database_id', 'integer', (c) => c.references('dbs.id').onDelete('set null'))
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('sql', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('query_limit', 'integer')
        .addColumn('latest_query_id', 'varchar(11)')
        .addColumn('autorun', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('template_params', 'text')
        .addColumn('hide_left_bar', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('saved_query_id', 'integer', (c) => c.references('saved_query.id').onDelete('set null'))
        .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tab_state_user_idx').on('tab_state').column('user_id').execute();

      await db.schema
        .createTable('table_schema')
        .addColumn('id', id(dialect), pk)
        .addColumn('tab_state_id', 'integer', (c) => c.notNull().references('tab_state.id').onDelete('cascade'))
        .addColumn('database_id', 'integer', (c) => c.notNull().references('dbs.id').onDelete('cascade'))
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('table', 'varchar(256)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('expanded', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('key_value')
        .addColumn('id', id(dialect), pk)
        .addColumn('resource', 'varchar(32)', (c) => c.notNull())
        .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('expires_on', 'varchar(32)')
        .execute();

      await db.schema
        .createTable('logs')
        .addColumn('id', id(dialect), pk)
        .addColumn('action', 'varchar(512)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('json', 'text', (c) => c.notNull())
        .addColumn('dttm', 'varchar(32)', (c) => c.notNull())
        .addColumn('dashboard_id', 'integer')
        .addColumn('slice_id', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('referrer', 'varchar(1024)')
        .execute();
      await db.schema.createIndex('logs_dttm_idx').on('logs').column('dttm').execute();

      await db.schema
        .createTable('tables')
        .addColumn('id', id(dialect), pk)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('table_name', 'varchar(250)', (c) => c.notNull())
        .addColumn('database_id', 'integer', (c) => c.notNull().references('dbs.id').onDelete('cascade'))
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(255)')
        .addColumn('sql', 'text')
        .addColumn('is_sqllab_view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('template_params', 'text')
        .addColumn('description', 'text')
        .addColumn('main_dttm_col', 'varchar(250)')
        .addColumn('default_endpoint', 'text')
        .addColumn('offset', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cache_timeout', 'integer')
        .addColumn('filter_select_enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('normalize_columns', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('always_filter_main_dttm', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_managed_externally', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('external_url', 'text')
        .addColumn('extra', 'text')
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('tables_unique_name_idx')
        .on('tables')
        .columns(['database_id', 'catalog', 'schema', 'table_name'])
        .execute();

      await db.schema
        .createTable('dataset_owners')
        .addColumn('dataset_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('dataset_owners_pk', ['dataset_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('table_columns')
        .addColumn('id', id(dialect), pk)
        .addColumn('table_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
        .addColumn('column_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('verbose_name', 'varchar(1024)')
        .addColumn('type', 'varchar(255)')
        .addColumn('type_generic', 'integer')
        .addColumn('is_dttm', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('groupby', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('filterable', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('expression', 'text')
        .addColumn('description', 'text')
        .addColumn('python_date_format', 'varchar(255)')
        .addColumn('extra', 'text')
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sql_metrics')
        .addColumn('id', id(dialect), pk)
        .addColumn('table_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
        .addColumn('metric_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('verbose_name', 'varchar(1024)')
        .addColumn('metric_type', 'varchar(32)')
        .addColumn('expression', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('d3format', 'varchar(128)')
        .addColumn('currency', 'varchar(128)')
        .addColumn('warning_text', 'text')
        .addColumn('extra', 'text')
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
  '0003_token_version_and_query_tables': {
    async up(db) {
      // bumped by a password change, a deactivation or a role change: older tokens stop working
      await db.schema
        .alterTable('ab_user')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // the tables a query reads, found once when it is written (JSON list), never per listing
      await db.schema.alterTable('query').addColumn('sql_tables', 'text').execute();
    },
  },
  '0004_dataset_fields': {
    async up(db) {
      await db.schema.alterTable('table_columns').addColumn('advanced_data_type', 'text').execute();
      await db.schema.alterTable('tables').addColumn('fetch_values_predicate', 'text').execute();
      // export and import match columns and metrics across installations by uuid
      await db.schema.alterTable('table_columns').addColumn('uuid', 'varchar(36)').execute();
      await db.schema.alterTable('sql_metrics').addColumn('uuid', 'varchar(36)').execute();
      for (const table of ['table_columns', 'sql_metrics']) {
        const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where uuid is null`.execute(db);
        for (const { id: rowId } of rows.rows) {
          await sql`update ${sql.table(table)} set uuid = ${randomUUID()} where id = ${rowId}`.execute(db);
        }
      }
    },
  },
  '0005_charts_dashboards': {
    async up(db, dialect) {
      const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      // saved charts ("slices", as the BI server names the table)
      await db.schema
        .createTable('slices')
        .addColumn('id', id(dialect), pk)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('slice_name', 'varchar(250)', (c) => c.notNull())
        .addColumn('datasource_id', 'integer', (c) => c.notNull())
        .addColumn('datasource_type', 'varchar(200)', (c) => c.notNull())
        .addColumn('viz_type', 'varchar(250)', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('query_context', 'text')
        .addColumn('description', 'text')
        .addColumn('cache_timeout', 'integer')
        .addColumn('certified_by', 'text')
        .addColumn('certification_details', 'text')
        .addColumn('is_managed_externally', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('external_url', 'text')
        .addColumn('last_saved_at', 'varchar(32)')
        .addColumn('last_saved_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('slices_datasource_idx').on('slices').columns(['datasource_type', 'datasource_id']).execute();
      await db.schema
        .createTable('slice_owners')
        .addColumn('slice_id', 'integer', (c) => c.notNull().references('slices.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('slice_owners_pk', ['slice_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('dashboards')
        .addColumn('id', id(dialect), pk)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('dashboard_title', 'varchar(500)', (c) => c.notNull())
        .addColumn('slug', 'varchar(255)', (c) => c.unique())
        .addColumn('position_json', 'text')
        .addColumn('json_metadata', 'text')
        .addColumn('css', 'text')
        .addColumn('description', 'text')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('certified_by', 'text')
        .addColumn('certification_details', 'text')
        .addColumn('is_managed_externally', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('external_url', 'text')
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('dashboard_owners')
        .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('dashboard_owners_pk', ['dashboard_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('dashboard_roles')
        .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('dashboard_roles_pk', ['dashboard_id', 'role_id'])
        .execute();
      await db.schema
        .createTable('dashboard_slices')
        .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
        .addColumn('slice_id', 'integer', (c) => c.notNull().references('slices.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('dashboard_slices_pk', ['dashboard_id', 'slice_id'])
        .execute();
      await db.schema.createIndex('dashboard_slices_slice_idx').on('dashboard_slices').column('slice_id').execute();

      // favorites of any kind of object: class_name 'slice' or 'Dashboard', as the BI server files them
      await db.schema
        .createTable('favstar')
        .addColumn('id', id(dialect), pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addColumn('class_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('obj_id', 'integer', (c) => c.notNull())
        .addColumn('dttm', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('favstar_unique_idx').on('favstar').columns(['user_id', 'class_name', 'obj_id']).unique().execute();
    },
  },
  '0006_reports': {
    async up(db, dialect) {
      const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      // reports and alerts, as the BI server's report_schedule; a deleted chart, dashboard or
      // database takes its reports with it (a report without its target can never run)
      await db.schema
        .createTable('report_schedule')
        .addColumn('id', id(dialect), pk)
        .addColumn('type', 'varchar(50)', (c) => c.notNull())
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('context_markdown', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('crontab', 'varchar(1000)', (c) => c.notNull())
        .addColumn('timezone', 'varchar(100)', (c) => c.notNull().defaultTo('UTC'))
        .addColumn('creation_method', 'varchar(255)', (c) => c.notNull().defaultTo('alerts_reports'))
        .addColumn('report_format', 'varchar(50)', (c) => c.notNull().defaultTo('PNG'))
        .addColumn('sql', 'text')
        .addColumn('chart_id', 'integer', (c) => c.references('slices.id').onDelete('cascade'))
        .addColumn('dashboard_id', 'integer', (c) => c.references('dashboards.id').onDelete('cascade'))
        .addColumn('database_id', 'integer', (c) => c.references('dbs.id').onDelete('cascade'))
        .addColumn('validator_type', 'varchar(100)')
        .addColumn('validator_config_json', 'text')
        .addColumn('log_retention', 'integer', (c) => c.notNull().defaultTo(90))
        .addColumn('grace_period', 'integer', (c) => c.notNull().defaultTo(14400))
        .addColumn('working_timeout', 'integer', (c) => c.notNull().defaultTo(3600))
        .addColumn('force_screenshot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('custom_width', 'integer')
        .addColumn('extra', 'text')
        .addColumn('last_eval_dttm', 'varchar(32)')
        .addColumn('last_state', 'varchar(50)')
        .addColumn('last_value', 'real')
        .addColumn('last_value_row_json', 'text')
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addUniqueConstraint('report_schedule_name_type_uq', ['name', 'type'])
        .execute();
      await db.schema
        .createTable('report_schedule_owners')
        .addColumn('report_schedule_id', 'integer', (c) => c.notNull().references('report_schedule.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('report_schedule_owners_pk', ['report_schedule_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('report_recipient')
        .addColumn('id', id(dialect), pk)
        .addColumn('report_schedule_id', 'integer', (c) => c.notNull().references('report_schedule.id').onDelete('cascade'))
        .addColumn('type', 'varchar(50)', (c) => c.notNull())
        .addColumn('recipient_config_json', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_recipient_schedule_idx').on('report_recipient').column('report_schedule_id').execute();
      // one row per run; the unique (report, slot) key makes each due slot run exactly once
      // however many schedulers race for it
      await db.schema
        .createTable('report_execution_log')
        .addColumn('id', id(dialect), pk)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('report_schedule_id', 'integer', (c) => c.notNull().references('report_schedule.id').onDelete('cascade'))
        .addColumn('scheduled_dttm', 'varchar(32)', (c) => c.notNull())
        .addColumn('start_dttm', 'varchar(32)')
        .addColumn('end_dttm', 'varchar(32)')
        .addColumn('value', 'real')
        .addColumn('value_row_json', 'text')
        .addColumn('state', 'varchar(50)', (c) => c.notNull())
        .addColumn('error_message', 'text')
        .addColumn('worker', 'varchar(100)')
        .addUniqueConstraint('report_execution_log_slot_uq', ['report_schedule_id', 'scheduled_dttm'])
        .execute();
      await db.schema.createIndex('report_execution_log_state_idx').on('report_execution_log').columns(['state', 'start_dttm']).execute();
    },
  },
  '0007_governed_sharing': {
    async up(db, dialect) {
      const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      // row level security: a rule, the roles it names and the datasets it filters
      await db.schema
        .createTable('row_level_security_filters')
        .addColumn('id', id(dialect), pk)
        .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('filter_type', 'varchar(255)', (c) => c.notNull())
        .addColumn('group_key', 'varchar(255)')
        .addColumn('clause', 'text', (c) => c.notNull())
        .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('rls_filter_roles')
        .addColumn('rls_filter_id', 'integer', (c) => c.notNull().references('row_level_security_filters.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('rls_filter_roles_pk', ['rls_filter_id', 'role_id'])
        .execute();
      await db.schema
        .createTable('rls_filter_tables')
        .addColumn('rls_filter_id', 'integer', (c) => c.notNull().references('row_level_security_filters.id').onDelete('cascade'))
        .addColumn('table_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('rls_filter_tables_pk', ['rls_filter_id', 'table_id'])
        .execute();
      await db.schema.createIndex('rls_filter_tables_table_idx').on('rls_filter_tables').column('table_id').execute();
      // one embedding per dashboard; the uuid is what a host application and a guest token name
      await db.schema
        .createTable('embedded_dashboards')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('dashboard_id', 'integer', (c) => c.notNull().unique().references('dashboards.id').onDelete('cascade'))
        .addColumn('allowed_domains', 'text', (c) => c.notNull())
        .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();
    },
  },
  '0008_scheduled_queries': {
    async up(db) {
      // a scheduled saved query runs as a report of its own (creation_method `saved_query`);
      // deleting the saved query takes its schedule, recipients and execution log with it
      await db.schema
        .alterTable('report_schedule')
        .addColumn('saved_query_id', 'integer', (c) => c.references('saved_query.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('report_schedule_saved_query_idx').on('report_schedule').column('saved_query_id').unique().execute();
    },
  },
  '0009_annotation_layers': { up: annotationLayersMigration },
  '0010_tags': { up: tagsMigration },
  '0011_object_versions': { up: versionsMigration },
  '0012_user_preferences': { up: userPreferencesMigration },
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
  const migrator = new Migrator({
    db,
    provider: new CodeMigrationProvider(dialect),
    migrationTableName: 'rama_migrations',
    migrationLockTableName: 'rama_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Metadata migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
