import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { lazyModule } from '../lazy-module.js';
import type { MetadataSchema } from './schema.js';

/** pg, required only for a PostgreSQL metadata store (SQLite is the default): an idle server need not carry it. */
const requirePg = lazyModule<typeof pg>('pg');

export type MetadataDialect = 'sqlite' | 'postgres';

export interface MetadataStore {
  db: Kysely<MetadataSchema>;
  dialect: MetadataDialect;
  /** the SQLite file, or null for PostgreSQL */
  file: string | null;
  /** normalized identity used to refuse the metadata store as a data source */
  identity: { backend: 'sqlite'; path: string } | { backend: 'postgresql'; host: string; port: number; database: string };
  close(): Promise<void>;
}

/** Open the metadata store from `sqlite:///abs/path.db`, `sqlite://abs`, or `postgresql://…`. */
export function openMetadataStore(url: string): MetadataStore {
  if (/^postgres(ql)?(\+\w+)?:\/\//i.test(url)) {
    const u = new URL(url.replace(/^postgres(ql)?(\+\w+)?:/i, 'postgresql:'));
    const pool = new (requirePg().Pool)({ connectionString: u.toString(), max: 10 });
    // An idle connection the server ends (restart, admin command) is dropped by the pool and the
    // next query opens another; without a listener its error would crash the process.
    pool.on('error', () => undefined);
    const db = new Kysely<MetadataSchema>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      file: null,
      identity: {
        backend: 'postgresql',
        host: u.hostname || 'localhost',
        port: Number(u.port || 5432),
        database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
      },
      close: () => db.destroy(),
    };
  }
  const m = /^sqlite:\/\/(.*)$/i.exec(url);
  if (!m) throw new Error(`RAMA_METADATA_URL must be sqlite:///path or postgresql://… (got a ${url.split(':')[0]} URL)`);
  // sqlite:///abs/path (three slashes) or sqlite://abs/path
  const path = resolve(m[1].startsWith('/') ? m[1] : `/${m[1]}`);
  if (!existsSync(dirname(path))) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<MetadataSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', file: path, identity: { backend: 'sqlite', path }, close: () => db.destroy() };
}

/** Prepared statements kept per SQL text (the metadata store's queries are few and repeated). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite database as Kysely uses it, with its prepared statements kept by SQL text: Kysely
 * prepares every query again, and preparing cost about as much as running the small lookups
 * a request makes. A statement still busy (an unfinished iteration) is not handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // most recently used last: the oldest is the one dropped
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value as string);
      }
      return stmt;
    },
  };
}

export const nowIso = (): string => new Date().toISOString();
export const flag = (b: boolean | undefined | null): number => (b ? 1 : 0);
