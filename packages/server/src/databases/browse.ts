import type { TableListItem, TableMetadataReply } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { EngineError } from '../engines/types.js';
import { HttpError, notFound, typedError } from '../http/errors.js';
import { allowedSchemas } from '../access/databases.js';
import type { DatabaseService } from './service.js';

const METADATA_TTL_MS = 10 * 60 * 1000;

/** Engine metadata calls are slow on big catalogs: cache per database with a TTL; `force` refreshes. */
class MetadataCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  async get<T>(key: string, force: boolean, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (!force && hit && Date.now() - hit.at < METADATA_TTL_MS) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { at: Date.now(), value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  dropDatabase(id: number): void {
    for (const k of this.entries.keys()) if (k.startsWith(`${id}|`)) this.entries.delete(k);
  }
}

function engineFailure(e: unknown): never {
  if (e instanceof HttpError) throw e;
  if (e instanceof EngineError) {
    const status = e.errorType === 'TABLE_DOES_NOT_EXIST_ERROR' ? 404 : 422;
    throw typedError(status, e.message, e.errorType as never);
  }
  throw typedError(422, 'The database could not be reached. Please check its connection settings.', 'GENERIC_DB_ENGINE_ERROR');
}

export class BrowseService {
  private readonly cache = new MetadataCache();

  constructor(
    private readonly ctx: AppContext,
    private readonly databases: DatabaseService,
  ) {}

  forget(id: number): void {
    this.cache.dropDatabase(id);
  }

  private async open(user: Principal, id: number) {
    const row = await this.databases.getVisibleRow(user, id);
    try {
      return { row, db: await this.ctx.connections.get(id) };
    } catch (e) {
      return engineFailure(e);
    }
  }

  async catalogs(user: Principal, id: number, force: boolean): Promise<string[]> {
    const { db } = await this.open(user, id);
    return this.cache.get(`${id}|catalogs`, force, () => db.spec.getCatalogs(db.pool)).catch(engineFailure);
  }

  async schemas(user: Principal, id: number, catalog: string | null, force: boolean): Promise<string[]> {
    const { row, db } = await this.open(user, id);
    const all = await this.cache
      .get(`${id}|schemas|${catalog ?? ''}`, force, () => db.spec.getSchemas(db.pool, catalog))
      .catch(engineFailure);
    return allowedSchemas(user, row, all);
  }

  private async checkSchema(user: Principal, row: { id: number; database_name: string }, schema: string | null): Promise<void> {
    if (schema !== null && allowedSchemas(user, row, [schema]).length === 0) throw notFound();
  }

  async tables(
    user: Principal,
    id: number,
    schema: string,
    catalog: string | null,
    force: boolean,
  ): Promise<{ count: number; result: TableListItem[] }> {
    const { row, db } = await this.open(user, id);
    await this.checkSchema(user, row, schema);
    const result = await this.cache
      .get(`${id}|tables|${catalog ?? ''}|${schema}`, force, () => db.spec.getTables(db.pool, schema, catalog))
      .catch(engineFailure);
    return { count: result.length, result };
  }

  private async metadata(user: Principal, id: number, name: string, schema: string | null, catalog: string | null) {
    const { row, db } = await this.open(user, id);
    await this.checkSchema(user, row, schema);
    const meta = await this.cache
      .get(`${id}|meta|${catalog ?? ''}|${schema ?? ''}|${name}`, false, () => db.spec.getTableMetadata(db.pool, name, schema, catalog))
      .catch(engineFailure);
    return { db, meta };
  }

  async tableMetadata(
    user: Principal,
    id: number,
    name: string,
    schema: string | null,
    catalog: string | null,
  ): Promise<TableMetadataReply> {
    const { db, meta } = await this.metadata(user, id, name, schema, catalog);
    const pk = new Set(meta.primaryKey.constrained_columns);
    return {
      name: meta.name,
      columns: meta.columns.map((c) => ({
        name: c.name,
        type: c.type,
        longType: c.longType,
        comment: c.comment,
        nullable: c.nullable,
        default: c.default,
        type_generic: c.type_generic,
        is_dttm: c.is_dttm,
        keys: [
          ...(pk.has(c.name)
            ? [{ type: 'pk' as const, column_names: meta.primaryKey.constrained_columns, name: meta.primaryKey.name }]
            : []),
          ...meta.foreignKeys
            .filter((f) => f.constrained_columns.includes(c.name))
            .map((f) => ({ type: 'fk' as const, column_names: f.constrained_columns, name: f.name })),
          ...meta.indexes
            .filter((i) => i.column_names.includes(c.name))
            .map((i) => ({ type: 'index' as const, column_names: i.column_names, name: i.name })),
        ],
      })),
      selectStar: db.spec.selectStar(
        meta.name,
        schema,
        meta.columns.map((c) => c.name),
        100,
      ),
      primaryKey: { ...meta.primaryKey, type: 'pk' },
      foreignKeys: meta.foreignKeys.map((f) => ({ ...f, type: 'fk' as const })),
      indexes: meta.indexes.map((i) => ({ name: i.name, column_names: i.column_names, unique: i.unique, type: 'index' as const })),
      comment: meta.comment,
    };
  }

  async tableMetadataExtra(
    user: Principal,
    id: number,
    name: string,
    schema: string | null,
    catalog: string | null,
  ): Promise<Record<string, unknown>> {
    const { meta } = await this.metadata(user, id, name, schema, catalog);
    return meta.extra;
  }

  async selectStar(user: Principal, id: number, name: string, schema: string | null): Promise<string> {
    const { db, meta } = await this.metadata(user, id, name, schema, null);
    return db.spec.selectStar(
      meta.name,
      schema,
      meta.columns.map((c) => c.name),
      100,
    );
  }
}
