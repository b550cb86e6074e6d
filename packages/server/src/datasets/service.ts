import {
  FORBIDDEN_EDIT_MESSAGE,
  formatMessage,
  type DatasetCreate,
  type DatasetCreateResult,
  type DatasetDetail,
  type GetOrCreateDatasetPayload,
} from '@rama/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { ownersByObject, ownersOf } from '../metadata/repos/owners.js';
import { usersById, usersExist } from '../metadata/repos/users.js';
import { databaseRef, databaseRefOrThrow } from '../metadata/repos/databases.js';
import {
  columnsOf,
  datasetByKey,
  deleteDatasetPermission,
  deleteDatasets,
  metricsOf,
  setDatasetFields,
} from '../metadata/repos/datasets.js';
import { customTagsOf, untagObjects } from '../metadata/repos/tags.js';
import { markVersionsDeleted } from '../versions/store.js';
import type { MetadataSchema } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import { canAccessDatabase } from '../access/databases.js';
import { parseUri } from '../engines/uri.js';
import { getEngineSpec } from '../engines/registry.js';
import type { EngineSpec } from '../engines/types.js';
import { HttpError, forbidden, invalidFields } from '../http/errors.js';
import { canAccessDataset, canEditDataset, datasetPermView, mayUseSchema, visibleDataset } from '../access/datasets.js';
import { ensureDatasetPermission, insertDataset } from './rows.js';
import { discoverColumns, tableNotFound, type DiscoveredColumn } from './columns.js';
import { presentCreateResult, presentDetail, type DatasetRow, type Users } from './present.js';

export type DatabaseRef = { id: number; database_name: string; sqlalchemy_uri: string };

export const emptyToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);

/** The database's backend name and engine spec (null when its URI no longer parses). */
export function specOf(db: Pick<DatabaseRef, 'sqlalchemy_uri'>): { backend: string; spec: EngineSpec | null } {
  try {
    const { backend } = parseUri(db.sqlalchemy_uri);
    try {
      return { backend, spec: getEngineSpec(backend) };
    } catch {
      return { backend, spec: null };
    }
  } catch {
    return { backend: 'unknown', spec: null };
  }
}

/** The dataset's identity: one per database, catalog, schema and name. */
export interface DatasetKey {
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  tableName: string;
}

export const alreadyExists = (key: Pick<DatasetKey, 'catalog' | 'schema' | 'tableName'>): string =>
  `Dataset ${[key.catalog, key.schema, key.tableName].filter(Boolean).join('.')} already exists`;

export class DatasetService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  users(ids: (number | null)[]): Promise<Users> {
    return usersById(this.db, ids);
  }

  /** The dataset stored under this identity, if any. */
  findByKey(key: DatasetKey, db: Kysely<MetadataSchema> = this.db) {
    return datasetByKey(db, key);
  }

  /** The dataset and its database when the user may see it; otherwise 404 (the same answer for both). */
  async visible(user: Principal, idOrUuid: number | string): Promise<{ row: DatasetRow; database: DatabaseRef }> {
    return visibleDataset(this.db, user, idOrUuid);
  }

  /** A dataset the user may change: visible (404 otherwise) and owned, or the user is an admin (403 otherwise). */
  async editable(user: Principal, idOrUuid: number | string): Promise<{ row: DatasetRow; database: DatabaseRef; ownerIds: number[] }> {
    const found = await this.visible(user, idOrUuid);
    const ownerIds = await ownersOf(this.db, 'dataset', found.row.id);
    if (!canEditDataset(user, ownerIds)) throw forbidden(formatMessage(FORBIDDEN_EDIT_MESSAGE, 'dataset'));
    return { ...found, ownerIds };
  }

  async get(user: Principal, idOrUuid: number | string): Promise<DatasetDetail> {
    const { row, database } = await this.visible(user, idOrUuid);
    const [columns, metrics, owners] = await Promise.all([
      columnsOf(this.db, row.id),
      metricsOf(this.db, row.id),
      ownersByObject(this.db, 'dataset', [row.id]),
    ]);
    const ownerIds = owners.get(row.id) ?? [];
    const users = await this.users([...ownerIds, row.created_by_fk, row.changed_by_fk]);
    const { backend, spec } = specOf(database);
    return presentDetail({
      row,
      database: { id: database.id, database_name: database.database_name, backend },
      spec,
      columns,
      metrics,
      ownerIds,
      users,
      tags: (await customTagsOf(this.db, 'dataset', [row.id])).get(row.id) ?? [],
    });
  }

  /** 400 `database: Database does not exist` for a missing database and for one the user may not use. */
  async usableDatabase(user: Principal, id: number): Promise<DatabaseRef> {
    const database = await databaseRef(this.db, id);
    if (!database || !canAccessDatabase(user, database)) throw invalidFields({ database: ['Database does not exist'] });
    return database;
  }

  async checkOwners(ids: number[]): Promise<string[] | null> {
    if (!ids.length) return null;
    return (await usersExist(this.db, ids)) ? null : ['Owners are invalid'];
  }

  async create(user: Principal, body: DatasetCreate, signal?: AbortSignal): Promise<{ id: number; result: DatasetCreateResult }> {
    const database = await this.usableDatabase(user, body.database);
    const key: DatasetKey = {
      databaseId: database.id,
      catalog: emptyToNull(body.catalog),
      schema: emptyToNull(body.schema),
      tableName: body.table_name.trim(),
    };
    if (!key.tableName) throw invalidFields({ table_name: ['Field cannot be empty.'] });
    const sql = emptyToNull(body.sql);
    // a user granted single schemas creates datasets only in those schemas; others look missing
    if (!mayUseSchema(user, database, key.schema)) {
      if (sql === null) throw tableNotFound(key.catalog, key.schema, key.tableName);
      throw new HttpError(422, { message: { schema: ['Schema does not exist'] } });
    }
    const ownerIds = [...new Set([user.id, ...(body.owners ?? [])])];
    const errors: Record<string, string[]> = {};
    if (await this.findByKey(key)) errors.table_name = [alreadyExists(key)];
    const ownerError = await this.checkOwners(ownerIds);
    if (ownerError) errors.owners = ownerError;
    if (Object.keys(errors).length) throw new HttpError(422, { message: errors });

    const columns = await discoverColumns(this.ctx, user, {
      databaseId: database.id,
      catalog: key.catalog,
      schema: key.schema,
      tableName: key.tableName,
      sql,
      templateParams: emptyToNull(body.template_params),
      signal,
    });
    const row = await this.insert(user, key, database, columns, ownerIds, {
      sql,
      template_params: emptyToNull(body.template_params),
      is_managed_externally: flag(body.is_managed_externally),
      external_url: emptyToNull(body.external_url),
    });
    return { id: row.id, result: presentCreateResult(row, ownerIds) };
  }

  private async insert(
    user: Principal,
    key: DatasetKey,
    database: DatabaseRef,
    columns: DiscoveredColumn[],
    ownerIds: number[],
    fields: { sql: string | null; template_params: string | null; is_managed_externally: number; external_url: string | null },
  ): Promise<DatasetRow> {
    const row = await this.db.transaction().execute(async (trx) => {
      // checked again inside the write: the column discovery above can take a while
      if (await this.findByKey(key, trx)) throw new HttpError(422, { message: { table_name: [alreadyExists(key)] } });
      return insertDataset(
        trx,
        user.id,
        {
          table_name: key.tableName,
          database_id: key.databaseId,
          catalog: key.catalog,
          schema: key.schema,
          sql: fields.sql,
          template_params: fields.template_params,
          is_managed_externally: fields.is_managed_externally,
          external_url: fields.external_url,
        },
        columns,
        [],
        ownerIds,
      );
    });
    await ensureDatasetPermission(this.db, database.database_name, row);
    await this.ctx.versions.record('dataset', row.id, user, { created: true });
    return row;
  }

  /** The dataset with this name, created (physical) when there is none yet. */
  async getOrCreate(user: Principal, body: GetOrCreateDatasetPayload): Promise<number> {
    const key: DatasetKey = {
      databaseId: body.database_id,
      catalog: emptyToNull(body.catalog),
      schema: emptyToNull(body.schema),
      tableName: body.table_name.trim(),
    };
    const existing = await this.findByKey(key);
    if (existing) {
      const database = await databaseRefOrThrow(this.db, existing.database_id);
      if (canAccessDataset(user, database, existing)) return existing.id;
    }
    const created = await this.create(user, {
      database: body.database_id,
      catalog: key.catalog,
      schema: key.schema,
      table_name: key.tableName,
      template_params: body.template_params ?? null,
    });
    if (body.always_filter_main_dttm !== undefined || body.normalize_columns !== undefined) {
      await setDatasetFields(this.db, created.id, {
        ...(body.always_filter_main_dttm !== undefined && { always_filter_main_dttm: flag(body.always_filter_main_dttm) }),
        ...(body.normalize_columns !== undefined && { normalize_columns: flag(body.normalize_columns) }),
      });
    }
    return created.id;
  }

  /**
   * Delete datasets, all or none: any one missing or invisible → 404, any one the user does not
   * own (admins own all) → 403 with the spec's message. Columns, metrics and owners go with the
   * dataset (foreign keys cascade), and so does its datasource_access permission.
   */
  async delete(user: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => this.visible(user, id)));
    const owners = await ownersByObject(this.db, 'dataset', unique);
    if (found.some(({ row }) => !canEditDataset(user, owners.get(row.id) ?? [])))
      throw forbidden(formatMessage(FORBIDDEN_EDIT_MESSAGE, 'dataset'));
    await this.db.transaction().execute(async (trx) => {
      for (const { row, database } of found) {
        // also under an older name: the view names the database, which may have been renamed since
        await deleteDatasetPermission(trx, row.id, datasetPermView(database.database_name, row.table_name, row.id));
      }
      await deleteDatasets(trx, unique);
      await untagObjects(trx, 'dataset', unique);
      await markVersionsDeleted(trx, 'dataset', unique, user.id, nowIso());
    });
    return unique.length;
  }
}
