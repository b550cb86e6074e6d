/**
 * SQL Lab's "Overwrite existing" (issue 26): a virtual dataset the user owns takes a query's SQL,
 * with `?override_columns=true` and the result's columns, as the peer's SaveDatasetModal sends it.
 * Someone else's dataset answers 403 and a physical one 422, each with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';
import { PHYSICAL_SQL_MESSAGE } from './update.js';

let server: TestServer;
let admin: Client;
let examples: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let gary: { client: Client; id: number };

type Created = { id: number; result: Record<string, unknown> };
type Detail = { id: number; result: DatasetDetail };
type List = { count: number; result: { id: number; table_name: string }[] };

const create = async (c: Client, body: Record<string, unknown>) => {
  const r = await c.post<Created>('/api/v1/dataset/', { database: examples, schema: 'main', ...body });
  expect(r.status).toBe(201);
  return r.body.id;
};
const detail = async (c: Client, id: number) => (await c.get<Detail>(`/api/v1/dataset/${id}`)).body.result;
/** The body SQL Lab sends: the new SQL, the result's columns, the owners kept. */
const overwriteBody = (sql: string, columns: { column_name: string; type: string; is_dttm: boolean }[], owners: number[]) => ({
  sql,
  database_id: examples,
  schema: 'main',
  columns,
  owners,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  examples = server.examplesId;
  alice = await loggedInUser(server, admin, 'alice', ['Alpha']);
  bob = await loggedInUser(server, admin, 'bob', ['Alpha']);
  gary = await loggedInUser(server, admin, 'gary', ['Gamma']);
});

afterAll(async () => {
  await server?.close();
});

describe('overwriting a virtual dataset with a query', () => {
  it('replaces the SQL and syncs the columns with the new result', async () => {
    const id = await create(alice.client, { table_name: 'ow_prices', sql: 'SELECT symbol, price FROM stocks' });
    const sql = 'SELECT symbol, date, price * 2 AS doubled FROM stocks';
    const r = await alice.client.put(
      `/api/v1/dataset/${id}?override_columns=true`,
      overwriteBody(
        sql,
        [
          { column_name: 'symbol', type: 'VARCHAR', is_dttm: false },
          { column_name: 'date', type: 'DATE', is_dttm: true },
          { column_name: 'doubled', type: 'DOUBLE', is_dttm: false },
        ],
        [alice.id],
      ),
    );
    expect(r.status).toBe(200);
    const ds = await detail(alice.client, id);
    expect(ds.sql).toBe(sql);
    expect(ds.columns.map((c) => c.column_name).sort()).toEqual(['date', 'doubled', 'symbol']);
    expect(ds.columns.find((c) => c.column_name === 'date')?.is_dttm).toBe(true);
    expect(ds.owners.map((o) => o.id)).toEqual([alice.id]);
  });

  it("answers 403 with the reason for someone else's dataset, and leaves it as it was", async () => {
    const sql = 'SELECT symbol FROM stocks';
    const id = await create(alice.client, { table_name: 'ow_alices', sql });
    const r = await bob.client.put(
      `/api/v1/dataset/${id}?override_columns=true`,
      overwriteBody('SELECT 1 AS one', [{ column_name: 'one', type: 'INTEGER', is_dttm: false }], [bob.id]),
    );
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'You do not have permission to edit this dataset' });
    expect((await detail(alice.client, id)).sql).toBe(sql);
    // a user who may not write datasets at all is refused before the dataset is looked at
    expect((await gary.client.put(`/api/v1/dataset/${id}?override_columns=true`, { sql: 'SELECT 1 AS one' })).status).toBe(403);
  });

  it('answers 422 naming the reason for a physical dataset, and leaves it as it was', async () => {
    const id = await create(alice.client, { table_name: 'airports' });
    const before = await detail(alice.client, id);
    expect(before.sql).toBeNull();
    const r = await alice.client.put(
      `/api/v1/dataset/${id}?override_columns=true`,
      overwriteBody('SELECT 1 AS one', [{ column_name: 'one', type: 'INTEGER', is_dttm: false }], [alice.id]),
    );
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: { sql: [PHYSICAL_SQL_MESSAGE] } });
    const after = await detail(alice.client, id);
    expect(after.sql).toBeNull();
    expect(after.columns.map((c) => c.column_name)).toEqual(before.columns.map((c) => c.column_name));
    // other edits of a physical dataset still work, and so does an empty SQL
    expect((await alice.client.put(`/api/v1/dataset/${id}`, { description: 'the airports', sql: '' })).status).toBe(200);
    expect((await detail(alice.client, id)).description).toBe('the airports');
  });

  it('answers 404 for a dataset that does not exist', async () => {
    const r = await alice.client.put('/api/v1/dataset/987654?override_columns=true', { sql: 'SELECT 1 AS one' });
    expect(r.status).toBe(404);
  });

  it('lists as candidates only the virtual datasets the user owns', async () => {
    await create(alice.client, { table_name: 'cand_virtual_mine', sql: 'SELECT 1 AS one' });
    await create(bob.client, { table_name: 'cand_virtual_bobs', sql: 'SELECT 2 AS two' });
    const list = async (name: string) => {
      const q = `(filters:!((col:table_name,opr:ct,value:'${name}'),(col:owners,opr:rel_m_m,value:${alice.id}),(col:sql,opr:dataset_is_null_or_empty,value:!f)),page:0,page_size:100)`;
      const r = await alice.client.get<List>(`/api/v1/dataset/?q=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
      return r.body.result.map((d) => d.table_name).sort();
    };
    // alice's physical "airports" and bob's dataset are not offered
    expect(await list('')).toEqual(['cand_virtual_mine', 'ow_alices', 'ow_prices']);
    expect(await list('cand')).toEqual(['cand_virtual_mine']);
  });
});
