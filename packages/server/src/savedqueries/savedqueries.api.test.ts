import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedQueryRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { databaseGrant, insertDatabase, loginAs, type TestUser } from '../test-support/sqllab-fixtures.js';

type Item = { id: number; result: SavedQueryRecord };
type List = { count: number; ids: number[]; result: SavedQueryRecord[] };

let server: TestServer;
let admin: Client;
let adminId: number;
let alice: TestUser;
let bob: TestUser;
let examples: number;
let hidden: number;

const list = (c: Client, q: Record<string, unknown>) => c.get<List>(`/api/v1/saved_query/?q=${encodeURIComponent(rison.encode(q))}`);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  adminId = (await admin.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
  examples = server.examplesId!;
  hidden = await insertDatabase(server, 'finance');
  alice = await loginAs(server, 'alice', ['sql_lab'], [databaseGrant('examples', examples)]);
  bob = await loginAs(server, 'bob', ['sql_lab'], [databaseGrant('examples', examples)]);
});

afterAll(async () => {
  await server?.close();
});

describe('saving a query', () => {
  it('creates it (201) and reads it back with its database, author and tables', async () => {
    const body = {
      db_id: examples,
      label: 'Busiest airports',
      sql: 'WITH busy AS (SELECT origin, count(*) AS n FROM main.flights GROUP BY 1) SELECT * FROM busy JOIN airports a ON a.iata = busy.origin',
      schema: 'main',
      description: 'top origins',
      template_parameters: '{"limit": 10}',
    };
    const created = await alice.client.post<Item>('/api/v1/saved_query/', body);
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({
      id: created.body.id,
      db_id: examples,
      label: 'Busiest airports',
      schema: 'main',
      catalog: null,
      description: 'top origins',
      template_parameters: '{"limit": 10}',
      extra_json: '{}',
      database: { id: examples, database_name: 'examples' },
      created_by: { id: alice.id, first_name: 'alice', last_name: 'Tester' },
      changed_by: { id: alice.id, first_name: 'alice', last_name: 'Tester' },
      changed_on_delta_humanized: 'a few seconds ago',
      last_run: null,
      rows: null,
    });
    // the CTE `busy` is not a table
    expect(created.body.result.sql_tables).toEqual([
      { catalog: null, schema: 'main', table: 'flights' },
      { catalog: null, schema: null, table: 'airports' },
    ]);
    const got = await alice.client.get<Item>(`/api/v1/saved_query/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ id: created.body.id, result: created.body.result });
  });

  it('lists no tables for SQL the parser cannot read (a template)', async () => {
    const r = await alice.client.post<Item>('/api/v1/saved_query/', {
      db_id: examples,
      label: 'templated',
      sql: 'SELECT {{ col }} FROM {{ tbl }}',
    });
    expect(r.status).toBe(201);
    expect(r.body.result.sql_tables).toEqual([]);
  });

  it('stores a schedule kept in extra_json', async () => {
    const extra = JSON.stringify({ schedule_info: { output_table: 'daily', start_date: '2024-06-01', schedule_interval: '@daily' } });
    const r = await alice.client.post<Item>('/api/v1/saved_query/', {
      db_id: examples,
      label: 'scheduled',
      sql: 'SELECT 1',
      extra_json: extra,
    });
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body.result.extra_json)).toEqual(JSON.parse(extra));
  });

  it('names the field that is wrong', async () => {
    const missing = await alice.client.post('/api/v1/saved_query/', { db_id: examples, sql: 'SELECT 1' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { label: ['Missing data for required field.'] } });
    const blank = await alice.client.post('/api/v1/saved_query/', { db_id: examples, label: '   ', sql: 'SELECT 1' });
    expect(blank.body).toEqual({ message: { label: ['Field cannot be empty.'] } });
    const notJson = await alice.client.post('/api/v1/saved_query/', {
      db_id: examples,
      label: 'x',
      sql: 'SELECT 1',
      extra_json: '{schedule',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ message: { extra_json: ['Field cannot be decoded by JSON: extra_json is not valid JSON'] } });
    const notObject = await alice.client.post('/api/v1/saved_query/', {
      db_id: examples,
      label: 'x',
      sql: 'SELECT 1',
      extra_json: '[1,2]',
    });
    expect(notObject.body).toEqual({ message: { extra_json: ['extra_json must be a JSON object'] } });
    const badSchedule = await alice.client.post('/api/v1/saved_query/', {
      db_id: examples,
      label: 'x',
      sql: 'SELECT 1',
      extra_json: '{"schedule_info":"daily"}',
    });
    expect(badSchedule.body).toEqual({ message: { extra_json: ['schedule_info must be a JSON object'] } });
  });

  it('treats a database the user may not use like one that does not exist', async () => {
    const invisible = await alice.client.post('/api/v1/saved_query/', { db_id: hidden, label: 'x', sql: 'SELECT 1' });
    const missing = await alice.client.post('/api/v1/saved_query/', { db_id: 999_999, label: 'x', sql: 'SELECT 1' });
    expect(invisible.status).toBe(400);
    expect(invisible.body).toEqual({ message: { db_id: ['Database does not exist'] } });
    expect(missing.body).toEqual(invisible.body);
    // the admin may use every database
    expect((await admin.post('/api/v1/saved_query/', { db_id: hidden, label: 'finance q', sql: 'SELECT 1' })).status).toBe(201);
  });
});

describe('ownership', () => {
  let aliceQuery: number;

  beforeAll(async () => {
    aliceQuery = (await alice.client.post<Item>('/api/v1/saved_query/', { db_id: examples, label: 'mine only', sql: 'SELECT 2' })).body.id;
  });

  it('another user gets the same 404 as for a missing query, and changes nothing', async () => {
    const missing = await bob.client.get('/api/v1/saved_query/999999');
    expect(missing.status).toBe(404);
    const get = await bob.client.get(`/api/v1/saved_query/${aliceQuery}`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual(missing.body);
    expect((await bob.client.put(`/api/v1/saved_query/${aliceQuery}`, { label: 'stolen' })).status).toBe(404);
    expect((await bob.client.delete(`/api/v1/saved_query/${aliceQuery}`)).status).toBe(404);
    const still = await alice.client.get<Item>(`/api/v1/saved_query/${aliceQuery}`);
    expect(still.body.result.label).toBe('mine only');
  });

  it('a user lists only their own queries; an admin lists everyone’s', async () => {
    await bob.client.post('/api/v1/saved_query/', { db_id: examples, label: 'bob’s', sql: 'SELECT 3' });
    const mine = await alice.client.get<List>('/api/v1/saved_query/');
    expect(mine.status).toBe(200);
    expect(mine.body.result.every((q) => q.created_by?.id === alice.id)).toBe(true);
    expect(mine.body.count).toBe(mine.body.result.length);
    const all = await admin.get<List>('/api/v1/saved_query/?q=(page_size:100)');
    const authors = new Set(all.body.result.map((q) => q.created_by?.id));
    expect(authors).toEqual(new Set([alice.id, bob.id, adminId]));
    expect(all.body.count).toBe(mine.body.count + 2);
  });

  it('the owner updates part of it; the admin may too', async () => {
    const r = await alice.client.put<Item>(`/api/v1/saved_query/${aliceQuery}`, { label: 'renamed', description: 'now described' });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      id: aliceQuery,
      label: 'renamed',
      description: 'now described',
      sql: 'SELECT 2',
      db_id: examples,
    });
    const byAdmin = await admin.put<Item>(`/api/v1/saved_query/${aliceQuery}`, { sql: 'SELECT 22' });
    expect(byAdmin.body.result).toMatchObject({
      label: 'renamed',
      sql: 'SELECT 22',
      changed_by: expect.objectContaining({ id: adminId }),
      created_by: expect.objectContaining({ id: alice.id }),
    });
    const moved = await alice.client.put(`/api/v1/saved_query/${aliceQuery}`, { db_id: hidden });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ message: { db_id: ['Database does not exist'] } });
    const badExtra = await alice.client.put(`/api/v1/saved_query/${aliceQuery}`, { extra_json: 'nope' });
    expect(badExtra.status).toBe(400);
  });

  it('needs SavedQuery permissions and a login', async () => {
    const gamma = await loginAs(server, 'gail', ['Gamma']);
    const r = await gamma.client.get('/api/v1/saved_query/');
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'You do not have permission to edit this saved query' });
    expect((await gamma.client.post('/api/v1/saved_query/', { db_id: examples, label: 'x', sql: 'SELECT 1' })).status).toBe(403);
    expect((await server.client().get('/api/v1/saved_query/')).status).toBe(401);
  });

  it('refuses a session write without the CSRF token', async () => {
    const r = await alice.client.post('/api/v1/saved_query/', { db_id: examples, label: 'no csrf', sql: 'SELECT 1' }, { csrf: false });
    expect(r.status).toBe(400);
    const found = await list(alice.client, { filters: [{ col: 'label', opr: 'eq', value: 'no csrf' }] });
    expect(found.body.count).toBe(0);
  });
});

describe('listing', () => {
  let carol: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    carol = await loginAs(server, 'carol', ['sql_lab'], [databaseGrant('examples', examples)]);
    const rows = [
      { label: 'Revenue by month', sql: 'SELECT month, sum(amount) FROM sales GROUP BY 1', schema: 'main', description: '' },
      { label: 'Flight delays', sql: 'SELECT avg(delay) FROM flights', schema: 'main', description: 'for the ops review' },
      { label: 'stock prices', sql: 'SELECT * FROM stocks', schema: 'other', description: '' },
      { label: '100% done', sql: 'SELECT 1', schema: null, description: '' },
    ];
    for (const row of rows) ids[row.label] = (await carol.client.post<Item>('/api/v1/saved_query/', { db_id: examples, ...row })).body.id;
  });

  const labels = (r: { body: List }) => r.body.result.map((q) => q.label);

  it('filters by label (contains, case-insensitive, literally; or equal)', async () => {
    expect(labels(await list(carol.client, { filters: [{ col: 'label', opr: 'ct', value: 'FLIGHT' }] }))).toEqual(['Flight delays']);
    expect(labels(await list(carol.client, { filters: [{ col: 'label', opr: 'ct', value: '0%' }] }))).toEqual(['100% done']);
    expect(labels(await list(carol.client, { filters: [{ col: 'label', opr: 'ct', value: '_' }] }))).toEqual([]);
    expect(labels(await list(carol.client, { filters: [{ col: 'label', opr: 'eq', value: 'stock prices' }] }))).toEqual(['stock prices']);
  });

  it('searches label, SQL and description with all_text', async () => {
    const r = await list(carol.client, {
      filters: [{ col: 'label', opr: 'all_text', value: 'ops' }],
      order_column: 'label',
      order_direction: 'asc',
    });
    expect(labels(r)).toEqual(['Flight delays']);
    const bySql = await list(carol.client, { filters: [{ col: 'all_text', opr: 'all_text', value: 'stocks' }] });
    expect(labels(bySql)).toEqual(['stock prices']);
  });

  it('filters by database, schema, author and ids', async () => {
    expect((await list(carol.client, { filters: [{ col: 'database', opr: 'rel_o_m', value: examples }] })).body.count).toBe(4);
    expect((await list(carol.client, { filters: [{ col: 'database', opr: 'rel_o_m', value: hidden }] })).body.count).toBe(0);
    expect(labels(await list(carol.client, { filters: [{ col: 'schema', opr: 'eq', value: 'other' }] }))).toEqual(['stock prices']);
    expect((await list(carol.client, { filters: [{ col: 'created_by', opr: 'rel_o_m', value: carol.id }] })).body.count).toBe(4);
    const byAuthor = await list(admin, { filters: [{ col: 'created_by', opr: 'rel_o_m', value: carol.id }], page_size: 100 });
    expect(byAuthor.body.count).toBe(4);
    const some = await list(carol.client, {
      filters: [{ col: 'id', opr: 'in', value: [ids['stock prices'], ids['100% done']] }],
      order_column: 'label',
    });
    expect(labels(some)).toEqual(['100% done', 'stock prices']);
    expect(some.body.ids).toEqual([ids['100% done'], ids['stock prices']]);
  });

  it('sorts and pages', async () => {
    const asc = await list(carol.client, { order_column: 'label', order_direction: 'asc' });
    expect(labels(asc)).toEqual(['100% done', 'Flight delays', 'Revenue by month', 'stock prices'].sort((a, b) => (a < b ? -1 : 1)));
    const desc = await list(carol.client, { order_column: 'label', order_direction: 'desc' });
    expect(labels(desc)).toEqual([...labels(asc)].reverse());
    const page1 = await list(carol.client, { order_column: 'label', order_direction: 'asc', page: 1, page_size: 3 });
    expect(page1.body.count).toBe(4);
    expect(labels(page1)).toEqual([labels(asc)[3]]);
    // newest first by default
    const byDefault = await carol.client.get<List>('/api/v1/saved_query/');
    expect(byDefault.body.ids[0]).toBe(ids['100% done']);
    expect((await list(carol.client, { order_column: 'database.database_name' })).status).toBe(200);
  });

  it('rejects filters and sort columns it does not know', async () => {
    const badFilter = await list(carol.client, { filters: [{ col: 'sql', opr: 'eq', value: 'x' }] });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toEqual({ message: { filters: ['Filter on sql with eq is not supported.'] } });
    const badOrder = await list(carol.client, { order_column: 'password' });
    expect(badOrder.body).toEqual({ message: { order_column: ['Not a valid choice.'] } });
    const badDb = await list(carol.client, { filters: [{ col: 'database', opr: 'rel_o_m', value: 'examples' }] });
    expect(badDb.status).toBe(400);
  });
});

describe('deleting', () => {
  it('deletes one, and several at once with a rison list', async () => {
    const mk = async (c: Client, label: string) =>
      (await c.post<Item>('/api/v1/saved_query/', { db_id: examples, label, sql: 'SELECT 1' })).body.id;
    const one = await mk(alice.client, 'del one');
    const r = await alice.client.delete(`/api/v1/saved_query/${one}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'OK' });
    expect((await alice.client.get(`/api/v1/saved_query/${one}`)).status).toBe(404);

    const [a, b, c] = [await mk(alice.client, 'bulk a'), await mk(alice.client, 'bulk b'), await mk(alice.client, 'bulk c')];
    const bobs = await mk(bob.client, 'bulk bob');
    // one id that is not hers: 404 and nothing deleted
    const refused = await alice.client.delete(`/api/v1/saved_query/?q=${rison.encode([a, b, bobs])}`);
    expect(refused.status).toBe(404);
    for (const id of [a, b]) expect((await alice.client.get(`/api/v1/saved_query/${id}`)).status).toBe(200);
    expect((await bob.client.get(`/api/v1/saved_query/${bobs}`)).status).toBe(200);
    const gone = await alice.client.delete(`/api/v1/saved_query/?q=${rison.encode([999_999, a])}`);
    expect(gone.status).toBe(404);

    const ok = await alice.client.delete(`/api/v1/saved_query/?q=${rison.encode([a, b, c])}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Deleted 3 saved queries' });
    for (const id of [a, b, c]) expect((await alice.client.get(`/api/v1/saved_query/${id}`)).status).toBe(404);
    const single = await bob.client.delete(`/api/v1/saved_query/?q=!(${bobs})`);
    expect(single.body).toEqual({ message: 'Deleted 1 saved query' });
  });

  it('says what is wrong with the id list', async () => {
    for (const q of ['', '(a:1)', '!()', "!('x')", '!(1,']) {
      const r = await alice.client.delete(`/api/v1/saved_query/?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(400);
      expect(r.body).toEqual({ message: { q: ['Must be a rison list of saved query ids, e.g. !(1,2).'] } });
    }
  });
});
