/**
 * Issue 24: a pooled database session changed by one user's SQL Lab run is never handed to another
 * user. On PostgreSQL and MariaDB databases that allow DML, user A's `SET standard_conforming_strings
 * = off`, `set_config(...)`, `SET search_path` or `SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'`
 * closes that connection after the run, so user B's next runs read the settings Rama sets; on
 * databases without allow_dml such statements are refused before they run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseGrant, loginAs } from '../test-support/sqllab-fixtures.js';
import { mysqlTestUrl, pgTestUrl, serviceAddress, tcpReachable } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

const ENGINES = ['postgresql', 'mariadb'] as const;
type Engine = (typeof ENGINES)[number];
type Mode = 'dml' | 'readonly';

/** the backend's session id and the settings under attack, in one row */
const PROBE: Record<Engine, string> = {
  postgresql:
    "SELECT pg_backend_pid() AS pid, current_setting('standard_conforming_strings') AS scs, current_setting('search_path') AS path",
  mariadb: 'SELECT CONNECTION_ID() AS pid, @@SESSION.sql_mode AS mode',
};

const suffix = `${process.pid}_${Date.now() % 100000}`;
let server: TestServer;
let alice: Client;
let bob: Client;
const databases = new Map<string, number>();
/** a virtual dataset whose rows are PROBE, on each engine's DML database: the charts' view */
const probes = new Map<Engine, number>();
const available = new Set<Engine>();

interface ExecReply {
  data: Record<string, unknown>[];
  errors?: { message: string; error_type: string }[];
}

const key = (engine: Engine, mode: Mode) => `${engine}/${mode}`;

/** One SQL Lab run (sync) as `c`; returns status and body. */
function run(c: Client, engine: Engine, mode: Mode, sql: string) {
  return c.post<ExecReply>('/api/v1/sqllab/execute/', { database_id: databases.get(key(engine, mode)), sql, runAsync: false });
}

/** The probe's row, run by `c`; fails the test on anything but 200. */
async function probe(c: Client, engine: Engine, mode: Mode): Promise<Record<string, unknown>> {
  const r = await run(c, engine, mode, PROBE[engine]);
  expect(r.status, r.text).toBe(200);
  return r.body.data[0];
}

/** The probe's row as chart data (another user's chart on the same pool), forced past the cache. */
async function chartProbe(c: Client, engine: Engine): Promise<Record<string, unknown>> {
  const columns = engine === 'postgresql' ? ['pid', 'scs', 'path'] : ['pid', 'mode'];
  const r = await c.post<{ result: { data: Record<string, unknown>[] }[] }>('/api/v1/chart/data', {
    datasource: { id: probes.get(engine), type: 'table' },
    queries: [{ columns, metrics: [], row_limit: 10 }],
    result_type: 'full',
    result_format: 'json',
    force: true,
  });
  expect(r.status, r.text).toBe(200);
  return r.body.result[0].data[0];
}

beforeAll(async () => {
  for (const [engine, url, port] of [
    ['postgresql', pgTestUrl, 5432],
    ['mariadb', mysqlTestUrl, 3306],
  ] as const) {
    const addr = serviceAddress(url, port);
    if (await tcpReachable(addr.host, addr.port)) available.add(engine);
  }
  if (process.env.CI && available.size < ENGINES.length) throw new Error('CI must provide PostgreSQL and MariaDB');
  // one query slot per database: a pool of 3 connections, borrowed most-recently-released first
  server = await startTestServer({ RAMA_DB_CONCURRENT_QUERIES: '1' }, { examples: false });
  const admin = await server.admin();
  const grants = [];
  for (const engine of available)
    for (const mode of ['dml', 'readonly'] as const) {
      const name = `sessions ${engine} ${mode} ${suffix}`;
      const r = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: name,
        sqlalchemy_uri: engine === 'postgresql' ? pgTestUrl : mysqlTestUrl,
        expose_in_sqllab: true,
        allow_dml: mode === 'dml',
      });
      expect(r.status, r.text).toBe(201);
      databases.set(key(engine, mode), r.body.id);
      grants.push(databaseGrant(name, r.body.id));
      if (mode !== 'dml') continue;
      const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
        database: r.body.id,
        table_name: `session_probe_${engine}`,
        sql: PROBE[engine],
      });
      expect(ds.status, ds.text).toBe(201);
      probes.set(engine, ds.body.id);
    }
  alice = (await loginAs(server, 'session_alice', ['Gamma', 'sql_lab'], grants)).client;
  bob = (await loginAs(server, 'session_bob', ['Gamma', 'sql_lab'], grants)).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('PostgreSQL with allow_dml: a session changed in SQL Lab is not reused', () => {
  it('SET standard_conforming_strings = off and SET search_path never reach the next user’s chart or SQL Lab run', async (ctx) => {
    if (!available.has('postgresql')) ctx.skip();
    // chart queries do get the session the last run released: the pool reuses sessions...
    const first = await chartProbe(bob, 'postgresql');
    expect(await chartProbe(bob, 'postgresql')).toEqual({ ...first, scs: 'on', path: '"$user", public' });

    // ...but never one where user SQL ran on a writable session
    const attack = await run(
      alice,
      'postgresql',
      'dml',
      `SET standard_conforming_strings = off;\nSET search_path = evil;\n${PROBE.postgresql}`,
    );
    expect(attack.status, attack.text).toBe(200);
    const changed = attack.body.data[0];
    expect(changed).toMatchObject({ scs: 'off', path: 'evil' });
    for (let i = 0; i < 3; i++) {
      const chart = await chartProbe(bob, 'postgresql');
      expect(chart).toMatchObject({ scs: 'on', path: '"$user", public' });
      expect(chart.pid).not.toBe(changed.pid);
      const lab = await probe(bob, 'postgresql', 'dml');
      expect(lab).toMatchObject({ scs: 'on', path: '"$user", public' });
      expect(lab.pid).not.toBe(changed.pid);
    }
  });

  it("SELECT set_config('standard_conforming_strings', 'off', false) does not outlive the run either", async (ctx) => {
    if (!available.has('postgresql')) ctx.skip();
    await chartProbe(bob, 'postgresql');
    const attack = await run(
      alice,
      'postgresql',
      'dml',
      `SELECT set_config('standard_conforming_strings', 'off', false);\n${PROBE.postgresql}`,
    );
    expect(attack.status, attack.text).toBe(200);
    const changed = attack.body.data[0];
    expect(changed.scs).toBe('off');
    for (let i = 0; i < 3; i++) {
      const chart = await chartProbe(bob, 'postgresql');
      expect(chart.scs).toBe('on');
      expect(chart.pid).not.toBe(changed.pid);
    }
  });
});

describe('MariaDB with allow_dml: a session changed in SQL Lab is not reused', () => {
  it("SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES' never reaches the next user’s chart or SQL Lab run", async (ctx) => {
    if (!available.has('mariadb')) ctx.skip();
    const first = await chartProbe(bob, 'mariadb');
    expect(await chartProbe(bob, 'mariadb')).toEqual(first);
    expect(String(first.mode)).not.toContain('NO_BACKSLASH_ESCAPES');

    const attack = await run(alice, 'mariadb', 'dml', `SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES';\n${PROBE.mariadb}`);
    expect(attack.status, attack.text).toBe(200);
    const changed = attack.body.data[0];
    expect(changed.mode).toBe('NO_BACKSLASH_ESCAPES');
    for (let i = 0; i < 3; i++) {
      const chart = await chartProbe(bob, 'mariadb');
      expect(String(chart.mode)).not.toContain('NO_BACKSLASH_ESCAPES');
      expect(chart.pid).not.toBe(changed.pid);
      const lab = await probe(bob, 'mariadb', 'dml');
      expect(String(lab.mode)).not.toContain('NO_BACKSLASH_ESCAPES');
      expect(lab.pid).not.toBe(changed.pid);
    }
  });
});

describe('MariaDB with allow_dml: statements without a result set', () => {
  it('SET, DO and CREATE TEMPORARY TABLE answer at once instead of holding the query slot', async (ctx) => {
    if (!available.has('mariadb')) ctx.skip();
    // the driver reports "no fields" for these; reading that as a result set once hung the run forever
    for (const sql of ['SET @x = 1', 'DO 1', 'CREATE TEMPORARY TABLE session_tmp (a INT)']) {
      const r = await run(alice, 'mariadb', 'dml', sql);
      expect(r.status, `${sql}: ${r.text}`).toBe(200);
      expect(r.body.data).toEqual([]);
    }
    // the temporary table went with its session
    const r = await run(bob, 'mariadb', 'dml', 'SELECT count(*) AS n FROM session_tmp');
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/session_tmp/);
  });
});

describe('without allow_dml: statements that change the session are refused before they run', () => {
  const attacks: Record<Engine, string[]> = {
    postgresql: [
      'SET standard_conforming_strings = off',
      "SELECT set_config('standard_conforming_strings', 'off', false)",
      `SET search_path = evil;\n${PROBE.postgresql}`,
    ],
    mariadb: ["SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'", `SET sql_mode = 'NO_BACKSLASH_ESCAPES';\n${PROBE.mariadb}`],
  };

  it.for(ENGINES)('%s: 400 DML_NOT_ALLOWED_ERROR, and the next run reads the settings Rama sets', async (engine, ctx) => {
    if (!available.has(engine)) ctx.skip();
    for (const sql of attacks[engine]) {
      const r = await run(alice, engine, 'readonly', sql);
      expect(r.status, `${sql}: ${r.text}`).toBe(400);
      expect(r.body.errors?.[0]).toMatchObject({ error_type: 'DML_NOT_ALLOWED_ERROR' });
      expect(r.text).not.toMatch(/at .+\.(ts|js):\d+/);
    }
    const after = await probe(bob, engine, 'readonly');
    if (engine === 'postgresql') expect(after).toMatchObject({ scs: 'on', path: '"$user", public' });
    else expect(String(after.mode)).not.toContain('NO_BACKSLASH_ESCAPES');
  });
});
