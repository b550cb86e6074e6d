/**
 * Row level security: the rules API (admins only, validated like adhoc SQL) and the rules applied
 * to everything that reads a dataset's rows — chart data of every result type and format, samples,
 * a saved chart's data as a report runs it, virtual datasets, the cache by key — and, with
 * RLS_IN_SQLLAB, SQL Lab. Examples: penguins (Adelie 152, Chinstrap 68, Gentoo 124; Gentoo live
 * on Biscoe only, Chinstrap on Dream only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RlsRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { examplesDataset } from '../test-support/datasets.js';
import { chartContext, type ChartReply } from '../test-support/async.js';
import { savedChartData } from '../charts/chart-data.js';
import { loadPrincipal, type Principal } from '../security/principal.js';
import { getEngineSpec } from '../engines/registry.js';
import { rlsClauses } from './apply.js';

let server: TestServer;
let admin: Client;
let penguins: number;
let cars: number;
/** a virtual dataset over penguins */
let virtualPenguins: number;
/** holds the role `adelie_only` */
let alice: Client;
let aliceId: number;
/** holds `penguin_readers`, no rule names it */
let bert: Client;
let adelieRole: number;
let readersRole: number;

const BASE = '/api/v1/rowlevelsecurity/';
const DATA_ROLES: [string, string][] = [
  ['all_datasource_access', 'all_datasource_access'],
  ['all_database_access', 'all_database_access'],
];

/** count per species as `client` sees it */
async function speciesCounts(client: Client, dataset = penguins): Promise<Record<string, number>> {
  const r = await client.post<ChartReply>('/api/v1/chart/data', chartContext(dataset, { columns: ['species'], metrics: ['count'] }));
  expect(r.status, r.text).toBe(200);
  return Object.fromEntries(r.body.result[0].data.map((row) => [row.species as string, row.count as number]));
}

async function createRule(body: Record<string, unknown>): Promise<number> {
  const r = await admin.post<{ id: number; result: Record<string, unknown> }>(BASE, body);
  expect(r.status, r.text).toBe(201);
  expect(r.body.result).toEqual(body);
  return r.body.id;
}

beforeAll(async () => {
  server = await startTestServer({ RLS_IN_SQLLAB: 'true' });
  admin = await server.admin();
  penguins = await examplesDataset(server, admin, 'penguins');
  cars = await examplesDataset(server, admin, 'cars');
  const v = await admin.post<{ id: number }>('/api/v1/dataset/', {
    database: server.examplesId,
    schema: 'main',
    table_name: 'penguins_virtual',
    sql: 'SELECT species, island FROM main.penguins',
  });
  expect(v.status, v.text).toBe(201);
  virtualPenguins = v.body.id;
  adelieRole = await customRole(server, 'adelie_only', DATA_ROLES);
  readersRole = await customRole(server, 'penguin_readers', DATA_ROLES);
  ({ client: alice, id: aliceId } = await loggedInUser(server, admin, 'alice', ['Gamma', 'sql_lab', 'adelie_only']));
  ({ client: bert } = await loggedInUser(server, admin, 'bert', ['Gamma', 'sql_lab', 'penguin_readers']));
});
afterAll(async () => {
  await server?.close();
});

describe('the rules API', () => {
  it('is for admins only', async () => {
    expect((await alice.get(BASE)).status).toBe(403);
    const r = await alice.post(BASE, { name: 'x', filter_type: 'Regular', tables: [penguins], roles: [], clause: '1 = 1' });
    expect(r.status).toBe(403);
  });

  it('refuses unknown datasets and roles by id, and clauses that are not one expression, naming why', async () => {
    const base = { name: 'bad', filter_type: 'Regular', tables: [penguins], roles: [adelieRole], clause: '1 = 1' };
    const tables = await admin.post<{ message: string }>(BASE, { ...base, tables: [penguins, 987654] });
    expect(tables.status).toBe(422);
    expect(tables.body.message).toContain('987654');
    const roles = await admin.post<{ message: string }>(BASE, { ...base, roles: [876543] });
    expect(roles.status).toBe(422);
    expect(roles.body.message).toContain('876543');
    const two = await admin.post<{ message: { clause: string[] } }>(BASE, { ...base, clause: "species = 'Adelie'; DROP TABLE penguins" });
    expect(two.status).toBe(400);
    expect(two.body.message.clause[0]).toMatch(/;|statement|expression/i);
    const sub = await admin.post<{ message: { clause: string[] } }>(BASE, { ...base, clause: 'species IN (SELECT species FROM penguins)' });
    expect(sub.status).toBe(400);
    expect(sub.body.message.clause[0]).toMatch(/sub-quer/i);
    expect((await admin.post(BASE, { ...base, clause: `1 = 1 OR ${'x = 1 OR '.repeat(1200)}1 = 1` })).status).toBe(400);
    expect((await admin.post(BASE, { ...base, tables: [] })).status).toBe(400);
    expect((await admin.post(BASE, { ...base, filter_type: 'Sometimes' })).status).toBe(400);
    // nothing was stored
    expect((await admin.get<{ count: number }>(BASE)).body.count).toBe(0);
  });

  it('creates, lists with filters and ordering, reads, updates and deletes rules', async () => {
    const id = await createRule({
      name: 'Adelie only',
      filter_type: 'Regular',
      tables: [penguins, virtualPenguins],
      roles: [adelieRole],
      clause: "species = 'Adelie'",
      group_key: 'species',
      description: 'Alice studies Adelie penguins',
    });
    expect(
      (await admin.post<{ message: string }>(BASE, { name: 'Adelie only', filter_type: 'Base', tables: [cars], clause: '1 = 1' })).status,
    ).toBe(422);
    const other = await createRule({ name: 'zz cars', filter_type: 'Base', tables: [cars], roles: [readersRole], clause: '1 = 1' });

    const list = await admin.get<{ count: number; result: RlsRecord[] }>(`${BASE}?q=(order_column:name,order_direction:desc)`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.result.map((r) => r.name)).toEqual(['zz cars', 'Adelie only']);
    const adelie = list.body.result[1];
    expect(adelie).toMatchObject({
      id,
      filter_type: 'Regular',
      clause: "species = 'Adelie'",
      group_key: 'species',
      roles: [{ id: adelieRole, name: 'adelie_only' }],
      changed_by: { first_name: expect.any(String) },
    });
    expect(adelie.tables.map((t) => t.table_name).sort()).toEqual(['penguins', 'penguins_virtual']);
    expect(adelie.tables[0]).toHaveProperty('schema', 'main');
    expect(adelie.changed_on_delta_humanized).toMatch(/ago/);

    const byName = await admin.get<{ count: number; result: RlsRecord[] }>(`${BASE}?q=(filters:!((col:name,opr:ct,value:adel)))`);
    expect(byName.body.result.map((r) => r.id)).toEqual([id]);
    const byRole = await admin.get<{ count: number; result: RlsRecord[] }>(
      `${BASE}?q=(filters:!((col:roles,opr:rel_m_m,value:${readersRole})))`,
    );
    expect(byRole.body.result.map((r) => r.id)).toEqual([other]);
    const byType = await admin.get<{ count: number }>(`${BASE}?q=(filters:!((col:filter_type,opr:eq,value:Base)))`);
    expect(byType.body.count).toBe(1);
    expect((await admin.get(`${BASE}?q=(order_column:password)`)).status).toBe(400);

    const roles = await admin.get<{ count: number; result: { value: number; text: string }[] }>(`${BASE}related/roles?q=(filter:adelie)`);
    expect(roles.body).toEqual({ count: 1, result: [{ value: adelieRole, text: 'adelie_only' }] });
    const tables = await admin.get<{ count: number; result: { value: number; text: string }[] }>(
      `${BASE}related/tables?q=(filter:pengu,page_size:1)`,
    );
    expect(tables.body.count).toBe(2);
    expect(tables.body.result).toHaveLength(1);
    expect((await admin.get(`${BASE}related/owners`)).status).toBe(404);

    const put = await admin.put<{ id: number }>(`${BASE}${other}`, { description: 'changed', roles: [readersRole, adelieRole] });
    expect(put.status, put.text).toBe(200);
    const got = await admin.get<{ result: RlsRecord }>(`${BASE}${other}`);
    expect(got.body.result.description).toBe('changed');
    expect(got.body.result.roles.map((r) => r.name)).toEqual(['adelie_only', 'penguin_readers']);
    expect((await admin.put(`${BASE}${other}`, { clause: 'x = (SELECT 1)' })).status).toBe(400);

    expect((await admin.get(`${BASE}99999`)).status).toBe(404);
    expect((await admin.delete(`${BASE}99999`)).status).toBe(404);
    expect((await admin.delete(`${BASE}?q=!(${other},99999)`)).status).toBe(404);
    const del = await admin.delete<{ message: string }>(`${BASE}?q=!(${other})`);
    expect(del.status).toBe(200);
    expect((await admin.get(`${BASE}${other}`)).status).toBe(404);
  });
});

describe('rules applied to a dataset’s rows', () => {
  it('filters the users of a Regular rule’s role in chart data, and no one else', async () => {
    expect(await speciesCounts(alice)).toEqual({ Adelie: 152 });
    expect(await speciesCounts(bert)).toEqual({ Adelie: 152, Chinstrap: 68, Gentoo: 124 });
    // around a virtual dataset’s SQL too
    expect(await speciesCounts(alice, virtualPenguins)).toEqual({ Adelie: 152 });
    const q = await alice.post<{ result: { query: string }[] }>('/api/v1/chart/data', {
      ...chartContext(penguins, { columns: ['species'] }),
      result_type: 'query',
    });
    expect(q.body.result[0].query).toContain("species = 'Adelie'");
  });

  it('filters samples, drill to detail, CSV and a saved chart’s data as a report runs it', async () => {
    const samples = await alice.post<{ result: { data: { species: string }[] } }>(
      `/datasource/samples?datasource_id=${penguins}&datasource_type=table&per_page=500`,
      {},
    );
    expect(samples.status, samples.text).toBe(200);
    expect(samples.body.result.data.length).toBe(152);
    expect(new Set(samples.body.result.data.map((r) => r.species))).toEqual(new Set(['Adelie']));
    const drill = await alice.post<{ result: { data: { species: string }[]; total_count: number }[] }>('/api/v1/chart/data', {
      ...chartContext(penguins, { columns: [], metrics: [] }),
      result_type: 'drill_detail',
    });
    expect(drill.status, drill.text).toBe(200);
    expect(drill.body.result[0].total_count).toBe(152);
    const csv = await alice.post('/api/v1/chart/data', { ...chartContext(penguins, { columns: ['species'] }), result_format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Adelie');
    expect(csv.text).not.toMatch(/Gentoo|Chinstrap/);

    const chart = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Penguins per species',
      viz_type: 'table',
      datasource_id: penguins,
      datasource_type: 'table',
      params: JSON.stringify({ datasource: `${penguins}__table`, viz_type: 'table', groupby: ['species'], metrics: ['count'] }),
      query_context: JSON.stringify(chartContext(penguins, { columns: ['species'], metrics: ['count'] })),
    });
    expect(chart.status, chart.text).toBe(201);
    // a report runs the chart's data as its executor: alice's rules apply to a report run as alice
    const asAlice = await savedChartData(server.ctx, (await loadPrincipal(server.ctx.store.db, aliceId))!, chart.body.id, {
      format: 'csv',
      type: 'full',
      force: true,
    });
    expect(asAlice.kind).toBe('file');
    const text = asAlice.kind === 'file' ? asAlice.data.toString() : '';
    expect(text).toContain('Adelie');
    expect(text).not.toMatch(/Gentoo|Chinstrap/);
  });

  it('keeps cached results apart: another user’s key answers not found when the clauses differ', async () => {
    const body = chartContext(penguins, { columns: ['island'], metrics: ['count'] });
    const a = await alice.post<ChartReply>('/api/v1/chart/data', body);
    const b = await bert.post<ChartReply>('/api/v1/chart/data', body);
    const keyA = a.body.result[0].cache_key!;
    const keyB = b.body.result[0].cache_key!;
    expect(keyA).not.toBe(keyB);
    expect(a.body.result[0].data).not.toEqual(b.body.result[0].data);
    expect((await bert.get(`/api/v1/chart/data/${keyA}`)).status).toBe(404);
    expect((await alice.get(`/api/v1/chart/data/${keyB}`)).status).toBe(404);
    expect((await alice.get(`/api/v1/chart/data/${keyA}`)).status).toBe(200);
  });

  it('ORs rules of one group key, ANDs groups, applies Base rules to everyone outside their roles (admins too)', async () => {
    const gentoo = await createRule({
      name: 'Gentoo too',
      filter_type: 'Regular',
      tables: [penguins],
      roles: [adelieRole],
      clause: "species = 'Gentoo'",
      group_key: 'species',
    });
    expect(await speciesCounts(alice)).toEqual({ Adelie: 152, Gentoo: 124 });
    const biscoe = await createRule({
      name: 'Biscoe unless reader',
      filter_type: 'Base',
      tables: [penguins],
      roles: [readersRole],
      clause: "island = 'Biscoe'",
    });
    // (Adelie OR Gentoo) AND Biscoe
    expect(await speciesCounts(alice)).toEqual({ Adelie: 44, Gentoo: 124 });
    expect(await speciesCounts(bert)).toEqual({ Adelie: 152, Chinstrap: 68, Gentoo: 124 });
    expect(await speciesCounts(admin)).toEqual({ Adelie: 44, Gentoo: 124 });
    expect((await admin.delete(`${BASE}?q=!(${gentoo},${biscoe})`)).status).toBe(200);
    expect(await speciesCounts(admin)).toEqual({ Adelie: 152, Chinstrap: 68, Gentoo: 124 });
  });

  it('renders clause templates for the caller, and refuses the query rather than run it without a broken rule', async () => {
    const mine = await createRule({
      name: 'alice sees Dream',
      filter_type: 'Base',
      tables: [penguins],
      roles: [],
      clause: "island = 'Dream' OR '{{ current_username() }}' <> 'alice'",
    });
    expect(await speciesCounts(alice)).toEqual({ Adelie: 56 });
    expect(await speciesCounts(bert)).toEqual({ Adelie: 152, Chinstrap: 68, Gentoo: 124 });
    await server.ctx.store.db
      .updateTable('row_level_security_filters')
      .set({ clause: '1 = 1) OR (1 = 1' })
      .where('id', '=', mine)
      .execute();
    const broken = await bert.post<{ message: string }>(
      '/api/v1/chart/data',
      chartContext(penguins, { columns: ['sex'], metrics: ['count'] }),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toContain(`rule ${mine}`);
    expect((await admin.delete(`${BASE}${mine}`)).status).toBe(200);
  });
});

describe('rules for callers who are not users', () => {
  const outsider = (kind: 'guest' | 'anonymous', rls: { clause: string; dataset: number | null }[] = []): Principal => ({
    id: 0,
    username: kind === 'guest' ? 'host-customer' : '',
    first_name: '',
    last_name: '',
    email: '',
    active: true,
    created_on: '',
    last_login: null,
    isAdmin: false,
    tokenVersion: 0,
    roles: {},
    can: () => false,
    viewsWith: () => [],
    kind,
    guest: kind === 'guest' ? { subject: 's', embeddedUuids: [], dashboardIds: [], rls } : undefined,
  });

  it('gives a guest the rules of GUEST_ROLE_NAME plus its token’s clauses for this dataset, and an anonymous visitor the Public role’s', async () => {
    const publicRole = (await server.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Public').executeTakeFirstOrThrow())
      .id;
    const rule = await createRule({
      name: 'public Adelie',
      filter_type: 'Regular',
      tables: [penguins],
      roles: [publicRole],
      clause: "species = 'Adelie'",
    });
    const spec = getEngineSpec('duckdb');
    const guest = outsider('guest', [
      { clause: "island = '{{ current_username() }}'", dataset: null },
      { clause: "island = 'Dream'", dataset: penguins },
      { clause: '1 = 0', dataset: cars },
    ]);
    expect(await rlsClauses(server.ctx, guest, { id: penguins }, spec)).toEqual([
      "species = 'Adelie'",
      "island = 'host-customer'",
      "island = 'Dream'",
    ]);
    expect(await rlsClauses(server.ctx, outsider('anonymous'), { id: penguins }, spec)).toEqual(["species = 'Adelie'"]);
    await expect(
      rlsClauses(server.ctx, outsider('guest', [{ clause: '1 = 1; SELECT 2', dataset: null }]), { id: cars }, spec),
    ).rejects.toThrow(/guest token/);
    expect((await admin.delete(`${BASE}${rule}`)).status).toBe(200);
  });
});

describe('RLS_IN_SQLLAB', () => {
  const run = (client: Client, sql: string) =>
    client.post<{ data: Record<string, unknown>[]; message?: string; errors?: { message: string }[] }>('/api/v1/sqllab/execute/', {
      database_id: server.examplesId,
      sql,
      schema: 'main',
      runAsync: false,
    });

  it('filters the tables a SQL Lab query reads for a user with rules, and refuses what it cannot rewrite', async () => {
    const sql = 'SELECT p.species, COUNT(*) AS n FROM penguins AS p GROUP BY 1 ORDER BY 1';
    const a = await run(alice, sql);
    expect(a.status, a.text).toBe(200);
    expect(a.body.data).toEqual([{ species: 'Adelie', n: 152 }]);
    const nested = await run(alice, 'SELECT COUNT(*) AS n FROM (SELECT * FROM main.penguins) x');
    expect(nested.body.data).toEqual([{ n: 152 }]);
    const b = await run(bert, sql);
    expect(b.body.data).toHaveLength(3);
    const refused = await run(alice, 'SELECT * FROM penguins WHERE species = (');
    expect(refused.status).toBe(400);
  });
});
