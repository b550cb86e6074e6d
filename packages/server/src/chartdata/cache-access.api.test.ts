/**
 * Cached and async chart results by key (`GET /api/v1/chart/data/<key>`): served only to a caller
 * who could run the query — a user without the dataset gets the answer of a missing key even when
 * the key is known; a templated dataset's results are kept per user; an async job's result URL is
 * the queuing user's only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncJobMetadata } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { TEST_PASSWORD, customRole, loggedInUser } from '../test-support/users.js';
import { examplesDataset } from '../test-support/datasets.js';
import { chartContext, pollEvent, type ChartReply } from '../test-support/async.js';
import { datasetPermView } from '../access/datasets.js';

let server: TestServer;
let admin: Client;
let flights: number;
let stocks: number;
/** reads flights */
let alice: Client;
/** reads flights too */
let anna: Client;
/** reads stocks only */
let bert: Client;
/** a virtual dataset: `SELECT '{{ current_username() }}' AS who, origin FROM flights` */
let whoami: number;

const MISSING = { message: 'Cached data not found' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  flights = await examplesDataset(server, admin, 'flights');
  stocks = await examplesDataset(server, admin, 'stocks');
  await customRole(server, 'flights_readers', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
  await customRole(server, 'stocks_readers', [['datasource_access', datasetPermView('examples', 'stocks', stocks)]]);
  const sql = "SELECT '{{ current_username() }}' AS who, origin FROM flights";
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', {
    database: server.examplesId,
    schema: 'main',
    table_name: 'whoami',
    sql,
  });
  expect(r.status, r.text).toBe(201);
  whoami = r.body.id;
  await customRole(server, 'whoami_readers', [['datasource_access', datasetPermView('examples', 'whoami', whoami)]]);
  alice = (await loggedInUser(server, admin, 'alice', ['Gamma', 'flights_readers', 'whoami_readers'])).client;
  anna = (await loggedInUser(server, admin, 'anna', ['Gamma', 'flights_readers', 'whoami_readers'])).client;
  bert = (await loggedInUser(server, admin, 'bert', ['Gamma', 'stocks_readers'])).client;
});
afterAll(async () => {
  await server?.close();
});

describe('a cached result read by its key', () => {
  it("is not served to a user who may not read the dataset, even knowing the key: the missing key's answer", async () => {
    const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['SEA', 'BOS'] }] });
    const computed = await admin.post<ChartReply>('/api/v1/chart/data', body);
    expect(computed.status, computed.text).toBe(200);
    const key = computed.body.result[0].cache_key!;
    expect(key).toMatch(/^[0-9a-f]{40}$/);

    const stolen = await bert.get(`/api/v1/chart/data/${key}`);
    const missing = await bert.get(`/api/v1/chart/data/${'0'.repeat(40)}`);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual(MISSING);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(stolen.body);
    // the chart data endpoint itself refuses him the dataset
    expect((await bert.post('/api/v1/chart/data', body)).status).toBe(404);
  });

  it('is served to a user who may read the dataset, with the data the query gave', async () => {
    const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['PDX'] }] });
    const computed = await admin.post<ChartReply>('/api/v1/chart/data', body);
    const key = computed.body.result[0].cache_key!;
    const read = await alice.get<ChartReply>(`/api/v1/chart/data/${key}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.result[0].is_cached).toBe(true);
    expect(read.body.result[0].data).toEqual(computed.body.result[0].data);
    expect(read.body.result[0].data).toEqual([{ origin: 'PDX', count: expect.any(Number) }]);
  });

  it('is refused once the reader has lost access to the dataset', async () => {
    const { client: temp } = await loggedInUser(server, admin, 'temp_reader', ['Gamma', 'flights_readers']);
    const computed = await admin.post<ChartReply>('/api/v1/chart/data', chartContext(flights, { columns: ['destination'] }));
    const key = computed.body.result[0].cache_key!;
    expect((await temp.get(`/api/v1/chart/data/${key}`)).status).toBe(200);
    const user = await server.ctx.store.db
      .selectFrom('ab_user')
      .select('id')
      .where('username', '=', 'temp_reader')
      .executeTakeFirstOrThrow();
    const gamma = await server.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
    expect((await admin.put(`/api/v1/security/users/${user.id}`, { roles: [gamma.id] })).status).toBe(200);
    // a change of roles ends the user's sessions: they log in again with the roles they have now
    expect((await temp.login('temp_reader', TEST_PASSWORD)).status).toBe(200);
    const after = await temp.get(`/api/v1/chart/data/${key}`);
    expect(after.status).toBe(404);
    expect(after.body).toEqual(MISSING);
  });
});

describe('a dataset whose SQL is a per-user template', () => {
  it("gives each user their own result and key; one user's key is not served to another", async () => {
    const body = chartContext(whoami, { columns: ['who'], metrics: ['count'] });
    const first = await alice.post<ChartReply>('/api/v1/chart/data', body);
    expect(first.status, first.text).toBe(200);
    expect(first.body.result[0].data).toEqual([{ who: 'alice', count: expect.any(Number) }]);
    const second = await anna.post<ChartReply>('/api/v1/chart/data', body);
    expect(second.status, second.text).toBe(200);
    // not alice's cached rows: the query is anna's own
    expect(second.body.result[0].is_cached).toBe(false);
    expect(second.body.result[0].data).toEqual([{ who: 'anna', count: expect.any(Number) }]);
    expect(second.body.result[0].cache_key).not.toBe(first.body.result[0].cache_key);
    // the compiled SQL itself carries the rendered user, so the two queries differ even before the caller scope
    const shown = await anna.post<{ result: { query: string }[] }>('/api/v1/chart/data', { ...body, result_type: 'query' });
    expect(shown.body.result[0].query).toContain("'anna'");

    const own = await alice.get<ChartReply>(`/api/v1/chart/data/${first.body.result[0].cache_key}`);
    expect(own.status).toBe(200);
    expect(own.body.result[0].data).toEqual(first.body.result[0].data);
    const other = await anna.get(`/api/v1/chart/data/${first.body.result[0].cache_key}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(MISSING);
  });
});

describe("an async job's result URL", () => {
  beforeAll(() => {
    server.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
  });
  afterAll(() => {
    server.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
  });

  it('is read by the user who queued the job, and by nobody else (not even a reader of the dataset)', async () => {
    const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['MSP', 'DTW'] }] });
    const accepted = await alice.post<AsyncJobMetadata>('/api/v1/chart/data', body);
    expect(accepted.status, accepted.text).toBe(202);
    const event = await pollEvent(alice, accepted.body.job_id);
    expect(event.status).toBe('done');
    const url = event.result_url!;
    expect(url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{40}$/);

    const own = await alice.get<ChartReply>(url);
    expect(own.status, own.text).toBe(200);
    expect(own.body.result[0].data.map((d) => d.origin).sort()).toEqual(['DTW', 'MSP']);
    for (const other of [anna, bert, admin]) {
      const r = await other.get(url);
      expect(r.status).toBe(404);
      expect(r.body).toEqual(MISSING);
    }
  });
});
