/**
 * Issue 24: imports cannot freeze the server (item 3), and the smaller export/import items of 11
 * on the dataset side: the download cookie, the export permission, the database file's path.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let alice: { client: Client; id: number };
let gary: { client: Client; id: number };
let stocks: number;

type ErrorsReply = { errors: { message: string; error_type: string; level: string; extra: Record<string, unknown> }[] };

function upload(c: Client, path: string, bundle: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('formData', new Blob([bundle as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return c.postForm<ErrorsReply>(path, form, { csrf: true });
}

const cookieOf = (c: Client) => (c as unknown as { cookieHeader(): string }).cookieHeader();

/** `/api/v1/me/` over and over while `work` runs: the slowest answer, and how many came back. */
async function meLatencyDuring<T>(c: Client, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; answers: number }> {
  let done = false;
  let slowestMs = 0;
  let answers = 0;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      const r = await c.get('/api/v1/me/');
      if (r.status !== 200) throw new Error(`/me answered ${r.status}`);
      slowestMs = Math.max(slowestMs, performance.now() - start);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const result = await work();
    return { result, slowestMs, answers };
  } finally {
    done = true;
    await probe;
  }
}

/** The reported chart bundle: 400,000 keys in `params` (7 MB of YAML, about a 1 MB zip). */
function hostileChartBundle(keys: number, folder = 'charts', type = 'Slice'): Uint8Array {
  const lines = ['slice_name: x', 'viz_type: table', 'uuid: 0a0a0a0a-0000-4000-8000-000000000001', 'version: 1.0.0', 'params:'];
  for (let i = 0; i < keys; i++) lines.push(`  k${i}: 1`);
  return zipSync(
    {
      'export/metadata.yaml': strToU8(`version: 1.0.0\ntype: ${type}\n`),
      [`export/${folder}/x.yaml`]: strToU8(lines.join('\n')),
    },
    { level: 6 },
  );
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  alice = await loggedInUser(server, admin, 'alice', ['Alpha']);
  gary = await loggedInUser(server, admin, 'gary', ['Gamma']);
  const r = await alice.client.post<{ id: number }>('/api/v1/dataset/', {
    database: server.examplesId,
    schema: 'main',
    table_name: 'stocks',
  });
  if (r.status !== 201) throw new Error(r.text);
  stocks = r.body.id;
});

afterAll(async () => {
  await server?.close();
});

describe('a hostile YAML import (issue 24, item 3)', () => {
  it("a Gamma user's 1 MB chart bundle with 400,000 keys answers 422 within a second or two, naming the limit; /me is answered meanwhile", async () => {
    const idle = await meLatencyDuring(alice.client, () => new Promise((resolve) => setTimeout(resolve, 1_000)));
    // a first import starts the bundle workers, as any import after a restart does
    const warm = await upload(gary.client, '/api/v1/chart/import/', hostileChartBundle(10));
    expect(warm.status, warm.text).toBe(422);
    const bundle = hostileChartBundle(400_000);
    expect(bundle.length).toBeGreaterThan(700_000);
    expect(bundle.length).toBeLessThan(1_400_000);
    const start = performance.now();
    const {
      result: r,
      slowestMs,
      answers,
    } = await meLatencyDuring(alice.client, () => upload(gary.client, '/api/v1/chart/import/', bundle));
    const elapsed = performance.now() - start;
    console.info(
      `hostile chart import: ${Math.round(elapsed)} ms; /me slowest ${Math.round(slowestMs)} ms over ${answers} answers ` +
        `(idle: slowest ${Math.round(idle.slowestMs)} ms)`,
    );
    expect(r.status, r.text).toBe(422);
    expect(r.body.errors[0]).toMatchObject({ message: 'Error importing chart', error_type: 'GENERIC_COMMAND_ERROR' });
    // 5.7 MB of YAML: refused by its size, without unpacking it (a smaller one by its keys, below)
    expect(r.body.errors[0].extra['charts/x.yaml']).toBe('Too large to import: the file is larger than 4 MB (the limit per file)');
    expect(elapsed).toBeLessThan(2_000);
    // the parse never runs on the main thread: /me waits for nothing but the machine's load
    expect(slowestMs).toBeLessThan(500);
    expect((await server.client().get('/health')).status).toBe(200);
  });

  it('dataset and dashboard imports read through the same limits', async () => {
    const datasets = await upload(alice.client, '/api/v1/dataset/import/', hostileChartBundle(20_000, 'datasets', 'SqlaTable'));
    expect(datasets.status, datasets.text).toBe(422);
    expect(datasets.body.errors[0].extra['datasets/x.yaml']).toMatch(/more than 10,000 keys in one mapping/);
    const dashboards = await upload(alice.client, '/api/v1/dashboard/import/', hostileChartBundle(300_000, 'dashboards', 'Dashboard'));
    expect(dashboards.status, dashboards.text).toBe(422);
    expect(dashboards.body.errors[0].extra['dashboards/x.yaml']).toMatch(/more than 200,000 keys and list items/);
    // a JSON text inside the YAML counts the same
    const json = JSON.stringify(Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`k${i}`, i])));
    const text = zipSync({
      'e/metadata.yaml': strToU8('version: 1.0.0\ntype: Slice\n'),
      'e/charts/j.yaml': strToU8(stringify({ slice_name: 'j', viz_type: 'table', params: json, version: '1.0.0' })),
    });
    const r = await upload(gary.client, '/api/v1/chart/import/', text);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].extra['charts/j.yaml']).toMatch(/more than 10,000 keys in one mapping/);
  });
});

describe('export cookie, permission and database path (issue 24, item 11)', () => {
  it('?token=rama_session sets rama_dl_rama_session, never the session cookie: the user stays logged in', async () => {
    const res = await fetch(`${server.url}/api/v1/dataset/export/?q=!(${stocks})&token=rama_session`, {
      headers: { cookie: cookieOf(alice.client) },
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('rama_dl_rama_session=done'))).toBe(true);
    expect(cookies.some((c) => /^rama_(session|csrf)=/.test(c))).toBe(false);
    const chart = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'c',
      viz_type: 'table',
      datasource_id: stocks,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'table' }),
    });
    const dashboard = await admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'd' });
    for (const path of [`/api/v1/chart/export/?q=!(${chart.body.id})`, `/api/v1/dashboard/export/?q=!(${dashboard.body.id})`]) {
      const other = await fetch(`${server.url}${path}&token=rama_csrf`, { headers: { cookie: cookieOf(admin) } });
      expect(other.status, path).toBe(200);
      expect(other.headers.getSetCookie().some((c) => c.startsWith('rama_dl_rama_csrf=done'))).toBe(true);
      expect(other.headers.getSetCookie().some((c) => c.startsWith('rama_csrf='))).toBe(false);
    }
    // a token that is not a plain word sets nothing
    const odd = await fetch(`${server.url}/api/v1/dataset/export/?q=!(${stocks})&token=a%3Bb`, {
      headers: { cookie: cookieOf(alice.client) },
    });
    expect(odd.headers.getSetCookie()).toEqual([]);
    expect((await alice.client.get('/api/v1/me/')).status).toBe(200);
  });

  it('a Gamma user may not export datasets (403); the bundle never shows the DuckDB file path, and imports back by uuid', async () => {
    const refused = await gary.client.get(`/api/v1/dataset/export/?q=!(${stocks})`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String) });
    const res = await fetch(`${server.url}/api/v1/dataset/export/?q=!(${stocks})`, { headers: { cookie: cookieOf(alice.client) } });
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer()))).map(([name, bytes]) => [
        name.split('/').slice(1).join('/'),
        strFromU8(bytes),
      ]),
    );
    const home = process.env.RAMA_TEST_EXAMPLES_HOME ?? '/';
    for (const text of Object.values(files)) expect(text).not.toContain(home);
    const database = parse(files['databases/examples.yaml']) as Record<string, unknown>;
    expect(database.sqlalchemy_uri).toBe('duckdb:///XXXXXXXXXX');
    const back = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [`e/${name}`, strToU8(text)])));
    const r = await upload(alice.client, '/api/v1/dataset/import/', back, { overwrite: 'true' });
    expect(r.status, r.text).toBe(200);
    // a new database cannot come from a masked file path
    const other = { ...database, uuid: 'b1b1b1b1-0000-4000-8000-000000000001', database_name: 'copy of examples' };
    const dataset = parse(Object.entries(files).find(([n]) => n.startsWith('datasets/'))?.[1] ?? '') as Record<string, unknown>;
    const bundle = zipSync({
      'e/metadata.yaml': strToU8('version: 1.0.0\ntype: SqlaTable\n'),
      'e/databases/copy.yaml': strToU8(stringify(other)),
      'e/datasets/copy/s.yaml': strToU8(stringify({ ...dataset, uuid: 'b1b1b1b1-0000-4000-8000-000000000002', database_uuid: other.uuid })),
    });
    const masked = await upload(admin, '/api/v1/dataset/import/', bundle);
    expect(masked.status).toBe(422);
    expect(masked.body.errors[0].extra['databases/copy.yaml']).toEqual({
      _schema: ['The database file path is not exported: create the database here first, then import'],
    });
  });
});
