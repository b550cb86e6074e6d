import type { TableListItem, TableMetadataReply } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import type { EngineSpec, TableMetadata } from '../engines/types.js';
import type { OpenDatabase } from '../execution/connections.js';
import { executionHttpError } from '../execution/errors.js';
import { untilAborted } from '../execution/executor.js';
import { notFound } from '../http/errors.js';
import { allowedSchemas } from '../access/databases.js';
import type { DatabaseService } from './service.js';

const METADATA_TTL_MS = 10 * 60 * 1000;

interface CacheEntry {
  at: number;
  value: Promise<unknown>;
  settled: boolean;
  /** requests waiting for the load; when the last one goes away before it settles, it is given up */
  waiters: number;
  controller: AbortController;
}

/**
 * Engine metadata calls are slow on big catalogs: cache per database with a TTL; `force` refreshes.
 * Requests asking for the same thing share one load; each request may go away on its own, and a
 * load nobody waits for any more is given up (it leaves its slot's queue, execution/executor.ts).
 */
class MetadataCache {
  private readonly entries = new Map<string, CacheEntry>();

  get<T>(key: string, force: boolean, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    let entry = this.entries.get(key);
    if (force || !entry || Date.now() - entry.at >= METADATA_TTL_MS) entry = this.start(key, load);
    if (entry.settled) return entry.value as Promise<T>;
    const waiting = entry;
    waiting.waiters++;
    // a caller that cannot go away keeps the load wanted
    if (!signal) return waiting.value as Promise<T>;
    const leave = () => {
      if (--waiting.waiters > 0 || waiting.settled) return;
      waiting.controller.abort(signal.reason);
      if (this.entries.get(key) === waiting) this.entries.delete(key);
    };
    signal.addEventListener('abort', leave, { once: true });
    void waiting.value.then(
      () => signal.removeEventListener('abort', leave),
      () => signal.removeEventListener('abort', leave),
    );
    return untilAborted(waiting.value as Promise<T>, signal);
  }

  private start<T>(key: string, load: (signal: AbortSignal) => Promise<T>): CacheEntry {
    const controller = new AbortController();
    const value = load(controller.signal);
    const entry: CacheEntry = { at: Date.now(), value, settled: false, waiters: 0, controller };
    this.entries.set(key, entry);
    value.then(
      () => void (entry.settled = true),
      () => {
        entry.settled = true;
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }

  dropDatabase(id: number): void {
    for (const k of this.entries.keys()) if (k.startsWith(`${id}|`)) this.entries.delete(k);
  }
}

/** What the engine knows of one table, with the spec that writes its SELECT * preview. */
interface TableFacts {
  meta: TableMetadata;
  spec: EngineSpec;
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

  /**
   * A cached engine metadata call through the executor (a query slot, SQLLAB_TIMEOUT, given up
   * when every request waiting for it has gone), its failures answered as every run's are.
   */
  private ask<T>(
    key: string,
    force: boolean,
    databaseId: number,
    call: (db: OpenDatabase) => Promise<T>,
    opts: { signal?: AbortSignal; about?: 'table' },
  ): Promise<T> {
    const timeoutMs = this.ctx.config.sqllabTimeout * 1000;
    return this.cache
      .get(key, force, (signal) => this.ctx.execution.metadata({ databaseId, timeoutMs, signal }, call), opts.signal)
      .catch((e: unknown) => Promise.reject(executionHttpError(e, { about: opts.about })));
  }

  async catalogs(user: Principal, id: number, force: boolean, signal?: AbortSignal): Promise<string[]> {
    await this.databases.getVisibleRow(user, id);
    return this.ask(`${id}|catalogs`, force, id, (db) => db.spec.getCatalogs(db.pool), { signal });
  }

  async schemas(user: Principal, id: number, catalog: string | null, force: boolean, signal?: AbortSignal): Promise<string[]> {
    const row = await this.databases.getVisibleRow(user, id);
    const all = await this.ask(`${id}|schemas|${catalog ?? ''}`, force, id, (db) => db.spec.getSchemas(db.pool, catalog), { signal });
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
    signal?: AbortSignal,
  ): Promise<{ count: number; result: TableListItem[] }> {
    const row = await this.databases.getVisibleRow(user, id);
    await this.checkSchema(user, row, schema);
    const result = await this.ask(
      `${id}|tables|${catalog ?? ''}|${schema}`,
      force,
      id,
      (db) => db.spec.getTables(db.pool, schema, catalog),
      {
        signal,
      },
    );
    return { count: result.length, result };
  }

  private async metadata(
    user: Principal,
    id: number,
    name: string,
    schema: string | null,
    catalog: string | null,
    signal?: AbortSignal,
  ): Promise<TableFacts> {
    const row = await this.databases.getVisibleRow(user, id);
    await this.checkSchema(user, row, schema);
    return this.ask(
      `${id}|meta|${catalog ?? ''}|${schema ?? ''}|${name}`,
      false,
      id,
      async (db): Promise<TableFacts> => ({ meta: await db.spec.getTableMetadata(db.pool, name, schema, catalog), spec: db.spec }),
      { signal, about: 'table' },
    );
  }

  async tableMetadata(
    user: Principal,
    id: number,
    name: string,
    schema: string | null,
    catalog: string | null,
    signal?: AbortSignal,
  ): Promise<TableMetadataReply> {
    const { spec, meta } = await this.metadata(user, id, name, schema, catalog, signal);
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
      selectStar: spec.selectStar(
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
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const { meta } = await this.metadata(user, id, name, schema, catalog, signal);
    return meta.extra;
  }

  async selectStar(user: Principal, id: number, name: string, schema: string | null, signal?: AbortSignal): Promise<string> {
    const { spec, meta } = await this.metadata(user, id, name, schema, null, signal);
    return spec.selectStar(
      meta.name,
      schema,
      meta.columns.map((c) => c.name),
      100,
    );
  }
}
