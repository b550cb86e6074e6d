/**
 * Browsing, a table's columns and test connection ask the database through the executor, as SQL
 * does: they wait for a query slot under the same time limit (and get the same 408 SQL gets when
 * none frees in time), they are given up when their caller goes away, and a database that cannot
 * be reached answers the same status and error whichever of them asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { QueryCancelledError } from './executor.js';

const PG_URL = process.env.RAMA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
/** nothing listens on port 1: the connection is refused */
const CLOSED_URL = PG_URL.replace(/@[^/]+\//, '@127.0.0.1:1/');
const TIME_LIMIT_S = 2;

let server: TestServer;
let admin: Client;
let pgId: number;
let brokenId: number;

interface ErrorsReply {
  errors?: { message: string; error_type: string; level: string; extra: unknown }[];
}

async function addDatabase(name: string, uri: string): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/database/', { database_name: name, sqlalchemy_uri: uri, expose_in_sqllab: true });
  if (r.status !== 201) throw new Error(`database not created: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

/** Take the database's only query slot until the returned function is called. */
async function holdSlot(databaseId: number): Promise<() => Promise<void>> {
  let free!: () => void;
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const run = server.ctx.execution.withConnection({ databaseId, catalog: null, schema: null, timeoutMs: 60_000 }, () => {
    held();
    return new Promise<void>((resolve) => (free = resolve));
  });
  await isHeld;
  return async () => {
    free();
    await run;
  };
}

beforeAll(async () => {
  server = await startTestServer({ SQLLAB_TIMEOUT: String(TIME_LIMIT_S), RAMA_DB_CONCURRENT_QUERIES: '1' }, { examples: false });
  admin = await server.admin();
  pgId = await addDatabase(`metadata_pg_${process.pid}`, PG_URL);
  brokenId = await addDatabase(`metadata_closed_${process.pid}`, CLOSED_URL);
});

afterAll(async () => {
  await server?.close();
});

describe('metadata calls take a query slot', () => {
  it('answer the 408 SQL gets when no slot frees within the time limit', async () => {
    const release = await holdSlot(pgId);
    try {
      const asks = {
        schemas: () => admin.get<ErrorsReply>(`/api/v1/database/${pgId}/schemas/?q=(force:!t)`),
        tables: () => admin.get<ErrorsReply>(`/api/v1/database/${pgId}/tables/?q=(force:!t,schema_name:public)`),
        tableMetadata: () => admin.get<ErrorsReply>(`/api/v1/database/${pgId}/table_metadata/?name=pg_class&schema=pg_catalog`),
        datasetColumns: () => admin.post<ErrorsReply>('/api/v1/dataset/', { database: pgId, schema: 'pg_catalog', table_name: 'pg_class' }),
        sql: () => admin.post<ErrorsReply>('/api/v1/sqllab/execute/', { database_id: pgId, sql: 'SELECT 1', runAsync: false }),
      };
      for (const [name, ask] of Object.entries(asks)) {
        const started = Date.now();
        const r = await ask();
        expect(r.status, `${name}: ${r.text}`).toBe(408);
        expect(r.body.errors?.[0].error_type, name).toBe('SQLLAB_TIMEOUT_ERROR');
        expect(Date.now() - started, name).toBeGreaterThanOrEqual(TIME_LIMIT_S * 1000 - 100);
      }
    } finally {
      await release();
    }
  });

  it('wait for a slot and answer once it frees', async () => {
    const release = await holdSlot(pgId);
    const waiting = admin.get<{ result: string[] }>(`/api/v1/database/${pgId}/schemas/?q=(force:!t)`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await release();
    const r = await waiting;
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toContain('public');
  });

  it('are given up at once when their caller goes away, and leave the slot queue', async () => {
    const release = await holdSlot(pgId);
    const controller = new AbortController();
    const started = Date.now();
    const call = server.ctx.execution.metadata({ databaseId: pgId, timeoutMs: 60_000, signal: controller.signal }, (db) =>
      db.spec.getSchemas(db.pool, null),
    );
    setTimeout(() => controller.abort(new QueryCancelledError('The client went away; the query was stopped.')), 200);
    await expect(call).rejects.toBeInstanceOf(QueryCancelledError);
    expect(Date.now() - started).toBeLessThan(2000);
    await release();
    // the abandoned call took no slot: the next one runs at once
    const schemas = await server.ctx.execution.metadata({ databaseId: pgId, timeoutMs: 5000 }, (db) => db.spec.getSchemas(db.pool, null));
    expect(schemas).toContain('public');
  });
});

describe('a database that cannot be reached', () => {
  it('answers the same status and error to test connection, browsing, dataset columns and SQL', async () => {
    const asks = {
      testConnection: () => admin.post<ErrorsReply>('/api/v1/database/test_connection/', { sqlalchemy_uri: CLOSED_URL }),
      catalogs: () => admin.get<ErrorsReply>(`/api/v1/database/${brokenId}/catalogs/`),
      schemas: () => admin.get<ErrorsReply>(`/api/v1/database/${brokenId}/schemas/`),
      tables: () => admin.get<ErrorsReply>(`/api/v1/database/${brokenId}/tables/?q=(schema_name:public)`),
      tableMetadata: () => admin.get<ErrorsReply>(`/api/v1/database/${brokenId}/table_metadata/?name=orders&schema=public`),
      tableMetadataExtra: () => admin.get<ErrorsReply>(`/api/v1/database/${brokenId}/table_metadata/extra/?name=orders&schema=public`),
      datasetColumns: () => admin.post<ErrorsReply>('/api/v1/dataset/', { database: brokenId, schema: 'public', table_name: 'orders' }),
      sql: () => admin.post<ErrorsReply>('/api/v1/sqllab/execute/', { database_id: brokenId, sql: 'SELECT 1', runAsync: false }),
    };
    const expected = {
      errors: [
        {
          message: 'Port 1 on hostname "127.0.0.1" refused the connection.',
          error_type: 'CONNECTION_PORT_CLOSED_ERROR',
          level: 'error',
          extra: {},
        },
      ],
    };
    for (const [name, ask] of Object.entries(asks)) {
      const r = await ask();
      expect(r.status, `${name}: ${r.text}`).toBe(422);
      expect(r.body.errors, name).toEqual(expected.errors);
    }
  });
});
