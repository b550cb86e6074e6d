/**
 * Issue 24: deeply nested layouts (item 7) and the dashboard side of item 11: an import never links
 * a chart the importer cannot see, and `"owners": []` is a valid PUT.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LAYOUT_DEPTH, POSITION_MESSAGES, serializeLayout, emptyLayout } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { dashboardChartIds, dashboardTestWorld, type DashboardTestWorld } from '../test-support/dashboards.js';

let server: TestServer;
let world: DashboardTestWorld;

type Doc = Record<string, unknown>;
type DashboardReply = { id: number; result: { owners: unknown[]; position_json: string | null } };

/** ROOT > GRID > TABS > TAB > … with `pairs` tabs/tab pairs: the nesting table allows any length (tabs add no depth). */
function nestedTabs(pairs: number): Record<string, { type: string; id: string; children: string[] }> {
  const layout: Record<string, { type: string; id: string; children: string[] }> = {
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['TABS-0'] },
  };
  for (let i = 0; i < pairs; i++) {
    layout[`TABS-${i}`] = { type: 'TABS', id: `TABS-${i}`, children: [`TAB-${i}`] };
    layout[`TAB-${i}`] = { type: 'TAB', id: `TAB-${i}`, children: i + 1 < pairs ? [`TABS-${i + 1}`] : [] };
  }
  return layout;
}

const cookieOf = (c: Client) => (c as unknown as { cookieHeader(): string }).cookieHeader();

/** `/api/v1/me/` over and over while `work` runs: the slowest answer. */
async function meLatencyDuring<T>(c: Client, work: () => Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let done = false;
  let slowestMs = 0;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      await c.get('/api/v1/me/');
      slowestMs = Math.max(slowestMs, performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await work(), slowestMs };
  } finally {
    done = true;
    await probe;
  }
}

async function chartOn(c: Client, dataset: number, name: string): Promise<{ id: number; uuid: string }> {
  const r = await c.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    datasource_id: dataset,
    datasource_type: 'table',
    viz_type: 'table',
    params: JSON.stringify({ datasource: `${dataset}__table`, viz_type: 'table' }),
  });
  if (r.status !== 201) throw new Error(r.text);
  const row = await server.ctx.store.db.selectFrom('slices').select('uuid').where('id', '=', r.body.id).executeTakeFirstOrThrow();
  return { id: r.body.id, uuid: row.uuid };
}

function upload(c: Client, files: Record<string, Doc>) {
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, doc]) => [`e/${name}`, strToU8(stringify(doc))])));
  const form = new FormData();
  form.append('formData', new Blob([zip as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  return c.postForm<Record<string, unknown>>('/api/v1/dashboard/import/', form, { csrf: true });
}

beforeAll(async () => {
  server = await startTestServer();
  world = await dashboardTestWorld(server);
});

afterAll(async () => {
  await server?.close();
});

describe('dashboard layouts are bounded (issue 24, item 7)', () => {
  it('POST with the reported 20,000-deep TABS/TAB layout (2.8 MB) answers 400 at once, naming the limit', async () => {
    const text = JSON.stringify(nestedTabs(20_000));
    expect(text.length).toBeGreaterThan(2_700_000);
    const start = performance.now();
    const { result: r, slowestMs } = await meLatencyDuring(world.bob.client, () =>
      world.alice.client.post('/api/v1/dashboard/', { dashboard_title: 'deep', position_json: text }),
    );
    const elapsed = performance.now() - start;
    console.info(`20,000-deep layout POST: ${Math.round(elapsed)} ms; another user's /me slowest ${Math.round(slowestMs)} ms`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { position_json: [POSITION_MESSAGES.tooLong] } });
    expect(elapsed).toBeLessThan(1_000);
  });

  it('a 4,000-deep layout under 2 MB is refused by its depth, on POST, PUT and in json_metadata.positions', async () => {
    const text = JSON.stringify(nestedTabs(2_000));
    expect(text.length).toBeLessThan(2 * 1024 * 1024);
    const expected = { message: { position_json: [POSITION_MESSAGES.tooDeep('TABS-14')] } };
    const created = await world.alice.client.post('/api/v1/dashboard/', { dashboard_title: 'deep', position_json: text });
    expect(created.status).toBe(400);
    expect(created.body).toEqual(expected);
    const ok = await world.alice.client.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'ok' });
    expect(ok.status).toBe(201);
    const put = await world.alice.client.put(`/api/v1/dashboard/${ok.body.id}`, { position_json: text });
    expect(put.status).toBe(400);
    expect(put.body).toEqual(expected);
    const viaMetadata = await world.alice.client.put(`/api/v1/dashboard/${ok.body.id}`, {
      json_metadata: JSON.stringify({ positions: nestedTabs(2_000) }),
    });
    expect(viaMetadata.status).toBe(400);
    // tabs nested fourteen levels deep are still a layout
    const fine = await world.alice.client.put(`/api/v1/dashboard/${ok.body.id}`, { position_json: JSON.stringify(nestedTabs(14)) });
    expect(fine.status, fine.text).toBe(200);
  });

  it('a deep layout stored before the limits exports at once, cut at the depth limit (iterative walks, no RangeError)', async () => {
    const ok = await world.alice.client.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'legacy' });
    await server.ctx.store.db
      .updateTable('dashboards')
      .set({ position_json: JSON.stringify(nestedTabs(20_000)) })
      .where('id', '=', ok.body.id)
      .execute();
    const before = process.memoryUsage().rss;
    const start = performance.now();
    const { result: res, slowestMs } = await meLatencyDuring(world.bob.client, () =>
      fetch(`${server.url}/api/v1/dashboard/export/?q=!(${ok.body.id})`, { headers: { cookie: cookieOf(world.alice.client) } }),
    );
    const elapsed = performance.now() - start;
    const after = process.memoryUsage().rss;
    console.info(
      `export of a stored 40,000-component chain: ${Math.round(elapsed)} ms; /me slowest ${Math.round(slowestMs)} ms; ` +
        `rss ${Math.round(before / 1e6)} → ${Math.round(after / 1e6)} MB`,
    );
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const [, yamlBytes] = Object.entries(files).find(([name]) => name.includes('/dashboards/')) as [string, Uint8Array];
    const position = (parse(strFromU8(yamlBytes)) as { position: Record<string, unknown> }).position;
    // the version key, the root, the grid and the components down to the limit
    expect(Object.keys(position)).toHaveLength(MAX_LAYOUT_DEPTH + 2);
    expect(elapsed).toBeLessThan(3_000);
    expect(after - before).toBeLessThan(300 * 1024 * 1024);
  });
});

describe('dashboard import and owners (issue 24, item 11)', () => {
  it('an import never links a chart the importer cannot see: it leaves the layout as a missing chart does', async () => {
    const hidden = await chartOn(world.admin, world.stocks, 'stocks, admin only');
    const mine = await chartOn(world.alice.client, world.flights, 'flights, alice');
    const layout = (extra: Record<string, unknown>) => ({
      ...JSON.parse(serializeLayout(emptyLayout())),
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'] },
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: Object.keys(extra) },
      ...extra,
    });
    const chartItem = (key: string, uuid: string, chartId: number) => ({
      [key]: { type: 'CHART', id: key, children: [], meta: { chartId, uuid, width: 4, height: 50 } },
    });
    const uuid = 'd0d0d0d0-0000-4000-8000-000000000001';
    const r = await upload(world.alice.client, {
      'metadata.yaml': { version: '1.0.0', type: 'Dashboard' },
      'dashboards/d.yaml': {
        dashboard_title: 'named by uuid',
        uuid,
        version: '1.0.0',
        position: layout({
          ...chartItem('CHART-hidden', hidden.uuid, 1),
          ...chartItem('CHART-mine', mine.uuid, 2),
          ...chartItem('CHART-missing', 'e0e0e0e0-0000-4000-8000-000000000009', 3),
        }),
        metadata: {},
      },
    });
    expect(r.status, r.text).toBe(200);
    const row = await server.ctx.store.db
      .selectFrom('dashboards')
      .select(['id', 'position_json'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(await dashboardChartIds(server, row.id)).toEqual([mine.id]);
    expect(row.position_json).not.toContain(hidden.uuid);
    expect(row.position_json).not.toContain('CHART-hidden');
    expect(row.position_json).toContain('CHART-mine');
    // the admin, who sees it, links it
    const byAdmin = await upload(world.admin, {
      'metadata.yaml': { version: '1.0.0', type: 'Dashboard' },
      'dashboards/d.yaml': {
        dashboard_title: 'named by uuid',
        uuid: 'd0d0d0d0-0000-4000-8000-000000000002',
        version: '1.0.0',
        position: layout(chartItem('CHART-hidden', hidden.uuid, 1)),
      },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const adminRow = await server.ctx.store.db
      .selectFrom('dashboards')
      .select('id')
      .where('uuid', '=', 'd0d0d0d0-0000-4000-8000-000000000002')
      .executeTakeFirstOrThrow();
    expect(await dashboardChartIds(server, adminRow.id)).toEqual([hidden.id]);
  });

  it('PUT "owners": [] leaves an admin\'s dashboard without owners, and keeps a non-admin editor as owner', async () => {
    const d = await world.alice.client.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'owned' });
    const byAlice = await world.alice.client.put<DashboardReply>(`/api/v1/dashboard/${d.body.id}`, { owners: [] });
    expect(byAlice.status, byAlice.text).toBe(200);
    expect((await world.alice.client.get<DashboardReply>(`/api/v1/dashboard/${d.body.id}`)).body.result.owners).toEqual([
      expect.objectContaining({ id: world.alice.id }),
    ]);
    const byAdmin = await world.admin.put<DashboardReply>(`/api/v1/dashboard/${d.body.id}`, { owners: [] });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((await world.admin.get<DashboardReply>(`/api/v1/dashboard/${d.body.id}`)).body.result.owners).toEqual([]);
    // alice no longer owns it: she may not change it
    expect([403, 404]).toContain((await world.alice.client.put(`/api/v1/dashboard/${d.body.id}`, { dashboard_title: 'mine?' })).status);
  });
});
