/**
 * POST /api/v1/dataset/import/: a bundle of dataset (and database) YAML files, as exported by
 * Rama or the BI server. Everything is checked before anything is written; datasets and databases
 * are matched on uuid only and replaced only with `overwrite`. A database missing here is created
 * from its YAML, under its own uuid; when a database here holds its name (another uuid) it takes
 * the first free `name (n)` and the report says so: a name never binds a bundle to a database.
 */
import { freeDatabaseName } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { canAccessDatabase } from '../access/databases.js';
import { DatabaseService } from '../databases/service.js';
import { formatUri, parseUri, PASSWORD_MASK } from '../engines/uri.js';
import { HttpError } from '../http/errors.js';
import { canEditDataset, mayUseSchema } from '../access/datasets.js';
import { checkDatasetSql } from '../sqllab/columns.js';
import { discoverColumns, type DiscoveredColumn } from './columns.js';
import {
  type BundleDocs,
  configsUnder,
  type DatabaseConfig,
  type DatasetConfig,
  type FileErrors,
  jsonText,
  overwriteUri,
  readDatabaseConfig,
  readDatasetConfig,
} from '../transfer/bundle.js';
import { DATASET_BUNDLE_TYPE, isFileUri } from '../transfer/export.js';
import { columnOf, datasetFields, metricOf, overwriteDataset } from './import-write.js';
import { ensureDatasetPermission, insertDataset, type NewColumn } from './rows.js';
import { alreadyExists, emptyToNull, specOf, type DatabaseRef, type DatasetService } from './service.js';
import type { DatasetRow } from './present.js';
import type { ImportOptions } from '../transfer/import-report.js';
import { checkImportMetadata, importError } from '../transfer/import-errors.js';
import { ownersOf } from '../metadata/repos/owners.js';
import { databaseNames, databasesForImport, setDatabaseFields } from '../metadata/repos/databases.js';
import { datasetByUuid } from '../metadata/repos/datasets.js';

export const ALREADY_EXISTS = 'Dataset already exists and `overwrite=true` was not passed';
export const NO_OVERWRITE_PERMISSION = "A dataset already exists and user doesn't have permissions to overwrite it";
export const NO_DATABASE_PERMISSION = "Database doesn't exist and user doesn't have permission to create databases";
export const MASKED_FILE_PATH = 'The database file path is not exported: create the database here first, then import';

type LocalDatabase = DatabaseRef & { uuid: string; password_encrypted: string | null; is_examples: number | boolean };

interface PlannedDataset {
  file: string;
  config: DatasetConfig;
  existing: DatasetRow | null;
  /** the local database, or the bundle file of one to create */
  database: DatabaseRef | { create: string };
}

/** A bundle database's settings, as a database create or update takes them (name and URI apart). */
function databaseSettings(config: DatabaseConfig) {
  return {
    expose_in_sqllab: config.expose_in_sqllab ?? undefined,
    allow_run_async: config.allow_run_async ?? undefined,
    allow_ctas: config.allow_ctas ?? undefined,
    allow_cvas: config.allow_cvas ?? undefined,
    allow_dml: config.allow_dml ?? undefined,
    allow_file_upload: config.allow_file_upload ?? undefined,
    impersonate_user: config.impersonate_user ?? undefined,
    cache_timeout: config.cache_timeout ?? null,
    extra: jsonText(config.extra) ?? undefined,
  };
}

export class DatasetImporter {
  private readonly errors: FileErrors = {};
  /** bundle database files whose local database (same uuid) `overwrite` replaces the settings of */
  private readonly databaseUpdates = new Map<string, LocalDatabase>();

  constructor(
    private readonly ctx: AppContext,
    private readonly service: DatasetService,
    private readonly user: Principal,
  ) {}

  private get db() {
    return this.ctx.store.db;
  }

  async run(contents: BundleDocs, opts: ImportOptions): Promise<void> {
    checkImportMetadata(contents, DATASET_BUNDLE_TYPE, this.errors);
    const datasets = this.read(contents, 'datasets/', readDatasetConfig);
    const databases = this.read(contents, 'databases/', readDatabaseConfig);
    const planned = await this.plan(datasets, databases, opts);
    if (Object.keys(this.errors).length) throw importError('Error importing dataset', this.errors);

    const created = new Map<string, DatabaseRef>();
    const taken = new Set((await databaseNames(this.db)).map((d) => d.database_name));
    for (const file of new Set(planned.flatMap((p) => ('create' in p.database ? [p.database.create] : [])))) {
      created.set(file, await this.createDatabase(file, databases.get(file) as DatabaseConfig, opts, taken));
    }
    for (const [file, local] of this.databaseUpdates) {
      await this.updateDatabase(file, local, databases.get(file) as DatabaseConfig, opts);
    }
    const resolved = planned.map((p) => ({
      ...p,
      database: 'create' in p.database ? (created.get(p.database.create) as DatabaseRef) : p.database,
    }));
    // columns missing from a YAML are read from the source, before the write; a source that
    // cannot be read leaves the dataset without columns until a refresh
    const discovered = new Map<string, DiscoveredColumn[]>();
    for (const p of resolved) {
      // a virtual dataset's SQL is checked as when the dataset is created by hand: never stored when
      // it changes data or holds more than one statement
      const refused = emptyToNull(p.config.sql) === null ? null : await this.sqlRefusal(p);
      if (refused !== null) {
        this.errors[p.file] = refused;
        continue;
      }
      if (p.config.columns.length || p.existing) continue;
      try {
        discovered.set(
          p.file,
          await discoverColumns(this.ctx, this.user, {
            databaseId: p.database.id,
            catalog: emptyToNull(p.config.catalog),
            schema: emptyToNull(p.config.schema),
            tableName: p.config.table_name,
            sql: emptyToNull(p.config.sql),
            templateParams: jsonText(p.config.template_params),
          }),
        );
      } catch {
        discovered.set(p.file, []);
      }
    }
    if (Object.keys(this.errors).length) {
      // nothing of a refused bundle stays: the databases it brought go again
      for (const database of created.values()) await new DatabaseService(this.ctx).delete(this.user, database.id);
      throw importError('Error importing dataset', this.errors);
    }
    // a dataset replaced without a history keeps its state from before the import as version 1
    for (const p of resolved) if (p.existing) await this.ctx.versions.baseline('dataset', p.existing.id);
    const written = await this.db.transaction().execute(async (trx) => {
      const rows: { row: DatasetRow; database: DatabaseRef; updated: boolean }[] = [];
      for (const p of resolved) {
        const spec = specOf(p.database).spec;
        const generic = (type: string | null | undefined) =>
          type && spec ? spec.genericType(type) : { type_generic: null, is_dttm: false };
        // a YAML without columns (or metrics) leaves an existing dataset's as they are
        const columns: NewColumn[] | null = p.config.columns.length
          ? p.config.columns.map((c) => columnOf(c, generic(c.type)))
          : (discovered.get(p.file) ?? null);
        const metrics = p.config.metrics.map(metricOf);
        const row = p.existing
          ? await overwriteDataset(trx, this.user.id, p.existing, p.config, p.database, columns, metrics)
          : await insertDataset(
              trx,
              this.user.id,
              { ...datasetFields(p.config, p.database.id), uuid: p.config.uuid },
              columns ?? [],
              metrics,
              [this.user.id],
            );
        rows.push({ row, database: p.database, updated: p.existing !== null });
      }
      return rows;
    });
    for (const { row, database, updated } of written) {
      await ensureDatasetPermission(this.db, database.database_name, row);
      await this.ctx.versions.recordImported('dataset', row.id, this.user, !updated);
      if (updated) opts.report.update('dataset', row, row.table_name);
      else opts.report.create('dataset', row, row.table_name);
    }
  }

  /**
   * Why a virtual dataset's SQL may not be stored (the check's own message), or null. A database
   * that cannot be reached leaves it unchecked here, as the peer never checks it: every run checks
   * it again, on a read-only session.
   */
  private async sqlRefusal(p: { config: DatasetConfig; database: DatabaseRef }): Promise<string | null> {
    try {
      await checkDatasetSql(this.ctx, this.user, {
        databaseId: p.database.id,
        catalog: emptyToNull(p.config.catalog),
        schema: emptyToNull(p.config.schema),
        sql: p.config.sql as string,
        templateParams: jsonText(p.config.template_params),
      });
      return null;
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode !== 400) return null;
      const errors = e.body.errors as { message?: string }[] | undefined;
      return errors?.[0]?.message ?? e.message;
      return null;
    }
  }

  private read<T>(
    contents: BundleDocs,
    prefix: string,
    reader: (doc: unknown) => { config: T } | { errors: Record<string, string[]> },
  ): Map<string, T> {
    return configsUnder(contents, prefix, reader, this.errors);
  }

  /** What each dataset file will do, every problem recorded per file. */
  private async plan(
    datasets: Map<string, DatasetConfig>,
    databases: Map<string, DatabaseConfig>,
    opts: ImportOptions,
  ): Promise<PlannedDataset[]> {
    const localDbs: LocalDatabase[] = await databasesForImport(this.db);
    const planned: PlannedDataset[] = [];
    const seenKeys = new Set<string>();
    for (const [file, config] of datasets) {
      const dbFile = [...databases].find(([, d]) => d.uuid === config.database_uuid);
      // the same database here: its uuid, and only its uuid (a name says nothing about where it points)
      const local = localDbs.find((d) => d.uuid.toLowerCase() === config.database_uuid);
      let database: PlannedDataset['database'];
      if (local) {
        if (!canAccessDatabase(this.user, local)) {
          this.errors[file] = 'Database does not exist';
          continue;
        }
        database = local;
        // its settings follow the bundle's with `overwrite`, for those who may edit databases
        // (the others use it as it is, as the BI server does)
        if (opts.overwrite && dbFile && this.user.can('can_write', 'Database')) this.databaseUpdates.set(dbFile[0], local);
      } else if (dbFile) {
        if (!this.user.can('can_write', 'Database')) {
          this.errors[file] = NO_DATABASE_PERMISSION;
          continue;
        }
        const problem = this.passwordProblem(dbFile[1], opts.passwords[dbFile[0]]);
        if (problem) {
          this.errors[dbFile[0]] = { _schema: [problem] };
          continue;
        }
        database = { create: dbFile[0] };
      } else {
        this.errors[file] = 'Database does not exist';
        continue;
      }
      const existing = (await datasetByUuid(this.db, config.uuid)) ?? null;
      if (existing && !opts.overwrite) {
        this.errors[file] = ALREADY_EXISTS;
        continue;
      }
      if (existing && !(await this.mayOverwrite(existing))) {
        this.errors[file] = NO_OVERWRITE_PERMISSION;
        continue;
      }
      const keyProblem = await this.keyProblem(config, 'create' in database ? null : database, existing, seenKeys);
      if (keyProblem) {
        this.errors[file] = keyProblem;
        continue;
      }
      planned.push({ file, config, existing, database });
    }
    return planned;
  }

  private async mayOverwrite(existing: DatasetRow): Promise<boolean> {
    const owners = await ownersOf(this.db, 'dataset', existing.id);
    return canEditDataset(this.user, owners);
  }

  /** Another dataset under the same name, or a schema the user may not use. */
  private async keyProblem(
    config: DatasetConfig,
    database: DatabaseRef | null,
    existing: DatasetRow | null,
    seen: Set<string>,
  ): Promise<string | null> {
    const key = {
      databaseId: database?.id ?? -1,
      catalog: emptyToNull(config.catalog),
      schema: emptyToNull(config.schema),
      tableName: config.table_name,
    };
    const text = JSON.stringify([config.database_uuid, key.catalog, key.schema, key.tableName]);
    if (seen.has(text)) return alreadyExists(key);
    seen.add(text);
    if (!database) return null;
    if (!mayUseSchema(this.user, database, key.schema)) return 'Schema does not exist';
    const clash = await this.service.findByKey(key);
    return clash && clash.id !== existing?.id ? alreadyExists(key) : null;
  }

  /**
   * A new database needs its password when the YAML masks it (the BI server's rule); a file engine
   * whose path the export masked cannot be created from the bundle at all.
   */
  private passwordProblem(config: DatabaseConfig, given: string | undefined): string | null {
    let masked = false;
    try {
      const uri = parseUri(config.sqlalchemy_uri);
      if (isFileUri(uri) && uri.database === PASSWORD_MASK) return MASKED_FILE_PATH;
      masked = uri.password === PASSWORD_MASK;
    } catch {
      return null; // the URI check of the database service reports it
    }
    return masked && !given && !config.password ? 'Must provide a password for the database' : null;
  }

  private async createDatabase(file: string, config: DatabaseConfig, opts: ImportOptions, taken: Set<string>): Promise<DatabaseRef> {
    let uri = config.sqlalchemy_uri;
    const secret = opts.passwords[file] ?? config.password ?? null;
    // a name held here by another database (another uuid) is never shared: the first free `name (n)`
    const wanted = config.database_name.trim();
    const name = freeDatabaseName(wanted, taken);
    taken.add(name);
    try {
      const parsed = parseUri(uri);
      if (secret !== null) uri = formatUri(parsed, secret);
    } catch {
      // left as is: the database service refuses it with its own message
    }
    let created;
    try {
      created = await new DatabaseService(this.ctx).create(this.user, {
        database_name: name,
        sqlalchemy_uri: uri,
        ...databaseSettings(config),
      });
    } catch (e) {
      if (e instanceof HttpError) throw importError('Error importing dataset', { [file]: e.body.message as FileErrors[string] });
      throw e;
    }
    // the bundle's uuid, so a later import of the same bundle finds this database
    await setDatabaseFields(this.db, created.id, { uuid: config.uuid });
    const row = { id: created.id, uuid: config.uuid };
    opts.report.create('database', row, created.database_name);
    if (name !== wanted) opts.report.rename(row, wanted, name);
    return { id: created.id, database_name: created.database_name, sqlalchemy_uri: config.sqlalchemy_uri };
  }

  /**
   * `overwrite` on a database here: its settings become the bundle's. Its name stays (it may have
   * been imported under another one, and grants name it); its URI changes only when the bundle
   * carries a usable one: a password given in `passwords` or the YAML, a real one in the URI, or
   * none at all where none is stored. A masked password never replaces the stored one.
   */
  private async updateDatabase(file: string, local: LocalDatabase, config: DatabaseConfig, opts: ImportOptions): Promise<void> {
    const body: Parameters<DatabaseService['update']>[2] = databaseSettings(config);
    const uri = overwriteUri(config, opts.passwords[file], local);
    if (uri !== null) body.sqlalchemy_uri = uri;
    try {
      await new DatabaseService(this.ctx).update(this.user, local.id, body);
    } catch (e) {
      if (e instanceof HttpError) throw importError('Error importing dataset', { [file]: e.body.message as FileErrors[string] });
      throw e;
    }
    opts.report.update('database', local, local.database_name);
  }
}
