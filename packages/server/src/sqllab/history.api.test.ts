import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { insertQuery } from '../test-support/sqllab-fixtures.js';
import { storedTables, tablesForStorage } from './history.js';

let server: TestServer;
let admin: Client;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  adminId = (await admin.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
});
afterAll(async () => server?.close());

type Listed = {
  result: { id: number; sql: string; sql_tables: { catalog: string | null; schema: string | null; table: string }[] }[];
  count: number;
};

const listEditor = (editor: string) =>
  admin.get<Listed>(`/api/v1/query/?q=${encodeURIComponent(`(filters:!((col:sql_editor_id,opr:eq,value:'${editor}')),page_size:50)`)}`);

async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work;
  return { ms: performance.now() - t0, value };
}

const storedColumn = async (id: number) =>
  (await server.ctx.store.db.selectFrom('query').select('sql_tables').where('id', '=', id).executeTakeFirstOrThrow()).sql_tables;

/** ~96 KB of UNION ALL over a few tables: seconds of parsing for node-sql-parser. */
function bigQuery(n: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 96_000; i++) {
    const part = `SELECT ${i} AS n, '${n}-${i}' AS tag FROM main.flights_${i % 5} WHERE origin = 'A${i}'`;
    parts.push(part);
    size += part.length + 11;
  }
  return parts.join('\nUNION ALL\n');
}

describe('query history lists without parsing SQL per request', () => {
  it('shows the stored tables of a query as they are, without parsing its SQL', async () => {
    const row = await insertQuery(server, {
      database_id: server.examplesId!,
      user_id: adminId,
      sql_editor_id: 'stored',
      sql: 'SELECT * FROM flights',
    });
    await server.ctx.store.db
      .updateTable('query')
      .set({ sql_tables: '[{"catalog":null,"schema":"main","table":"kept_as_stored"}]' })
      .where('id', '=', row.id)
      .execute();
    const r = await listEditor('stored');
    expect(r.status).toBe(200);
    expect(r.body.result.map((q) => q.sql_tables)).toEqual([[{ catalog: null, schema: 'main', table: 'kept_as_stored' }]]);
  });

  it('fills in the tables of an older row once and stores them', async () => {
    const row = await insertQuery(server, {
      database_id: server.examplesId!,
      user_id: adminId,
      sql_editor_id: 'older',
      sql: 'SELECT f.origin, a.name FROM flights f JOIN main.airports a ON a.iata = f.origin',
    });
    expect(await storedColumn(row.id)).toBeNull();
    const expected = [
      { catalog: null, schema: null, table: 'flights' },
      { catalog: null, schema: 'main', table: 'airports' },
    ];
    let listed: unknown = null;
    for (let i = 0; i < 50 && JSON.stringify(listed) !== JSON.stringify(expected); i++) {
      listed = (await listEditor('older')).body.result[0].sql_tables;
      if (JSON.stringify(listed) !== JSON.stringify(expected)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(listed).toEqual(expected);
    expect(JSON.parse((await storedColumn(row.id))!)).toEqual(expected);
  });

  it('answers in under a second with twenty 96 KB queries, and other requests are not held up', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        (await insertQuery(server, { database_id: server.examplesId!, user_id: adminId, sql_editor_id: 'big', sql: bigQuery(i) })).id,
      );
    }
    const stored = await server.ctx.store.db
      .selectFrom('query')
      .select((eb) => eb.fn.sum<number>(eb.fn('length', ['sql'])).as('size'))
      .where('sql_editor_id', '=', 'big')
      .executeTakeFirstOrThrow();
    expect(Number(stored.size)).toBeGreaterThan(20 * 95_000);

    for (let round = 0; round < 3; round++) {
      const [list, me] = await Promise.all([timed(listEditor('big')), timed(admin.get<{ result: { id: number } }>('/api/v1/me/'))]);
      expect(list.value.status).toBe(200);
      expect(list.value.body.result).toHaveLength(20);
      expect(list.value.body.result.every((q) => q.sql.length > 95_000)).toBe(true);
      expect(list.ms, `listing, round ${round}`).toBeLessThan(1000);
      expect(me.value.status).toBe(200);
      expect(me.ms, `/api/v1/me/ beside the listing, round ${round}`).toBeLessThan(1000);
    }
  }, 120_000);
});

describe('tables stored with a query', () => {
  it('are JSON of the tables the SQL reads, [] when it cannot tell', async () => {
    expect(JSON.parse(await tablesForStorage('SELECT * FROM sales.orders o JOIN customers c ON c.id = o.c', 'PostgresQL'))).toEqual([
      { catalog: null, schema: 'sales', table: 'orders' },
      { catalog: null, schema: null, table: 'customers' },
    ]);
    expect(await tablesForStorage('SELECT {{ col }} FROM {{ t }}', 'PostgresQL')).toBe('[]');
    expect(await tablesForStorage(`SELECT 1 AS a /* ${'x'.repeat(200_000)} */`, 'MySQL')).toBe('[]');
  });

  it('read back in the API shape, also from `schema.table` strings', () => {
    expect(storedTables('[{"catalog":null,"schema":"main","table":"flights"}]')).toEqual([
      { catalog: null, schema: 'main', table: 'flights' },
    ]);
    expect(storedTables('["main.flights","lake.sales.orders","plain"]')).toEqual([
      { catalog: null, schema: 'main', table: 'flights' },
      { catalog: 'lake', schema: 'sales', table: 'orders' },
      { catalog: null, schema: null, table: 'plain' },
    ]);
    expect(storedTables('not json')).toEqual([]);
  });
});
