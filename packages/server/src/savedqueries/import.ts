/**
 * POST /api/v1/saved_query/import/: a bundle of saved query YAML files (`queries/…`) with their
 * databases' (`databases/…`), as exported by Rama or the peer. A query's database is the one here
 * with its `database_uuid` that the user may use (never one that merely has the bundle database's
 * name: that could point anywhere); no database is created from a saved query bundle. Queries are matched on uuid and replaced only with `overwrite`; a query here that
 * the importer may not see is refused as one they may not overwrite. Everything is checked before
 * anything is written.
 */
import type { AppContext } from '../context.js';
import { canAccessDatabase } from '../access/databases.js';
import { nowIso } from '../metadata/db.js';
import { insertSavedQuery, savedQueryByUuid, updateSavedQuery } from '../metadata/repos/saved-queries.js';
import type { Principal } from '../security/principal.js';
import { type BundleDocs, checkAssetDoc, configsUnder, type FileErrors, type Kind, readDatabaseConfig } from '../transfer/bundle.js';
import type { ImportOptions } from '../transfer/import-report.js';
import { checkImportMetadata, importError, noValidCommand } from '../transfer/import-errors.js';
import { SAVED_QUERY_BUNDLE_TYPE } from './export.js';
import type { SavedQueryRow } from './present.js';
import { SavedQuerySchedules } from './schedule.js';
import { databasesForImport } from '../metadata/repos/databases.js';

/** The peer's messages (its import command's model name is `saved_queries`). */
export const SAVED_QUERY_ALREADY_EXISTS = 'Saved_Queries already exists and `overwrite=true` was not passed';
export const NO_SAVED_QUERY_OVERWRITE_PERMISSION = "A saved query already exists and user doesn't have permissions to overwrite it";
export const databaseMissing = (uuid: string) =>
  `Database ${uuid} does not exist here: add the database (or import a dataset bundle with it) first, then import the saved query`;
/** A query without a label gets SQL Lab's name of a new query. */
export const DEFAULT_LABEL = 'Untitled Query';

const QUERY_FIELDS: Record<string, [Kind, 'required' | 'optional']> = {
  sql: ['string', 'required'],
  uuid: ['uuid', 'required'],
  version: ['string', 'required'],
  database_uuid: ['uuid', 'required'],
  catalog: ['string', 'optional'],
  schema: ['string', 'optional'],
  label: ['string', 'optional'],
  description: ['string', 'optional'],
};

/** The peer's bounds on the text fields (ImportV1SavedQuerySchema). */
const MAX_LENGTHS: Record<string, number> = { catalog: 128, schema: 128, label: 256 };

export interface SavedQueryConfig {
  sql: string;
  uuid: string;
  database_uuid: string;
  catalog?: string | null;
  schema?: string | null;
  label?: string | null;
  description?: string | null;
}

/** A saved query YAML as a config, or the field problems that keep it from being one. */
export function readSavedQueryConfig(doc: unknown): { config: SavedQueryConfig } | { errors: Record<string, string[]> } {
  const checked = checkAssetDoc(doc, QUERY_FIELDS);
  if (!('rec' in checked)) return checked;
  const { rec, errors } = checked;
  for (const [field, max] of Object.entries(MAX_LENGTHS)) {
    const v = rec[field];
    if (typeof v === 'string' && v.length > max) errors[field] = [`Length must be between 0 and ${max}.`];
  }
  if (Object.keys(errors).length) return { errors };
  return {
    config: {
      ...(rec as unknown as SavedQueryConfig),
      uuid: String(rec.uuid).toLowerCase(),
      database_uuid: String(rec.database_uuid).toLowerCase(),
    },
  };
}

interface PlannedQuery {
  config: SavedQueryConfig;
  databaseId: number;
  existing: SavedQueryRow | null;
}

const orNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v === '' ? null : v);

export class SavedQueryImporter {
  private readonly errors: FileErrors = {};

  constructor(
    private readonly ctx: AppContext,
    private readonly user: Principal,
  ) {}

  private get db() {
    return this.ctx.store.db;
  }

  async run(contents: BundleDocs, opts: ImportOptions): Promise<void> {
    checkImportMetadata(contents, SAVED_QUERY_BUNDLE_TYPE, this.errors);
    const queries = this.read(contents, 'queries/', readSavedQueryConfig);
    // the database files are checked (a broken one is reported) though only uuids match
    this.read(contents, 'databases/', readDatabaseConfig);
    const planned = await this.plan(queries, opts);
    if (Object.keys(this.errors).length) throw importError('Error importing saved_queries', this.errors);
    if (!planned.length) throw noValidCommand();

    const schedules = new SavedQuerySchedules(this.ctx);
    // a query replaced without a history keeps its state from before the import as version 1
    for (const { existing } of planned) if (existing) await this.ctx.versions.baseline('saved_query', existing.id);
    const written = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const rows: { id: number; uuid: string; name: string; updated: boolean }[] = [];
      for (const { config, databaseId, existing } of planned) {
        const fields = {
          db_id: databaseId,
          catalog: orNull(config.catalog),
          schema: orNull(config.schema),
          label: config.label?.trim() || DEFAULT_LABEL,
          description: config.description ?? '',
          sql: config.sql,
          changed_on: now,
          changed_by_fk: this.user.id,
        };
        if (existing) {
          await updateSavedQuery(trx, existing.id, fields);
          // a scheduled query's report is named after it
          await schedules.rename(trx, { ...existing, ...fields });
          rows.push({ id: existing.id, uuid: existing.uuid, name: fields.label, updated: true });
          continue;
        }
        const row = await insertSavedQuery(trx, {
          ...fields,
          uuid: config.uuid,
          user_id: this.user.id,
          template_parameters: null,
          extra_json: '{}',
          rows: null,
          last_run: null,
          created_on: now,
          created_by_fk: this.user.id,
        });
        rows.push({ id: row.id, uuid: config.uuid, name: fields.label, updated: false });
      }
      return rows;
    });
    for (const { updated, name, ...row } of written) {
      await this.ctx.versions.recordImported('saved_query', row.id, this.user, !updated);
      if (updated) opts.report.update('saved_query', row, name);
      else opts.report.create('saved_query', row, name);
    }
  }

  private read<T>(
    contents: BundleDocs,
    prefix: string,
    reader: (doc: unknown) => { config: T } | { errors: Record<string, string[]> },
  ): Map<string, T> {
    return configsUnder(contents, prefix, reader, this.errors);
  }

  /** What each query file will do, every problem recorded per file. */
  private async plan(queries: Map<string, SavedQueryConfig>, opts: ImportOptions): Promise<PlannedQuery[]> {
    const localDbs = await databasesForImport(this.db);
    const planned: PlannedQuery[] = [];
    const seen = new Set<string>();
    for (const [file, config] of queries) {
      if (seen.has(config.uuid)) {
        this.errors[file] = { uuid: ['Another file of the bundle has this uuid.'] };
        continue;
      }
      seen.add(config.uuid);
      const local = localDbs.find((d) => d.uuid.toLowerCase() === config.database_uuid);
      // a database the user may not use is answered as one that does not exist
      if (!local || !canAccessDatabase(this.user, local)) {
        this.errors[file] = databaseMissing(config.database_uuid);
        continue;
      }
      const existing = await savedQueryByUuid(this.db, config.uuid);
      // someone else's query answers one message whatever the flag: nothing of it is told
      if (existing && !this.user.isAdmin && existing.user_id !== this.user.id) this.errors[file] = NO_SAVED_QUERY_OVERWRITE_PERMISSION;
      else if (existing && !opts.overwrite) this.errors[file] = SAVED_QUERY_ALREADY_EXISTS;
      else planned.push({ config, databaseId: local.id, existing });
    }
    return planned;
  }
}
