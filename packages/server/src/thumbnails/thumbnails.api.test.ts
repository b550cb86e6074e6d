/**
 * Chart and dashboard thumbnails through the peer's API, captured by the real Chromium the reports
 * use: 202 while being captured, then 200 with the PNG; an old digest is sent on (302) to the
 * current one; a chart the caller cannot read, or no chart at all, is 404 alike; a change to the
 * chart changes the digest; each user has a digest, and a picture, of their own; thumbnails off
 * leaves thumbnail_url null and the routes missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { ChartDetail, ChartListItem, DashboardListItem } from '@rama/shared';
import { startTestServer, type Client, type Reply, type TestServer } from '../test-support/server.js';
import { dashboardTestWorld, type DashboardTestWorld } from '../test-support/dashboards.js';
import { loadPrincipal } from '../security/principal.js';
import { thumbnailDigest } from '../security/thumbnail-digest.js';
import { MAX_QUEUED_PER_USER, ThumbnailService } from './service.js';
import { MemoryThumbnailStore, RedisThumbnailStore } from './store.js';
import { describeIfService } from '../test-support/services.js';

const REDIS = process.env.RAMA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

let server: TestServer;
let world: DashboardTestWorld;
let chartId: number;
let hiddenChartId: number;
let dashboardId: number;

const pieParams = JSON.stringify({ viz_type: 'pie', metric: 'count', groupby: ['origin'], row_limit: 5 });

async function chart(admin: Client, datasource_id: number, slice_name: string): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/chart/', { datasource_id, datasource_type: 'table', slice_name, params: pieParams });
  if (r.status !== 201) throw new Error(`saving a chart failed: ${r.status} ${r.text}`);
  return r.body.id;
}

const chartUrlFor = async (c: Client, id: number) =>
  (await c.get<{ result: ChartDetail }>(`/api/v1/chart/${id}`)).body.result.thumbnail_url;

/** The thumbnail, asked for again (as the web app polls) until it is no longer being captured. */
async function captured(c: Client, url: string): Promise<Reply> {
  // bounded: a capture has the reports' capture deadline (120 s)
  for (let i = 0; i < 300; i++) {
    const r = await c.request('GET', url);
    if (r.status !== 202) return r;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} was still being captured`);
}

/** the PNG bytes of a reply (the test client reads bodies as text) */
async function pngOf(c: Client, url: string): Promise<{ png: PNG; bytes: Buffer; headers: Headers }> {
  const res = await fetch(c.baseUrl + url, { headers: { authorization: `Bearer ${c.bearer}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { png: PNG.sync.read(bytes), bytes, headers: res.headers };
}

/** a client logged in by bearer token (binary replies are read with fetch) */
async function bearerOf(c: Client, username: string, password: string): Promise<Client> {
  const r = await c.post<{ access_token: string }>('/api/v1/security/login', { username, password, provider: 'db' });
  if (r.status !== 200) throw new Error(`bearer login failed: ${r.status} ${r.text}`);
  const out = server.client();
  out.bearer = r.body.access_token;
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  world = await dashboardTestWorld(server);
  chartId = await chart(world.admin, world.flights, 'Thumb flights');
  // alice and bob do not read stocks: this chart is hidden from them
  hiddenChartId = await chart(world.admin, world.stocks, 'Thumb stocks');
  const d = await world.admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'Thumb dashboard', published: true });
  if (d.status !== 201) throw new Error(d.text);
  dashboardId = d.body.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('chart thumbnails', () => {
  it('lists thumbnail_url in chart and dashboard payloads, a different one for each user', async () => {
    const adminList = await world.admin.get<{ result: ChartListItem[] }>('/api/v1/chart/');
    const aliceList = await world.alice.client.get<{ result: ChartListItem[] }>('/api/v1/chart/');
    const mine = adminList.body.result.find((c) => c.id === chartId);
    const hers = aliceList.body.result.find((c) => c.id === chartId);
    expect(mine?.thumbnail_url).toMatch(new RegExp(`^/api/v1/chart/${chartId}/thumbnail/[0-9a-f]{32}/$`));
    expect(hers?.thumbnail_url).toMatch(new RegExp(`^/api/v1/chart/${chartId}/thumbnail/[0-9a-f]{32}/$`));
    expect(hers?.thumbnail_url).not.toBe(mine?.thumbnail_url);
    expect(await chartUrlFor(world.alice.client, chartId)).toBe(hers?.thumbnail_url);
    const dashboards = await world.admin.get<{ result: DashboardListItem[] }>('/api/v1/dashboard/');
    expect(dashboards.body.result.find((d) => d.id === dashboardId)?.thumbnail_url).toMatch(
      new RegExp(`^/api/v1/dashboard/${dashboardId}/thumbnail/[0-9a-f]{32}/$`),
    );
  });

  it('answers 202 while capturing, then the 400×300 PNG, privately cached', async () => {
    const url = (await chartUrlFor(world.alice.client, chartId))!;
    const first = await world.alice.client.get<{ message: string }>(url);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: 'OK Async' });
    const done = await captured(world.alice.client, url);
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toBe('image/png');
    expect(done.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const alice = await bearerOf(server.client(), 'alice', 'test-password-123');
    const { png } = await pngOf(alice, url);
    expect([png.width, png.height]).toEqual([400, 300]);
  }, 200_000);

  it("never serves one user's picture to another: bob's digest differs, alice's address sends him to his own", async () => {
    const alices = (await chartUrlFor(world.alice.client, chartId))!;
    const bobs = (await chartUrlFor(world.bob.client, chartId))!;
    expect(bobs).not.toBe(alices);
    const r = await world.bob.client.get(alices);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(bobs);
    // alice's picture is stored; bob's is not captured yet
    expect((await world.alice.client.get(alices)).status).toBe(200);
    expect((await world.bob.client.get(bobs)).status).toBe(202);
  });

  it('answers 404 for a chart the caller cannot read exactly as for a missing one', async () => {
    const hidden = await world.alice.client.get(`/api/v1/chart/${hiddenChartId}/thumbnail/abc/`);
    const missing = await world.alice.client.get('/api/v1/chart/999999/thumbnail/abc/');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body).toEqual((await world.alice.client.get(`/api/v1/chart/${hiddenChartId}`)).body);
    // the admin sees it, and gets its address
    const adminUrl = await chartUrlFor(world.admin, hiddenChartId);
    expect(adminUrl).toMatch(/thumbnail/);
    // the admin's address is no key for alice either
    expect((await world.alice.client.get(adminUrl!)).status).toBe(404);
  });

  it('changes the digest when the chart changes; the old address is sent on to the new one', async () => {
    const before = (await chartUrlFor(world.alice.client, chartId))!;
    const put = await world.admin.put(`/api/v1/chart/${chartId}`, { slice_name: 'Thumb flights (renamed)' });
    expect(put.status, put.text).toBe(200);
    const after = (await chartUrlFor(world.alice.client, chartId))!;
    expect(after).not.toBe(before);
    const old = await world.alice.client.get(before);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(after);
    // the changed chart is captured anew
    expect((await world.alice.client.get(after)).status).toBe(202);
  });
});

describe('dashboard thumbnails', () => {
  it('captures the dashboard in report mode: 202, then an 800×600 PNG', async () => {
    const list = await world.admin.get<{ result: DashboardListItem[] }>('/api/v1/dashboard/');
    const url = list.body.result.find((d) => d.id === dashboardId)!.thumbnail_url!;
    expect((await world.admin.get(url)).status).toBe(202);
    expect((await captured(world.admin, url)).status).toBe(200);
    const admin = await bearerOf(server.client(), 'admin', 'admin-test-password-1');
    const { png, headers } = await pngOf(admin, url);
    expect(headers.get('content-type')).toBe('image/png');
    expect([png.width, png.height]).toEqual([800, 600]);
    expect((await world.alice.client.get(`/api/v1/dashboard/999999/thumbnail/abc/`)).status).toBe(404);
  }, 200_000);
});

describe('refresh and bounds', () => {
  const digestOf = async (userId: number, id: number) => {
    const row = await server.ctx.store.db.selectFrom('slices').select('changed_on').where('id', '=', id).executeTakeFirstOrThrow();
    return thumbnailDigest(server.ctx.config.secretKey, 'chart', id, row.changed_on, userId);
  };

  it('serves a picture older than RAMA_THUMBNAIL_CACHE_SECONDS as it is (not to be kept) and captures it anew', async () => {
    const store = new MemoryThumbnailStore({ maxEntries: 10, maxBytes: 10 * 1024 * 1024 });
    const service = new ThumbnailService(server.ctx, store);
    try {
      const alice = (await loadPrincipal(server.ctx.store.db, world.alice.id))!;
      const digest = await digestOf(alice.id, chartId);
      const key = `chart:${chartId}:${digest}`;
      const old = Date.now() - (server.ctx.config.thumbnails.cacheSeconds + 60) * 1000;
      await store.set(key, Buffer.from('an old picture'), old);
      const stale = await service.answer(alice, 'chart', chartId, digest);
      expect(stale).toEqual({ kind: 'png', png: Buffer.from('an old picture'), maxAge: 0 });
      expect(service.queued).toBe(1);
      await service.idle();
      const fresh = await store.get(key);
      expect(fresh!.storedAt).toBeGreaterThan(old);
      expect(PNG.sync.read(fresh!.png).width).toBe(400);
      const again = await service.answer(alice, 'chart', chartId, digest);
      expect(again.kind === 'png' && again.maxAge).toBeGreaterThan(0);
      expect(service.queued).toBe(0);
    } finally {
      await service.close();
    }
  }, 200_000);

  it('waits while the reports use every capture slot, and captures once one is free', async () => {
    const service = new ThumbnailService(server.ctx, new MemoryThumbnailStore({ maxEntries: 10, maxBytes: 10 * 1024 * 1024 }));
    const reports = server.ctx.config.reports;
    const slots = reports.concurrency;
    try {
      const alice = (await loadPrincipal(server.ctx.store.db, world.alice.id))!;
      const other = await chart(world.admin, world.flights, 'Thumb slots');
      // no slot left to the thumbnails (as when every report slot holds a capture)
      reports.concurrency = 0;
      expect(await service.answer(alice, 'chart', other, await digestOf(alice.id, other))).toEqual({ kind: 'queued' });
      await new Promise((r) => setTimeout(r, 1500));
      expect([service.queued, service.captures]).toEqual([1, 0]);
      reports.concurrency = slots;
      await service.idle();
      expect([service.queued, service.captures]).toEqual([0, 1]);
    } finally {
      reports.concurrency = slots;
      await service.close();
    }
  }, 200_000);

  it(`queues one capture per key and at most ${MAX_QUEUED_PER_USER} per user; more are answered 202 without queueing`, async () => {
    const service = new ThumbnailService(server.ctx, new MemoryThumbnailStore({ maxEntries: 10, maxBytes: 10 * 1024 * 1024 }));
    try {
      const adminId = (
        await server.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
      ).id;
      const admin = (await loadPrincipal(server.ctx.store.db, adminId))!;
      const ids = [];
      for (let i = 0; i <= MAX_QUEUED_PER_USER; i++) ids.push(await chart(world.admin, world.flights, `Thumb bound ${i}`));
      const answers = [];
      for (const id of ids) answers.push(await service.answer(admin, 'chart', id, await digestOf(admin.id, id)));
      // the same key again is not queued twice
      answers.push(await service.answer(admin, 'chart', ids[0], await digestOf(admin.id, ids[0])));
      expect(new Set(answers.map((a) => a.kind))).toEqual(new Set(['queued']));
      expect(service.queued).toBe(MAX_QUEUED_PER_USER);
      // another user still has room
      const alice = (await loadPrincipal(server.ctx.store.db, world.alice.id))!;
      await service.answer(alice, 'chart', chartId, await digestOf(alice.id, chartId));
      expect(service.queued).toBe(MAX_QUEUED_PER_USER + 1);
    } finally {
      await service.close();
    }
  }, 60_000);
});

await describeIfService(
  { name: 'Redis', url: REDIS.replace(/^redis:/, 'http:'), defaultPort: 6379, envVar: 'RAMA_TEST_REDIS_URL' },
  'thumbnails shared in Redis',
  () => {
    it('a picture one server captured is served by another without a capture of its own', async () => {
      const prefix = `rama-test-thumbs-${process.pid}-${Date.now()}`;
      const bounds = { maxEntries: 10, maxBytes: 10 * 1024 * 1024 };
      const [a, b] = [0, 1].map(() => new ThumbnailService(server.ctx, new RedisThumbnailStore(REDIS, prefix, bounds)));
      try {
        const bob = (await loadPrincipal(server.ctx.store.db, world.bob.id))!;
        const url = (await chartUrlFor(world.bob.client, chartId))!;
        const digest = url.split('/').at(-2)!;
        expect(await a.answer(bob, 'chart', chartId, digest)).toEqual({ kind: 'queued' });
        await a.idle();
        const served = await b.answer(bob, 'chart', chartId, digest);
        expect(served.kind).toBe('png');
        expect(served.kind === 'png' && PNG.sync.read(served.png).width).toBe(400);
        expect(b.queued).toBe(0);
        expect(b.captures).toBe(0);
      } finally {
        await a.close();
        await b.close();
      }
    }, 200_000);
  },
);

describe('thumbnails off', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ RAMA_THUMBNAILS: 'false' }, { examples: false });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('leaves thumbnail_url null and has no thumbnail routes', async () => {
    const admin = await off.admin();
    const d = await admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'No thumbs' });
    expect(d.status).toBe(201);
    const got = await admin.get<{ result: { thumbnail_url: string | null } }>(`/api/v1/dashboard/${d.body.id}`);
    expect(got.body.result.thumbnail_url).toBeNull();
    expect((await admin.get(`/api/v1/dashboard/${d.body.id}/thumbnail/abc/`)).status).toBe(404);
  });
});
