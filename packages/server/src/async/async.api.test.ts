/**
 * GLOBAL_ASYNC_QUERIES on the embedded default (in-process queue, in-memory events): a chart the
 * cache lacks is a 202 job whose event arrives by polling or websocket; its result URL gives what
 * the synchronous path gives; cached charts answer 200; failures arrive as error events with the
 * synchronous messages; channels are private to their user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncEvent, AsyncJobMetadata } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';
import { chartContext, latestEventId, openSocket, pollEvent, type ChartReply } from '../test-support/async.js';

let server: TestServer;
let admin: Client;
let flights: number;

beforeAll(async () => {
  server = await startTestServer({ GLOBAL_ASYNC_QUERIES: 'true' });
  admin = await server.admin();
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' });
  expect(r.status, r.text).toBe(201);
  flights = r.body.id;
});
afterAll(async () => {
  await server?.close();
});

/** The same request with the feature off: what the synchronous path answers. */
async function synchronously<T>(fn: () => Promise<T>): Promise<T> {
  server.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
  try {
    return await fn();
  } finally {
    server.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
  }
}

describe('a chart the cache does not hold', () => {
  it('is accepted as a job (202); its done event arrives by polling; its result URL gives the synchronous data', async () => {
    const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['SEA', 'PDX'] }] });
    const accepted = await admin.post<AsyncJobMetadata>('/api/v1/chart/data', body);
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toEqual({
      channel_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_id: expect.any(Number),
      status: 'pending',
      result_url: null,
      errors: [],
    });
    const setCookie = accepted.headers.getSetCookie().find((c) => c.startsWith('async-token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const event = await pollEvent(admin, accepted.body.job_id);
    expect(event.status).toBe('done');
    expect(event.channel_id).toBe(accepted.body.channel_id);
    expect(event.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{40}$/);
    const result = await admin.get<ChartReply>(event.result_url!);
    expect(result.status, result.text).toBe(200);

    const sync = await synchronously(() => admin.post<ChartReply>('/api/v1/chart/data', { ...body, force: true }));
    expect(sync.status).toBe(200);
    expect(result.body.result[0].colnames).toEqual(sync.body.result[0].colnames);
    expect(result.body.result[0].data).toEqual(sync.body.result[0].data);
    expect(result.body.result[0].data.length).toBeGreaterThan(0);

    // now cached: answered at once, no new job
    const again = await admin.post<ChartReply>('/api/v1/chart/data', body);
    expect(again.status).toBe(200);
    expect(again.body.result[0].is_cached).toBe(true);
    expect(again.body.result[0].data).toEqual(sync.body.result[0].data);

    // polling after the event's id gives nothing old
    const after = await admin.get<{ result: AsyncEvent[] }>(`/api/v1/async_event/?last_id=${event.id}`);
    expect(after.body.result.find((e) => e.job_id === accepted.body.job_id)).toBeUndefined();
  });

  it("a page's first requests, sent together before it holds a cookie, share one channel", async () => {
    const page = await server.admin();
    const bodies = ['BOS', 'JFK', 'ORD', 'ATL'].map((o) => chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: [o] }] }));
    const replies = await Promise.all(bodies.map((b) => page.post<AsyncJobMetadata>('/api/v1/chart/data?force=true', b)));
    expect(replies.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(replies.map((r) => r.body.channel_id)).size).toBe(1);
    for (const r of replies) expect((await pollEvent(page, r.body.job_id)).status).toBe('done');
  });

  it('force goes async even when cached; files and other result types stay synchronous', async () => {
    const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['SEA', 'PDX'] }] });
    const forced = await admin.post<AsyncJobMetadata>('/api/v1/chart/data?force=true', body);
    expect(forced.status).toBe(202);
    expect((await pollEvent(admin, forced.body.job_id)).status).toBe('done');
    const csv = await admin.post('/api/v1/chart/data', { ...body, result_format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const query = await admin.post<{ result: { query: string }[] }>('/api/v1/chart/data', { ...body, result_type: 'query' });
    expect(query.status).toBe(200);
    expect(query.body.result[0].query).toMatch(/SELECT/i);
  });

  it('several queries in one context are read back together from one result URL', async () => {
    const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['ATL'] }] });
    body.queries.push({ ...body.queries[0], columns: ['destination'] });
    const accepted = await admin.post<AsyncJobMetadata>('/api/v1/chart/data', body);
    expect(accepted.status).toBe(202);
    const event = await pollEvent(admin, accepted.body.job_id);
    const result = await admin.get<ChartReply>(event.result_url!);
    expect(result.status, result.text).toBe(200);
    expect(result.body.result.map((r) => r.colnames[0])).toEqual(['origin', 'destination']);
  });

  it('identical jobs run the database query once (single flight)', async () => {
    const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['DEN', 'PHX'] }] });
    const before = server.ctx.charts.queriesRun;
    const replies = await Promise.all(Array.from({ length: 8 }, () => admin.post<AsyncJobMetadata>('/api/v1/chart/data', body)));
    // each request is a job, or — once the first job has finished, which a fast query can do
    // before the last requests are read — the cached reply of that job
    expect(
      replies.every((r) => r.status === 202 || (r.status === 200 && r.text.includes('"is_cached":true'))),
      replies.map((r) => r.status).join(),
    ).toBe(true);
    const accepted = replies.filter((r) => r.status === 202);
    expect(accepted.length).toBeGreaterThan(0);
    const events = await Promise.all(accepted.map((r) => pollEvent(admin, r.body.job_id)));
    expect(events.every((e) => e.status === 'done')).toBe(true);
    expect(server.ctx.charts.queriesRun - before).toBe(1);
  });
});

describe('failures', () => {
  it('a query that fails in the database arrives as an error event with the synchronous message', async () => {
    // one origin only, so the database names the same failing value each time
    const body = chartContext(flights, {
      filters: [{ col: 'origin', op: 'IN', val: ['SEA'] }],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(CAST(origin AS INTEGER))', label: 'broken' }],
    });
    const accepted = await admin.post<AsyncJobMetadata>('/api/v1/chart/data', body);
    expect(accepted.status, accepted.text).toBe(202);
    const event = await pollEvent(admin, accepted.body.job_id);
    expect(event.status).toBe('error');
    expect(event.result_url).toBeNull();
    const sync = await synchronously(() => admin.post<{ errors: AsyncEvent['errors'] }>('/api/v1/chart/data', body));
    expect(sync.status).toBe(400);
    expect(event.errors).toEqual(sync.body.errors);
    expect(event.errors[0].message).toMatch(/convert|cast/i);
    expect(JSON.stringify(event)).not.toMatch(/\s+at \S+ \(/);
  });

  it('bad input and a dataset the user may not read fail at once, not as a job', async () => {
    const bad = await admin.post<{ message: string }>('/api/v1/chart/data', chartContext(flights, { columns: ['nope'] }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Columns missing in dataset: ['nope']");
    const missing = await admin.post('/api/v1/chart/data', { ...chartContext(flights), datasource: { id: 999999, type: 'table' } });
    expect(missing.status).toBe(404);
  });
});

describe('polling', () => {
  it('needs a login, a readable last id, and the feature on', async () => {
    expect((await server.client().get('/api/v1/async_event/')).status).toBe(401);
    expect((await admin.get('/api/v1/async_event/?last_id=yesterday')).status).toBe(400);
    expect((await synchronously(() => admin.get('/api/v1/async_event/'))).status).toBe(404);
  });

  it("another user's channel cannot be read, not even with its cookie", async () => {
    const accepted = await admin.post<AsyncJobMetadata>(
      '/api/v1/chart/data',
      chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['MSP'] }] }),
    );
    expect(accepted.status).toBe(202);
    await pollEvent(admin, accepted.body.job_id);
    const { client: gamma } = await loggedInUser(server, admin, 'async_gamma', ['Gamma']);
    const own = await gamma.get<{ result: AsyncEvent[] }>('/api/v1/async_event/');
    expect(own.status).toBe(200);
    expect(own.body.result).toEqual([]);
    const stolen = admin.cookie('async-token')!;
    gamma.setCookie('async-token', stolen);
    const withStolen = await gamma.get<{ result: AsyncEvent[] }>('/api/v1/async_event/');
    expect(withStolen.body.result).toEqual([]);
    // the server gave this user a channel of its own instead
    expect(gamma.cookie('async-token')).not.toBe(stolen);
  });
});

describe('the websocket', () => {
  it('pushes each new event of the channel, and resumes after a last id', async () => {
    // as the web client does: resume after the newest event seen, so nothing published meanwhile is lost
    const socket = await openSocket(server, admin, `?last_id=${await latestEventId(admin)}`);
    expect(socket.opened).toBe(true);
    const accepted = await admin.post<AsyncJobMetadata>(
      '/api/v1/chart/data',
      chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['LAS', 'SAN'] }] }),
    );
    expect(accepted.status).toBe(202);
    const pushed = await socket.next((e) => e.job_id === accepted.body.job_id);
    expect(pushed.status).toBe('done');
    expect((await admin.get<ChartReply>(pushed.result_url!)).body.result[0].colnames).toEqual(['origin', 'count']);
    socket.close();

    // a reconnect after an older id gets what it missed
    const previous = (await admin.get<{ result: AsyncEvent[] }>('/api/v1/async_event/')).body.result;
    const index = previous.findIndex((e) => e.id === pushed.id);
    expect(index).toBeGreaterThan(0);
    const resumed = await openSocket(server, admin, `?last_id=${previous[index - 1].id}`);
    expect((await resumed.next((e) => e.job_id === accepted.body.job_id)).id).toBe(pushed.id);
    resumed.close();
  });

  it('is refused (1008) without a valid token, with a tampered one, for another session, or from another site', async () => {
    await admin.get('/api/v1/async_event/');
    const token = admin.cookie('async-token')!;
    expect(token).toBeTruthy();
    expect(await (await openSocket(server, null)).closedWithin()).toBe(1008);

    const forged = await server.admin();
    forged.setCookie(
      'async-token',
      token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect(await (await openSocket(server, forged)).closedWithin()).toBe(1008);

    const { client: other } = await loggedInUser(server, admin, `async_other_${Date.now()}`, ['Gamma']);
    other.setCookie('async-token', token);
    expect(await (await openSocket(server, other)).closedWithin()).toBe(1008);

    expect(await (await openSocket(server, admin, '', { origin: 'https://evil.example' })).closedWithin()).toBe(1008);
  });

  it('closes cleanly when the server shuts down', async () => {
    const own = await startTestServer({ GLOBAL_ASYNC_QUERIES: 'true' }, { examples: false });
    const client = await own.admin();
    await client.get('/api/v1/async_event/');
    const socket = await openSocket(own, client);
    expect(socket.opened).toBe(true);
    await own.close();
    expect(await socket.closed).toBe(1001);
  });
});
