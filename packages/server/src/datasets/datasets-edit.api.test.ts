import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetDetail, ExploreDatasource } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let examples: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let gary: { client: Client; id: number };
/** may write datasets, but sees no data */
let nora: { client: Client; id: number };

type Created = { id: number; result: Record<string, unknown> };
type Detail = { id: number; result: DatasetDetail };

const create = (c: Client, body: Record<string, unknown>) =>
  c.post<Created>('/api/v1/dataset/', { database: examples, schema: 'main', ...body });
const detail = async (c: Client, id: number) => (await c.get<Detail>(`/api/v1/dataset/${id}`)).body.result;
const permViews = async (id: number) =>
  (
    await server.ctx.store.db
      .selectFrom('ab_permission_view')
      .select('view_menu')
      .where('permission', '=', 'datasource_access')
      .where('view_menu', 'like', `%](id:${id})`)
      .execute()
  ).map((r) => r.view_menu);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  examples = server.examplesId;
  alice = await loggedInUser(server, admin, 'alice', ['Alpha']);
  bob = await loggedInUser(server, admin, 'bob', ['Alpha']);
  gary = await loggedInUser(server, admin, 'gary', ['Gamma']);
  await customRole(server, 'dataset_writers_without_data', [
    ['can_read', 'Dataset'],
    ['can_write', 'Dataset'],
  ]);
  nora = await loggedInUser(server, admin, 'nora', ['dataset_writers_without_data']);
});

afterAll(async () => {
  await server?.close();
});

describe('a new dataset', () => {
  it('starts with the count metric', async () => {
    const r = await create(alice.client, { table_name: 'airports' });
    expect(r.status).toBe(201);
    const ds = await detail(alice.client, r.body.id);
    expect(ds.metrics.map((m) => [m.metric_name, m.expression, m.metric_type, m.verbose_name])).toEqual([
      ['count', 'COUNT(*)', 'count', 'COUNT(*)'],
    ]);
    expect(ds.metrics[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(ds.columns.every((c) => typeof c.uuid === 'string')).toBe(true);
  });
});

describe('PUT /api/v1/dataset/{id}', () => {
  let id: number;
  let ds: DatasetDetail;

  beforeAll(async () => {
    const r = await create(alice.client, { table_name: 'stock_prices', sql: 'SELECT symbol, date, price FROM stocks' });
    expect(r.status).toBe(201);
    id = r.body.id;
    ds = await detail(alice.client, id);
  });

  it('owners change fields, columns and metrics (full lists), owners; the reply echoes the change', async () => {
    const symbol = ds.columns.find((c) => c.column_name === 'symbol');
    const date = ds.columns.find((c) => c.column_name === 'date');
    const before = ds.changed_on;
    const body = {
      description: 'Daily closing prices',
      cache_timeout: 600,
      filter_select_enabled: false,
      fetch_values_predicate: "symbol <> 'X'",
      owners: [alice.id, bob.id],
      // price is left out: it goes; a calculated column comes in
      columns: [
        { id: symbol?.id, column_name: 'symbol', verbose_name: 'Ticker', description: 'Stock symbol', groupby: true, filterable: true },
        { id: date?.id, column_name: 'date', is_dttm: true, python_date_format: '%Y-%m-%d' },
        { column_name: 'price_x2', expression: 'price * 2', type: 'DOUBLE', verbose_name: 'Double price' },
      ],
      // count is left out: it goes; a new metric with a currency comes in
      metrics: [
        {
          metric_name: 'avg_price',
          expression: 'AVG(price)',
          verbose_name: 'Average price',
          d3format: ',.2f',
          currency: { symbol: 'USD', symbolPosition: 'prefix' },
        },
      ],
    };
    const r = await alice.client.put<{ id: number; result: unknown }>(`/api/v1/dataset/${id}`, body);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id, result: body });

    const after = await detail(alice.client, id);
    expect(after).toMatchObject({
      description: 'Daily closing prices',
      cache_timeout: 600,
      filter_select_enabled: false,
      fetch_values_predicate: "symbol <> 'X'",
      changed_by: { id: alice.id },
    });
    expect(after.changed_on > before).toBe(true);
    expect(after.owners.map((o) => o.id).sort()).toEqual([alice.id, bob.id].sort());
    expect(after.columns.map((c) => [c.column_name, c.verbose_name, c.expression])).toEqual([
      ['symbol', 'Ticker', null],
      ['date', null, null],
      ['price_x2', 'Double price', 'price * 2'],
    ]);
    // the edited columns keep their ids and the source's types
    expect(after.columns[0]).toMatchObject({ id: symbol?.id, type_generic: 1, description: 'Stock symbol' });
    expect(after.columns[1]).toMatchObject({ id: date?.id, is_dttm: true, python_date_format: '%Y-%m-%d' });
    expect(after.columns[2]).toMatchObject({ type: 'DOUBLE', type_generic: 0, is_dttm: false });
    expect(after.metrics).toHaveLength(1);
    expect(after.metrics[0]).toMatchObject({ metric_name: 'avg_price', d3format: ',.2f' });
    expect(JSON.parse(after.metrics[0].currency ?? 'null')).toEqual({ symbol: 'USD', symbolPosition: 'prefix' });
    ds = after;
  });

  it('bob, now an owner, may edit; gary (read only) and non-owners may not; a user who cannot see it gets 404', async () => {
    expect((await bob.client.put(`/api/v1/dataset/${id}`, { description: 'by bob' })).status).toBe(200);
    const other = (await create(alice.client, { table_name: 'alice_only', sql: 'SELECT 1 AS one' })).body.id;
    const byBob = await bob.client.put(`/api/v1/dataset/${other}`, { description: 'x' });
    expect(byBob.status).toBe(403);
    expect(byBob.body).toEqual({ message: 'You do not have permission to edit this dataset' });
    expect((await gary.client.put(`/api/v1/dataset/${other}`, { description: 'x' })).status).toBe(403);
    expect((await nora.client.put(`/api/v1/dataset/${other}`, { description: 'x' })).status).toBe(404);
    expect((await alice.client.put('/api/v1/dataset/999999', { description: 'x' })).status).toBe(404);
    expect((await admin.put(`/api/v1/dataset/${other}`, { description: 'by the admin' })).status).toBe(200);
    expect((await detail(alice.client, other)).description).toBe('by the admin');
  });

  it('refuses duplicated, unknown or already stored columns and metrics, and changes nothing', async () => {
    const cols = ds.columns.map((c) => ({ id: c.id, column_name: c.column_name }));
    const dupCols = await alice.client.put(`/api/v1/dataset/${id}`, {
      description: 'never stored',
      columns: [...cols, { column_name: 'symbol', expression: 'upper(symbol)' }],
    });
    expect(dupCols.status).toBe(422);
    expect(dupCols.body).toEqual({ message: { columns: ['One or more columns are duplicated'] } });
    const dupMetrics = await alice.client.put(`/api/v1/dataset/${id}`, {
      metrics: [
        { metric_name: 'm', expression: 'SUM(price)' },
        { metric_name: 'm', expression: 'MAX(price)' },
      ],
    });
    expect(dupMetrics.body).toEqual({ message: { metrics: ['One or more metrics are duplicated'] } });
    const unknown = await alice.client.put(`/api/v1/dataset/${id}`, { columns: [...cols.slice(1), { id: 999999, column_name: 'zzz' }] });
    expect(unknown.body).toEqual({ message: { columns: ['One or more columns do not exist'] } });
    const stored = await alice.client.put(`/api/v1/dataset/${id}`, { metrics: [{ metric_name: 'avg_price', expression: 'AVG(price)' }] });
    expect(stored.body).toEqual({ message: { metrics: ['One or more metrics already exist'] } });
    expect((await detail(alice.client, id)).description).toBe('by bob');
  });

  it('refuses a name another dataset has, unknown owners and a default datetime column that is not temporal', async () => {
    await create(alice.client, { table_name: 'taken_name', sql: 'SELECT 2 AS two' });
    const clash = await alice.client.put(`/api/v1/dataset/${id}`, { table_name: 'taken_name' });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({ message: { table_name: ['Dataset main.taken_name already exists'] } });
    const owners = await alice.client.put(`/api/v1/dataset/${id}`, { owners: [alice.id, 99999] });
    expect(owners.body).toEqual({ message: { owners: ['Owners are invalid'] } });
    const mainDttm = await alice.client.put(`/api/v1/dataset/${id}`, { main_dttm_col: 'symbol' });
    expect(mainDttm.status).toBe(422);
    expect(mainDttm.body).toEqual({ message: { main_dttm_col: [expect.stringMatching(/symbol is not temporal/)] } });
    expect((await alice.client.put(`/api/v1/dataset/${id}`, { main_dttm_col: 'date' })).status).toBe(200);
    const currency = await alice.client.put(`/api/v1/dataset/${id}`, {
      metrics: [{ id: ds.metrics[0].id, metric_name: 'avg_price', expression: 'AVG(price)', currency: 'USD' }],
    });
    expect(currency.status).toBe(400);
    expect(currency.body).toEqual({ message: { 'metrics.0.currency': [expect.stringMatching(/JSON object/)] } });
    const extra = await alice.client.put(`/api/v1/dataset/${id}`, { extra: '{not json' });
    expect(extra.status).toBe(400);
    const empty = await alice.client.put(`/api/v1/dataset/${id}`, { columns: [{ column_name: '' }] });
    expect(empty.status).toBe(400);
  });

  it('a currency sent as JSON text is stored as the same JSON', async () => {
    const r = await alice.client.put(`/api/v1/dataset/${id}`, {
      metrics: [
        {
          id: ds.metrics[0].id,
          metric_name: 'avg_price',
          expression: 'AVG(price)',
          currency: '{"symbol":"EUR","symbolPosition":"suffix"}',
        },
      ],
    });
    expect(r.status).toBe(200);
    const m = (await detail(alice.client, id)).metrics[0];
    expect(JSON.parse(m.currency ?? 'null')).toEqual({ symbol: 'EUR', symbolPosition: 'suffix' });
    expect(m.d3format).toBe(',.2f');
  });

  it('clears the default datetime column when its column stops being temporal', async () => {
    const current = await detail(alice.client, id);
    expect(current.main_dttm_col).toBe('date');
    const r = await alice.client.put(`/api/v1/dataset/${id}`, {
      columns: current.columns.map((c) => ({ id: c.id, column_name: c.column_name, is_dttm: false })),
    });
    expect(r.status).toBe(200);
    expect((await detail(alice.client, id)).main_dttm_col).toBeNull();
  });

  it('a new SQL changes the columns only with override_columns, keeping what the user set', async () => {
    const sql = 'SELECT symbol, price, price > 100 AS expensive FROM stocks';
    expect((await alice.client.put(`/api/v1/dataset/${id}`, { sql })).status).toBe(200);
    const kept = await detail(alice.client, id);
    expect(kept.sql).toBe(sql);
    expect(kept.columns.map((c) => c.column_name)).toEqual(['symbol', 'date', 'price_x2']);

    const r = await alice.client.put(`/api/v1/dataset/${id}?override_columns=true`, { sql });
    expect(r.status).toBe(200);
    const after = await detail(alice.client, id);
    expect(after.columns.map((c) => c.column_name).sort()).toEqual(['expensive', 'price', 'price_x2', 'symbol']);
    expect(after.columns.find((c) => c.column_name === 'symbol')).toMatchObject({ verbose_name: 'Ticker', description: 'Stock symbol' });
    expect(after.columns.find((c) => c.column_name === 'expensive')).toMatchObject({ type_generic: 3 });
  });

  it('broken SQL with override_columns is refused and nothing changes', async () => {
    const r = await alice.client.put(`/api/v1/dataset/${id}?override_columns=true`, { sql: 'SELECT nope FROM stocks', description: 'no' });
    expect(r.status).toBe(400);
    const after = await detail(alice.client, id);
    expect(after.sql).toBe('SELECT symbol, price, price > 100 AS expensive FROM stocks');
    expect(after.description).toBe('by bob');
  });

  it('renaming keeps the datasource permission and its grants, under the new name', async () => {
    const rename = await alice.client.put(`/api/v1/dataset/${id}`, { table_name: 'stock_prices_v2' });
    expect(rename.status).toBe(200);
    expect(await permViews(id)).toEqual([`[examples].[stock_prices_v2](id:${id})`]);
    expect((await detail(alice.client, id)).table_name).toBe('stock_prices_v2');
  });
});

describe('PUT /api/v1/dataset/{id}/refresh', () => {
  let id: number;

  beforeAll(async () => {
    id = (await create(alice.client, { table_name: 'refresh_me', sql: 'SELECT symbol, price FROM stocks' })).body.id;
    const ds = await detail(alice.client, id);
    const r = await alice.client.put(`/api/v1/dataset/${id}`, {
      sql: 'SELECT symbol, date, CAST(price AS VARCHAR) AS price FROM stocks',
      columns: [
        ...ds.columns.map((c) => ({
          id: c.id,
          column_name: c.column_name,
          verbose_name: c.column_name === 'symbol' ? 'Ticker' : null,
          groupby: c.column_name !== 'symbol',
        })),
        { column_name: 'sym_lower', expression: 'lower(symbol)' },
      ],
      metrics: [],
    });
    expect(r.status).toBe(200);
  });

  it('re-reads the columns from the source, keeping user edits and calculated columns', async () => {
    const r = await alice.client.put<{ message: string }>(`/api/v1/dataset/${id}/refresh`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'OK' });
    const ds = await detail(alice.client, id);
    const byName = Object.fromEntries(ds.columns.map((c) => [c.column_name, c]));
    expect(Object.keys(byName).sort()).toEqual(['date', 'price', 'sym_lower', 'symbol']);
    expect(byName.symbol).toMatchObject({ verbose_name: 'Ticker', groupby: false });
    expect(byName.price).toMatchObject({ type_generic: 1 });
    expect(byName.date).toMatchObject({ is_dttm: true, type_generic: 2 });
    expect(byName.sym_lower.expression).toBe('lower(symbol)');
    // a dataset without a default datetime column gets the first temporal one
    expect(ds.main_dttm_col).toBe('date');
    // the default metric comes back, as the BI server's refresh adds it
    expect(ds.metrics.map((m) => m.metric_name)).toEqual(['count']);
  });

  it('is for owners only; unknown and invisible datasets are 404', async () => {
    expect((await bob.client.put(`/api/v1/dataset/${id}/refresh`)).status).toBe(403);
    expect((await nora.client.put(`/api/v1/dataset/${id}/refresh`)).status).toBe(404);
    expect((await alice.client.put('/api/v1/dataset/999999/refresh')).status).toBe(404);
  });
});

describe('POST /api/v1/dataset/duplicate', () => {
  it('copies a virtual dataset with its columns and metrics; the caller owns the copy', async () => {
    const base = (await create(alice.client, { table_name: 'dup_base', sql: 'SELECT symbol, date, price FROM stocks;' })).body.id;
    const baseDs = await detail(alice.client, base);
    await alice.client.put(`/api/v1/dataset/${base}`, {
      columns: baseDs.columns.map((c) => ({ id: c.id, column_name: c.column_name, verbose_name: `${c.column_name}!` })),
      metrics: [
        ...baseDs.metrics.map((m) => ({ id: m.id, metric_name: m.metric_name, expression: m.expression })),
        { metric_name: 'top', expression: 'MAX(price)' },
      ],
    });
    const r = await bob.client.post<Created>('/api/v1/dataset/duplicate', { base_model_id: base, table_name: 'dup_copy' });
    expect(r.status).toBe(201);
    expect(r.body.result).toEqual({ base_model_id: base, table_name: 'dup_copy' });
    const copy = await detail(bob.client, r.body.id);
    expect(copy).toMatchObject({ kind: 'virtual', table_name: 'dup_copy', schema: 'main', sql: 'SELECT symbol, date, price FROM stocks' });
    expect(copy.owners.map((o) => o.id)).toEqual([bob.id]);
    expect(copy.columns.map((c) => [c.column_name, c.verbose_name, c.is_dttm])).toEqual([
      ['symbol', 'symbol!', false],
      ['date', 'date!', true],
      ['price', 'price!', false],
    ]);
    expect(copy.metrics.map((m) => m.metric_name)).toEqual(['count', 'top']);
    expect(await permViews(r.body.id)).toEqual([`[examples].[dup_copy](id:${r.body.id})`]);
  });

  it('refuses a physical dataset, a taken name and a missing base', async () => {
    const physical = (await alice.client.get<{ ids: number[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:airports)))'))
      .body.ids[0];
    const phys = await alice.client.post('/api/v1/dataset/duplicate', { base_model_id: physical, table_name: 'airports_copy' });
    expect(phys.status).toBe(422);
    expect(phys.body).toEqual({ message: { datasource_type: ['Datasource type is invalid'] } });
    const base = (await alice.client.get<{ ids: number[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:dup_base)))')).body
      .ids[0];
    const taken = await alice.client.post('/api/v1/dataset/duplicate', { base_model_id: base, table_name: 'dup_copy' });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ message: { table_name: ['Dataset dup_copy already exists'] } });
    expect((await alice.client.post('/api/v1/dataset/duplicate', { base_model_id: 999999, table_name: 'x' })).status).toBe(404);
    expect((await nora.client.post('/api/v1/dataset/duplicate', { base_model_id: base, table_name: 'x' })).status).toBe(404);
    expect((await gary.client.post('/api/v1/dataset/duplicate', { base_model_id: base, table_name: 'x' })).status).toBe(403);
  });
});

describe('related objects and distinct values', () => {
  it('related_objects answers empty lists (no charts yet), by id or uuid; invisible is 404', async () => {
    const ds = (await alice.client.get<{ ids: number[] }>('/api/v1/dataset/?q=(page_size:1)')).body.ids[0];
    const empty = { charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] } };
    const r = await bob.client.get(`/api/v1/dataset/${ds}/related_objects`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(empty);
    const uuid = (await detail(alice.client, ds)).uuid;
    expect((await alice.client.get(`/api/v1/dataset/${uuid}/related_objects`)).body).toEqual(empty);
    expect((await nora.client.get(`/api/v1/dataset/${ds}/related_objects`)).status).toBe(404);
    expect((await gary.client.get(`/api/v1/dataset/${ds}/related_objects`)).status).toBe(404);
  });

  it('distinct schema values over visible datasets, filtered by prefix and paged', async () => {
    const r = await alice.client.get('/api/v1/dataset/distinct/schema');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ count: 1, result: [{ text: 'main', value: 'main' }] });
    expect((await alice.client.get('/api/v1/dataset/distinct/schema?q=(filter:MA)')).body).toEqual({
      count: 1,
      result: [{ text: 'main', value: 'main' }],
    });
    expect((await alice.client.get("/api/v1/dataset/distinct/schema?q=(filter:'zz')")).body).toEqual({ count: 0, result: [] });
    expect((await alice.client.get('/api/v1/dataset/distinct/schema?q=(page:1,page_size:1)')).body).toEqual({ count: 1, result: [] });
    expect((await alice.client.get('/api/v1/dataset/distinct/catalog')).body).toEqual({ count: 0, result: [] });
    expect((await nora.client.get('/api/v1/dataset/distinct/schema')).body).toEqual({ count: 0, result: [] });
    expect((await alice.client.get('/api/v1/dataset/distinct/sql')).status).toBe(404);
  });
});

describe('GET /rama/fetch_datasource_metadata', () => {
  it('answers the datasource as Explore reads it', async () => {
    const id = (await create(alice.client, { table_name: 'explore_me', sql: 'SELECT symbol, date, price FROM stocks' })).body.id;
    const ds = await detail(alice.client, id);
    await alice.client.put(`/api/v1/dataset/${id}`, {
      columns: ds.columns.map((c) => ({ id: c.id, column_name: c.column_name, verbose_name: c.column_name === 'price' ? 'Price' : null })),
      metrics: [
        ...ds.metrics.map((m) => ({ id: m.id, metric_name: m.metric_name, expression: m.expression })),
        { metric_name: 'avg_price', expression: 'AVG(price)', d3format: '$,.2f', currency: { symbol: 'USD', symbolPosition: 'prefix' } },
      ],
    });
    const r = await bob.client.get<ExploreDatasource>(`/rama/fetch_datasource_metadata?datasourceKey=${id}__table`);
    expect(r.status).toBe(200);
    const d = r.body;
    expect(d).toMatchObject({
      id,
      uid: `${id}__table`,
      type: 'table',
      name: 'main.explore_me',
      datasource_name: 'explore_me',
      table_name: 'explore_me',
      schema: 'main',
      catalog: null,
      sql: 'SELECT symbol, date, price FROM stocks',
      database: {
        id: examples,
        backend: 'duckdb',
        database_name: 'examples',
        engine_information: { editor_dialect: expect.objectContaining({ highlight: 'PostgreSQL' }) },
      },
      main_dttm_col: 'date',
      granularity_sqla: [['date', 'date']],
      time_grain_sqla: expect.arrayContaining([
        ['P1D', 'Day'],
        ['P1M', 'Month'],
        ['1969-12-28T00:00:00Z/P1W', 'Week starting Sunday'],
      ]),
      column_formats: { avg_price: '$,.2f' },
      currency_formats: { avg_price: { symbol: 'USD', symbolPosition: 'prefix' } },
      owners: [{ id: alice.id, first_name: 'Alice', last_name: 'Tester', username: 'alice' }],
      health_check_message: null,
      edit_url: `/tablemodelview/edit/${id}`,
      filter_select: true,
      is_sqllab_view: false,
      offset: 0,
      cache_timeout: null,
    });
    expect(d.verbose_map).toEqual({
      __timestamp: 'Time',
      count: 'COUNT(*)',
      avg_price: 'avg_price',
      symbol: 'symbol',
      date: 'date',
      price: 'Price',
    });
    expect(d.columns.find((c) => c.column_name === 'date')).toMatchObject({
      is_dttm: true,
      type_generic: 2,
      groupby: true,
      advanced_data_type: null,
    });
    expect(d.metrics.find((m) => m.metric_name === 'avg_price')?.currency).toEqual({ symbol: 'USD', symbolPosition: 'prefix' });
    expect(d.order_by_choices.slice(0, 2)).toEqual([
      ['["date", true]', 'date [asc]'],
      ['["date", false]', 'date [desc]'],
    ]);
    expect(d.select_star).toMatch(/^SELECT \*\nFROM \(/);
  });

  it('answers 404 for a bad key, an unknown dataset and one the user may not see', async () => {
    const id = (await alice.client.get<{ ids: number[] }>('/api/v1/dataset/?q=(page_size:1)')).body.ids[0];
    for (const key of ['', 'abc', `${id}__query`, `${id}`, '999999__table']) {
      const r = await alice.client.get(`/rama/fetch_datasource_metadata?datasourceKey=${key}`);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ errors: [{ message: 'Datasource does not exist' }] });
    }
    expect((await alice.client.get('/rama/fetch_datasource_metadata')).status).toBe(404);
    expect((await nora.client.get(`/rama/fetch_datasource_metadata?datasourceKey=${id}__table`)).status).toBe(404);
    expect((await server.client().get(`/rama/fetch_datasource_metadata?datasourceKey=${id}__table`)).status).toBe(401);
  });
});
