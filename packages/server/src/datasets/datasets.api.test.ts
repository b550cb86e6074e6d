import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetDetail, DatasetListItem } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { databasePermView } from '../security/permissions.js';

let server: TestServer;
let admin: Client;
let examples: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let gary: { client: Client; id: number };

type Created = { id: number; result: Record<string, unknown> };
type List = { count: number; ids: number[]; result: DatasetListItem[] };

const create = (c: Client, body: Record<string, unknown>) =>
  c.post<Created>('/api/v1/dataset/', { database: examples, schema: 'main', ...body });
const perms = (view: string) =>
  server.ctx.store.db
    .selectFrom('ab_permission_view')
    .select('id')
    .where('permission', '=', 'datasource_access')
    .where('view_menu', '=', view)
    .execute();

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

describe('physical dataset', () => {
  let id: number;

  it('is created from an examples table with its columns typed, the creator as owner and a datasource permission', async () => {
    const r = await create(alice.client, { table_name: 'stocks' });
    expect(r.status).toBe(201);
    id = r.body.id;
    expect(r.body.result).toMatchObject({ database: examples, table_name: 'stocks', schema: 'main', sql: null, owners: [alice.id] });

    const got = await alice.client.get<{ id: number; result: DatasetDetail }>(`/api/v1/dataset/${id}`);
    expect(got.status).toBe(200);
    const ds = got.body.result;
    expect(ds).toMatchObject({
      id,
      kind: 'physical',
      name: 'main.stocks',
      main_dttm_col: 'date',
      database: { id: examples, database_name: 'examples', backend: 'duckdb' },
    });
    // the SQL field's dialect comes from the engine's spec
    expect(ds.database.engine_information?.editor_dialect).toMatchObject({ highlight: 'PostgreSQL', hash_comments: false });
    expect(ds.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([
      ['symbol', 1, false],
      ['date', 2, true],
      ['price', 0, false],
    ]);
    expect(ds.columns.find((c) => c.column_name === 'date')?.type).toBe('DATE');
    expect(ds.owners).toEqual([{ id: alice.id, first_name: 'Alice', last_name: 'Tester' }]);
    expect(ds.created_by?.id).toBe(alice.id);
    expect(await perms(`[examples].[stocks](id:${id})`)).toHaveLength(1);
  });

  it('answers only the requested columns, dotted keys selecting inside nested objects', async () => {
    const r = await alice.client.get<{ id: number; result: Record<string, unknown> }>(
      `/api/v1/dataset/${id}?q=(columns:!(name,schema,database.id,select_star))`,
    );
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(id);
    expect(r.body.result).toEqual({
      name: 'main.stocks',
      schema: 'main',
      database: { id: examples },
      select_star: expect.stringMatching(/^SELECT \*\s+FROM "main"\."stocks"\s+LIMIT 100$/),
    });
    // the preview SQL runs as SQL Lab would run it
    const open = await server.ctx.connections.get(examples);
    const preview = await open.pool.execute(String(r.body.result.select_star));
    expect(preview.rows.length).toBe(100);
    const owners = await alice.client.get<{ result: Record<string, unknown> }>(
      `/api/v1/dataset/${id}?q=(columns:!(owners.first_name,columns.column_name))`,
    );
    expect(owners.body.result).toEqual({
      owners: [{ first_name: 'Alice' }],
      columns: [{ column_name: 'symbol' }, { column_name: 'date' }, { column_name: 'price' }],
    });
  });

  it('is found by uuid too', async () => {
    const full = await alice.client.get<{ result: DatasetDetail }>(`/api/v1/dataset/${id}`);
    const byUuid = await alice.client.get<{ id: number }>(`/api/v1/dataset/${full.body.result.uuid}`);
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.id).toBe(id);
  });

  it('refuses a duplicate, a missing table, a missing database and invalid owners', async () => {
    const dup = await create(bob.client, { table_name: 'stocks' });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ message: { table_name: ['Dataset main.stocks already exists'] } });
    const missing = await create(alice.client, { table_name: 'no_such_table' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: { table_name: [expect.stringMatching(/^Table \[main\.no_such_table\] could not be found/)] } });
    const noDb = await alice.client.post('/api/v1/dataset/', { database: 99999, table_name: 'stocks' });
    expect(noDb.status).toBe(400);
    expect(noDb.body).toEqual({ message: { database: ['Database does not exist'] } });
    const owners = await create(alice.client, { table_name: 'airports', owners: [99999] });
    expect(owners.status).toBe(422);
    expect(owners.body).toEqual({ message: { owners: ['Owners are invalid'] } });
    const invalid = await alice.client.post('/api/v1/dataset/', { database: examples });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: { table_name: ['Missing data for required field.'] } });
  });

  it('get_or_create returns the existing dataset and creates a missing one once', async () => {
    const existing = await alice.client.post<{ result: { table_id: number } }>('/api/v1/dataset/get_or_create/', {
      table_name: 'stocks',
      database_id: examples,
      schema: 'main',
    });
    expect(existing.status).toBe(200);
    expect(existing.body.result.table_id).toBe(id);
    const first = await alice.client.post<{ result: { table_id: number } }>('/api/v1/dataset/get_or_create/', {
      table_name: 'airports',
      database_id: examples,
      schema: 'main',
    });
    const again = await bob.client.post<{ result: { table_id: number } }>('/api/v1/dataset/get_or_create/', {
      table_name: 'airports',
      database_id: examples,
      schema: 'main',
    });
    expect(first.status).toBe(200);
    expect(again.body.result.table_id).toBe(first.body.result.table_id);
    const airports = await alice.client.get<{ result: DatasetDetail }>(`/api/v1/dataset/${first.body.result.table_id}`);
    expect(airports.body.result.columns.map((c) => c.column_name)).toContain('iata');
    const missing = await alice.client.post('/api/v1/dataset/get_or_create/', {
      table_name: 'nope_table',
      database_id: examples,
      schema: 'main',
    });
    expect(missing.status).toBe(422);
  });
});

describe('virtual dataset', () => {
  it('takes its columns from running the SQL, and SQL Lab can open it', async () => {
    const sql = 'SELECT symbol, date, price * 2 AS doubled, price > 100 AS expensive FROM stocks;';
    const r = await create(alice.client, { table_name: 'stocks_doubled', sql });
    expect(r.status).toBe(201);
    expect(r.body.result).toMatchObject({ table_name: 'stocks_doubled', sql, database: examples });
    const got = await alice.client.get<{ result: DatasetDetail }>(`/api/v1/dataset/${r.body.id}`);
    const ds = got.body.result;
    expect(ds.kind).toBe('virtual');
    expect(ds.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([
      ['symbol', 1, false],
      ['date', 2, true],
      ['doubled', 0, false],
      ['expensive', 3, false],
    ]);
    expect(ds.select_star).toBe(
      `SELECT *\nFROM (\nSELECT symbol, date, price * 2 AS doubled, price > 100 AS expensive FROM stocks\n) AS virtual_table\nLIMIT 100`,
    );
    const open = await server.ctx.connections.get(examples);
    expect((await open.pool.execute(ds.select_star)).rows).toHaveLength(100);
  });

  it('refuses data-changing or broken SQL with a clear message and stores nothing', async () => {
    // the SQL Lab pipeline answers 400 for SQL it refuses or the database rejects
    const dml = await create(alice.client, { table_name: 'evil', sql: 'DELETE FROM stocks' });
    expect(dml.status).toBe(400);
    expect(dml.body).toMatchObject({ errors: [{ error_type: 'DML_NOT_ALLOWED_ERROR', message: expect.stringMatching(/Only SELECT/) }] });
    const two = await create(alice.client, { table_name: 'evil2', sql: 'SELECT 1; SELECT 2' });
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ errors: [{ error_type: 'INVALID_SQL_ERROR' }] });
    const broken = await create(alice.client, { table_name: 'broken', sql: 'SELECT no_such_column FROM stocks' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ errors: [{ error_type: 'COLUMN_DOES_NOT_EXIST_ERROR' }] });
    expect(JSON.stringify(broken.body)).toMatch(/no_such_column/);
    expect(JSON.stringify(broken.body)).not.toMatch(/at .*\.js/);
    const stored = await server.ctx.store.db
      .selectFrom('tables')
      .select('id')
      .where('table_name', 'in', ['evil', 'evil2', 'broken'])
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('permissions', () => {
  it('needs a login, and can_write on Dataset to create', async () => {
    expect((await server.client().get('/api/v1/dataset/')).status).toBe(401);
    const r = await create(gary.client, { table_name: 'flights' });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'You do not have permission to edit this dataset' });
  });

  it('hides datasets of databases the user cannot use: 404, and absent from the list', async () => {
    const stocks = (await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:stocks)))')).body.ids[0];
    const got = await gary.client.get(`/api/v1/dataset/${stocks}`);
    expect(got.status).toBe(404);
    expect((await gary.client.get(`/api/v1/dataset/999999`)).status).toBe(404);
    const list = await gary.client.get<List>('/api/v1/dataset/');
    expect(list.body).toEqual({ count: 0, ids: [], result: [] });
  });

  it('a datasource_access grant shows exactly that dataset', async () => {
    const stocks = (await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:stocks)))')).body.ids[0];
    await customRole(server, 'stocks_readers', [['datasource_access', `[examples].[stocks](id:${stocks})`]]);
    const reader = await loggedInUser(server, admin, 'rita', ['Gamma', 'stocks_readers']);
    const list = await reader.client.get<List>('/api/v1/dataset/');
    expect(list.body.ids).toEqual([stocks]);
    expect((await reader.client.get(`/api/v1/dataset/${stocks}`)).status).toBe(200);
  });

  it('a user who may use one database cannot create datasets in another', async () => {
    const other = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: `other ${process.pid}`,
      sqlalchemy_uri: 'postgresql://nobody@127.0.0.1:1/none',
    });
    expect(other.status).toBe(201);
    await customRole(server, 'examples_writers', [
      ['can_read', 'Dataset'],
      ['can_write', 'Dataset'],
      ['database_access', databasePermView('examples', examples)],
    ]);
    const sam = await loggedInUser(server, admin, 'sam', ['examples_writers']);
    const r = await sam.client.post('/api/v1/dataset/', { database: other.body.id, table_name: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { database: ['Database does not exist'] } });
    const ok = await sam.client.get<List>('/api/v1/dataset/');
    expect(ok.body.count).toBeGreaterThan(0);
    expect(ok.body.result.every((d) => d.database.id === examples)).toBe(true);
  });

  it('only owners and admins delete; others see the spec message; the permission goes with it', async () => {
    const r = await create(alice.client, { table_name: 'sp500' });
    const id = r.body.id;
    const byBob = await bob.client.delete(`/api/v1/dataset/${id}`);
    expect(byBob.status).toBe(403);
    expect(byBob.body).toEqual({ message: 'You do not have permission to edit this dataset' });
    expect((await gary.client.delete(`/api/v1/dataset/${id}`)).status).toBe(403);
    expect((await alice.client.get(`/api/v1/dataset/${id}`)).status).toBe(200);
    const ok = await alice.client.delete<{ message: string }>(`/api/v1/dataset/${id}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'OK' });
    expect((await alice.client.get(`/api/v1/dataset/${id}`)).status).toBe(404);
    expect((await alice.client.delete(`/api/v1/dataset/${id}`)).status).toBe(404);
    expect(await perms(`[examples].[sp500](id:${id})`)).toHaveLength(0);
    const columns = await server.ctx.store.db.selectFrom('table_columns').select('id').where('table_id', '=', id).execute();
    expect(columns).toEqual([]);
  });

  it('bulk delete removes all or nothing', async () => {
    const a = (await create(bob.client, { table_name: 'bulk_a', sql: 'SELECT 1 AS one' })).body.id;
    const b = (await create(bob.client, { table_name: 'bulk_b', sql: 'SELECT 2 AS two' })).body.id;
    const c = (await create(alice.client, { table_name: 'bulk_c', sql: 'SELECT 3 AS three' })).body.id;
    const mixed = await bob.client.delete(`/api/v1/dataset/?q=!(${a},${c})`);
    expect(mixed.status).toBe(403);
    const missing = await bob.client.delete(`/api/v1/dataset/?q=!(${a},999999)`);
    expect(missing.status).toBe(404);
    expect((await bob.client.get(`/api/v1/dataset/${a}`)).status).toBe(200);
    const ok = await bob.client.delete(`/api/v1/dataset/?q=!(${a},${b})`);
    expect(ok.body).toEqual({ message: 'Deleted 2 datasets' });
    expect((await bob.client.get(`/api/v1/dataset/${b}`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/dataset/?q=!(${c})`)).body).toEqual({ message: 'Deleted 1 dataset' });
    expect((await admin.delete('/api/v1/dataset/?q=(nope)')).status).toBe(400);
  });
});

describe('dataset list', () => {
  beforeAll(async () => {
    await create(bob.client, { table_name: 'Flights_Virtual', sql: 'SELECT origin, count(*) AS n FROM flights GROUP BY 1' });
  });

  it('lists with the documented fields', async () => {
    const r = await alice.client.get<List>(
      '/api/v1/dataset/?q=(filters:!((col:table_name,opr:ct,value:STOCKS)),order_column:table_name,order_direction:asc)',
    );
    expect(r.status).toBe(200);
    expect(r.body.result.map((d) => d.table_name)).toEqual(['stocks', 'stocks_doubled']);
    expect(r.body.count).toBe(2);
    expect(r.body.ids).toEqual(r.body.result.map((d) => d.id));
    const item = r.body.result[0];
    expect(item).toMatchObject({
      kind: 'physical',
      database: { id: examples, database_name: 'examples' },
      schema: 'main',
      catalog: null,
      sql: null,
      owners: [{ id: alice.id, first_name: 'Alice', last_name: 'Tester' }],
      changed_by: { id: alice.id, first_name: 'Alice', last_name: 'Tester' },
      created_by: { id: alice.id, first_name: 'Alice', last_name: 'Tester' },
      description: null,
      explore_url: `/explore/?datasource_type=table&datasource_id=${item.id}`,
    });
    expect(item.changed_on_delta_humanized).toMatch(/ago$/);
    expect(typeof item.changed_on).toBe('string');
  });

  it('filters virtual / physical, by owner, database, schema and ids', async () => {
    const virtual = await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:sql,opr:dataset_is_null_or_empty,value:!f)))');
    expect(virtual.body.result.every((d) => d.kind === 'virtual')).toBe(true);
    expect(virtual.body.result.map((d) => d.table_name)).toEqual(expect.arrayContaining(['stocks_doubled', 'Flights_Virtual']));
    const physical = await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:sql,opr:dataset_is_null_or_empty,value:!t)))');
    expect(physical.body.result.length).toBeGreaterThan(0);
    expect(physical.body.result.every((d) => d.kind === 'physical')).toBe(true);
    expect(virtual.body.count + physical.body.count).toBe((await alice.client.get<List>('/api/v1/dataset/')).body.count);
    const mine = await alice.client.get<List>(`/api/v1/dataset/?q=(filters:!((col:owners,opr:rel_m_m,value:${bob.id})))`);
    expect(mine.body.result.map((d) => d.table_name)).toEqual(['Flights_Virtual']);
    const byDb = await alice.client.get<List>(
      `/api/v1/dataset/?q=(filters:!((col:database,opr:eq,value:${examples}),(col:schema,opr:eq,value:main)))`,
    );
    expect(byDb.body.count).toBe((await alice.client.get<List>('/api/v1/dataset/')).body.count);
    const noneInSchema = await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:schema,opr:eq,value:nowhere)))');
    expect(noneInSchema.body.count).toBe(0);
    const some = physical.body.ids.slice(0, 2);
    const byIds = await alice.client.get<List>(`/api/v1/dataset/?q=(filters:!((col:id,opr:in,value:!(${some.join(',')}))))`);
    expect(byIds.body.ids.sort()).toEqual([...some].sort());
    const bad = await alice.client.get('/api/v1/dataset/?q=(filters:!((col:password,opr:eq,value:x)))');
    expect(bad.status).toBe(400);
  });

  it('filters on the database (rel_o_m), certification and name; every row tells its kind', async () => {
    const flights = (await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:ct,value:flights_v)))')).body;
    expect(flights.result.map((d) => [d.table_name, d.kind])).toEqual([['Flights_Virtual', 'virtual']]);
    const id = flights.ids[0];
    const put = await bob.client.put(`/api/v1/dataset/${id}`, {
      extra: '{"certification":{"certified_by":"Data team","details":"Checked"}}',
    });
    expect(put.status).toBe(200);
    const certified = await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:id,opr:dataset_is_certified,value:!t)))');
    expect(certified.body.ids).toEqual([id]);
    const uncertified = await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:id,opr:dataset_is_certified,value:!f)))');
    expect(uncertified.body.ids).not.toContain(id);
    expect(uncertified.body.count + certified.body.count).toBe((await alice.client.get<List>('/api/v1/dataset/')).body.count);
    const byDb = await alice.client.get<List>(`/api/v1/dataset/?q=(filters:!((col:database,opr:rel_o_m,value:${examples})))`);
    expect(byDb.body.count).toBe((await alice.client.get<List>('/api/v1/dataset/')).body.count);
    expect((await alice.client.get<List>('/api/v1/dataset/?q=(filters:!((col:database,opr:rel_o_m,value:999999)))')).body.count).toBe(0);
    expect(new Set(byDb.body.result.map((d) => d.kind))).toEqual(new Set(['physical', 'virtual']));
  });

  it('orders and pages', async () => {
    const desc = await alice.client.get<List>(
      '/api/v1/dataset/?q=(filters:!((col:table_name,opr:ct,value:stocks)),order_column:table_name,order_direction:desc)',
    );
    expect(desc.body.result.map((d) => d.table_name)).toEqual(['stocks_doubled', 'stocks']);
    const all = await alice.client.get<List>('/api/v1/dataset/?q=(order_column:table_name,order_direction:desc,page_size:100)');
    const page1 = await alice.client.get<List>('/api/v1/dataset/?q=(order_column:table_name,order_direction:desc,page:1,page_size:2)');
    expect(page1.body.count).toBe(all.body.count);
    expect(page1.body.ids).toEqual(all.body.ids.slice(2, 4));
    const byDbName = await alice.client.get<List>('/api/v1/dataset/?q=(order_column:database.database_name)');
    expect(byDbName.status).toBe(200);
    const newest = await alice.client.get<List>('/api/v1/dataset/');
    expect(newest.body.result[0].table_name).toBe('Flights_Virtual');
    const narrowed = await alice.client.get<{ result: Record<string, unknown>[] }>(
      '/api/v1/dataset/?q=(columns:!(id,table_name,database.database_name),page_size:1)',
    );
    expect(Object.keys(narrowed.body.result[0]).sort()).toEqual(['database', 'id', 'table_name']);
    expect(narrowed.body.result[0].database).toEqual({ database_name: 'examples' });
    expect((await alice.client.get('/api/v1/dataset/?q=(order_column:password)')).status).toBe(400);
    expect((await alice.client.get('/api/v1/dataset/99999999999')).status).toBe(404);
    expect((await alice.client.get('/api/v1/dataset/?q=(filters:!((col:id,opr:in,value:!(99999999999))))')).status).toBe(400);
  });
});
