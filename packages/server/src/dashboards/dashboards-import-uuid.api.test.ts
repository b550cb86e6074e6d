/**
 * Issue 31 items 1 and 3: a dashboard bundle from another installation whose database is called
 * `examples` (another uuid, PostgreSQL) is never bound to the examples DuckDB database here: it is
 * created as "examples (2)" and the reply says so; `overwrite=true` replaces every asset of the
 * bundle (dashboard, charts, datasets, the database's settings); a user who may not edit one of
 * them is refused and nothing is written.
 */
import pg from 'pg';
import { strToU8, zipSync } from 'fflate';
import { stringify } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportResult } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { describeIfService, pgTestUrl, postgresService } from '../test-support/services.js';
import { loggedInUser } from '../test-support/users.js';

type Bundle = Record<string, Record<string, unknown>>;
type Reply = { message?: string; result?: ImportResult; errors?: { message: string; extra: Record<string, unknown> }[] };
type DataReply = { result: { data: Record<string, unknown>[] }[] };

const schema = `rama_imp_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
const DB_UUID = '5d1f0a10-31aa-4c31-9e31-000000000031';
const DATASET_UUID = '5d1f0a10-31aa-4c31-9e31-000000000032';
const PIE_UUID = '5d1f0a10-31aa-4c31-9e31-000000000033';
const TABLE_UUID = '5d1f0a10-31aa-4c31-9e31-000000000034';
const DASHBOARD_UUID = '5d1f0a10-31aa-4c31-9e31-000000000035';
const DB_FILE = 'databases/examples.yaml';
const DATASET_FILE = 'datasets/examples/video_game_sales.yaml';
const PIE_FILE = 'charts/Sales_by_genre_1.yaml';
const TABLE_FILE = 'charts/Top_games_2.yaml';
const DASHBOARD_FILE = 'dashboards/Video_Game_Sales_1.yaml';

async function pgRun(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgTestUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const chartLayout = (id: string, uuid: string) => ({
  type: 'CHART',
  id,
  children: [],
  parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
  meta: { chartId: 900, uuid, width: 6, height: 50 },
});

/** The bundle the peer exports for its video game sales dashboard (the parts Rama reads). */
function peerBundle(): Bundle {
  return {
    'metadata.yaml': { version: '1.0.0', type: 'Dashboard', timestamp: '2026-11-28T00:00:00+00:00' },
    [DB_FILE]: {
      database_name: 'examples',
      sqlalchemy_uri: pgTestUrl,
      cache_timeout: null,
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_dml: false,
      extra: { allows_virtual_table_explore: true },
      uuid: DB_UUID,
      version: '1.0.0',
    },
    [DATASET_FILE]: {
      table_name: 'video_game_sales',
      schema,
      uuid: DATASET_UUID,
      database_uuid: DB_UUID,
      version: '1.0.0',
      columns: [
        { column_name: 'name', type: 'TEXT', groupby: true, filterable: true },
        { column_name: 'platform', type: 'TEXT', groupby: true, filterable: true },
        { column_name: 'genre', type: 'TEXT', groupby: true, filterable: true },
        { column_name: 'global_sales', type: 'DOUBLE PRECISION' },
      ],
      metrics: [{ metric_name: 'total_sales', expression: 'SUM(global_sales)', metric_type: 'sum' }],
    },
    [PIE_FILE]: {
      slice_name: 'Sales by genre',
      viz_type: 'pie',
      uuid: PIE_UUID,
      dataset_uuid: DATASET_UUID,
      version: '1.0.0',
      params: { viz_type: 'pie', datasource: '21__table', metric: 'total_sales', groupby: ['genre'], row_limit: 100 },
    },
    [TABLE_FILE]: {
      slice_name: 'Top games',
      viz_type: 'table',
      uuid: TABLE_UUID,
      dataset_uuid: DATASET_UUID,
      version: '1.0.0',
      params: { viz_type: 'table', datasource: '21__table', query_mode: 'raw', all_columns: ['name', 'global_sales'], row_limit: 10 },
    },
    [DASHBOARD_FILE]: {
      dashboard_title: 'Video Game Sales',
      uuid: DASHBOARD_UUID,
      version: '1.0.0',
      position: {
        DASHBOARD_VERSION_KEY: 'v2',
        ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
        GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'], parents: ['ROOT_ID'] },
        'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-a', 'CHART-b'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
        'CHART-a': chartLayout('CHART-a', PIE_UUID),
        'CHART-b': chartLayout('CHART-b', TABLE_UUID),
      },
      metadata: {},
    },
  };
}

await describeIfService(postgresService, 'dashboard import from another installation: uuids, overwrite, the reply', () => {
  let server: TestServer;
  let admin: Client;

  const db = () => server.ctx.store.db;
  const upload = (c: Client, files: Bundle, fields: Record<string, string> = {}) => {
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([n, d]) => [`dashboard_export/${n}`, strToU8(stringify(d))])));
    const form = new FormData();
    form.append('formData', new Blob([zip as Uint8Array<ArrayBuffer>]), 'bundle.zip');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return c.postForm<Reply>('/api/v1/dashboard/import/', form, { csrf: true });
  };
  const chartRow = (uuid: string) => db().selectFrom('slices').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
  const metricOf = async () =>
    (
      await db()
        .selectFrom('sql_metrics')
        .innerJoin('tables', 'tables.id', 'sql_metrics.table_id')
        .select('sql_metrics.expression')
        .where('tables.uuid', '=', DATASET_UUID)
        .where('sql_metrics.metric_name', '=', 'total_sales')
        .executeTakeFirstOrThrow()
    ).expression;
  const chartData = async (uuid: string) => {
    const r = await admin.get<DataReply>(`/api/v1/chart/${(await chartRow(uuid)).id}/data/`);
    expect(r.status, r.text).toBe(200);
    return r.body.result[0].data;
  };

  beforeAll(async () => {
    await pgRun(`CREATE SCHEMA ${schema}`);
    await pgRun(`CREATE TABLE ${schema}.video_game_sales (name text, platform text, genre text, global_sales double precision)`);
    await pgRun(
      `INSERT INTO ${schema}.video_game_sales VALUES ('Wii Sports', 'Wii', 'Sports', 82.74), ('Super Mario Bros.', 'NES', 'Platform', 40.24),
       ('Mario Kart Wii', 'Wii', 'Racing', 35.82), ('Wii Sports Resort', 'Wii', 'Sports', 33)`,
    );
    server = await startTestServer();
    admin = await server.admin();
  });

  afterAll(async () => {
    await server?.close();
    await pgRun(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('creates a clashing "examples" database under its own uuid as "examples (2)", and the charts read its table', async () => {
    const examples = await db()
      .selectFrom('dbs')
      .selectAll()
      .where('id', '=', server.examplesId as number)
      .executeTakeFirstOrThrow();
    expect(examples.database_name).toBe('examples');

    const r = await upload(admin, peerBundle());
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe('OK');
    const result = r.body.result as ImportResult;
    const created = await db().selectFrom('dbs').selectAll().where('uuid', '=', DB_UUID).executeTakeFirstOrThrow();
    expect(created.database_name).toBe('examples (2)');
    expect(created.id).not.toBe(examples.id);
    expect(result.renamed).toEqual([{ type: 'database', uuid: DB_UUID, id: created.id, from: 'examples', to: 'examples (2)' }]);
    expect(result.created.map((a) => [a.type, a.uuid]).sort()).toEqual(
      [
        ['chart', PIE_UUID],
        ['chart', TABLE_UUID],
        ['dashboard', DASHBOARD_UUID],
        ['database', DB_UUID],
        ['dataset', DATASET_UUID],
      ].sort(),
    );
    expect(result.created.find((a) => a.type === 'database')).toMatchObject({ id: created.id, name: 'examples (2)' });
    expect(result.updated).toEqual([]);

    // the examples database here is untouched, and the dataset sits on the new one
    expect(await db().selectFrom('dbs').selectAll().where('id', '=', examples.id).executeTakeFirstOrThrow()).toEqual(examples);
    const dataset = await db().selectFrom('tables').selectAll().where('uuid', '=', DATASET_UUID).executeTakeFirstOrThrow();
    expect(dataset.database_id).toBe(created.id);

    const rows = await chartData(PIE_UUID);
    expect(Object.fromEntries(rows.map((row) => [row.genre, Number(row.total_sales)]))).toEqual({
      Sports: 115.74,
      Platform: 40.24,
      Racing: 35.82,
    });
  });

  it('answers the existing 422 for a re-import without overwrite', async () => {
    const r = await upload(admin, peerBundle());
    expect(r.status).toBe(422);
    expect(r.body.errors?.[0].extra[DASHBOARD_FILE]).toBe('Dashboard already exists and `overwrite=true` was not passed');
  });

  it('refuses an overwrite by a user who may not edit one chart, and writes nothing', async () => {
    const carol = await loggedInUser(server, admin, 'carol', ['Alpha']);
    const dashboard = await db().selectFrom('dashboards').select('id').where('uuid', '=', DASHBOARD_UUID).executeTakeFirstOrThrow();
    const dataset = await db().selectFrom('tables').select('id').where('uuid', '=', DATASET_UUID).executeTakeFirstOrThrow();
    // Carol owns the dashboard, the dataset and the pie, not the table chart
    await db().insertInto('dashboard_owners').values({ dashboard_id: dashboard.id, user_id: carol.id }).execute();
    await db().insertInto('dataset_owners').values({ dataset_id: dataset.id, user_id: carol.id }).execute();
    await db()
      .insertInto('slice_owners')
      .values({ slice_id: (await chartRow(PIE_UUID)).id, user_id: carol.id })
      .execute();
    const before = { pie: await chartRow(PIE_UUID), table: await chartRow(TABLE_UUID), metric: await metricOf() };

    const changed = peerBundle();
    (changed[PIE_FILE].params as Record<string, unknown>).groupby = ['platform'];
    (changed[DATASET_FILE].metrics as Record<string, unknown>[])[0].expression = 'MAX(global_sales)';
    changed[TABLE_FILE].slice_name = 'Carol was here';
    const r = await upload(carol.client, changed, { overwrite: 'true' });
    expect(r.status).toBe(422);
    expect(r.body.errors?.[0].extra).toEqual({
      [TABLE_FILE]: "A chart already exists and user doesn't have permissions to overwrite it",
    });
    expect(await chartRow(PIE_UUID)).toEqual(before.pie);
    expect(await chartRow(TABLE_UUID)).toEqual(before.table);
    expect(await metricOf()).toBe(before.metric);
  });

  it('overwrites the charts, the dataset, the database settings and the dashboard, and lists them as updated', async () => {
    const changed = peerBundle();
    (changed[PIE_FILE].params as Record<string, unknown>).groupby = ['platform'];
    (changed[DATASET_FILE].metrics as Record<string, unknown>[])[0].expression = 'MAX(global_sales)';
    changed[DB_FILE].allow_dml = true;
    changed[DASHBOARD_FILE].dashboard_title = 'Video Game Sales v2';
    const r = await upload(admin, changed, { overwrite: 'true' });
    expect(r.status, r.text).toBe(200);
    const result = r.body.result as ImportResult;
    expect(result.created).toEqual([]);
    expect(result.renamed).toEqual([]);
    expect(result.updated.map((a) => [a.type, a.uuid]).sort()).toEqual(
      [
        ['chart', PIE_UUID],
        ['chart', TABLE_UUID],
        ['dashboard', DASHBOARD_UUID],
        ['database', DB_UUID],
        ['dataset', DATASET_UUID],
      ].sort(),
    );

    expect(JSON.parse((await chartRow(PIE_UUID)).params as string)).toMatchObject({ groupby: ['platform'] });
    expect(await metricOf()).toBe('MAX(global_sales)');
    const database = await db().selectFrom('dbs').selectAll().where('uuid', '=', DB_UUID).executeTakeFirstOrThrow();
    // its name stays the local one; its settings follow the bundle
    expect(database).toMatchObject({ database_name: 'examples (2)' });
    expect(Boolean(database.allow_dml)).toBe(true);
    const title = await db()
      .selectFrom('dashboards')
      .select('dashboard_title')
      .where('uuid', '=', DASHBOARD_UUID)
      .executeTakeFirstOrThrow();
    expect(title.dashboard_title).toBe('Video Game Sales v2');

    const rows = await chartData(PIE_UUID);
    expect(Object.fromEntries(rows.map((row) => [row.platform, Number(row.total_sales)]))).toEqual({ Wii: 82.74, NES: 40.24 });
  });

  it('asks for the password of a masked clashing database, then creates it under the next free name', async () => {
    const other = '5d1f0a10-31aa-4c31-9e31-000000000036';
    const bundle = peerBundle();
    const masked = pgTestUrl.replace('postgresql://postgres@', 'postgresql://postgres:XXXXXXXXXX@');
    expect(masked).not.toBe(pgTestUrl);
    bundle[DB_FILE] = { ...bundle[DB_FILE], uuid: other, sqlalchemy_uri: masked };
    bundle[DATASET_FILE] = { ...bundle[DATASET_FILE], uuid: '5d1f0a10-31aa-4c31-9e31-000000000037', database_uuid: other };
    bundle[PIE_FILE] = { ...bundle[PIE_FILE], uuid: '5d1f0a10-31aa-4c31-9e31-000000000038', dataset_uuid: bundle[DATASET_FILE].uuid };
    const position: Record<string, unknown> = {
      ...(bundle[DASHBOARD_FILE].position as Record<string, unknown>),
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-a'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
      'CHART-a': chartLayout('CHART-a', bundle[PIE_FILE].uuid as string),
    };
    delete position['CHART-b'];
    bundle[DASHBOARD_FILE] = { ...bundle[DASHBOARD_FILE], uuid: '5d1f0a10-31aa-4c31-9e31-000000000039', position };
    delete bundle[TABLE_FILE];
    const refused = await upload(admin, bundle);
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0].extra[DB_FILE]).toEqual({ _schema: ['Must provide a password for the database'] });
    expect(await db().selectFrom('dbs').select('id').where('uuid', '=', other).executeTakeFirst()).toBeUndefined();

    const r = await upload(admin, bundle, { passwords: JSON.stringify({ [DB_FILE]: 'secret' }) });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result?.renamed).toMatchObject([{ uuid: other, from: 'examples', to: 'examples (3)' }]);
  });

  it('refuses a database behind an SSH tunnel with a clear 422, and bounds the secrets fields', async () => {
    const bundle = peerBundle();
    bundle[DB_FILE] = {
      ...bundle[DB_FILE],
      uuid: '5d1f0a10-31aa-4c31-9e31-000000000040',
      ssh_tunnel: { server_address: 'bastion', server_port: 22, username: 'u', password: 'XXXXXXXXXX' },
    };
    const r = await upload(admin, bundle, { ssh_tunnel_passwords: JSON.stringify({ [DB_FILE]: 'pw' }) });
    expect(r.status).toBe(422);
    expect(r.body.errors?.[0].message).toMatch(/^SSH tunnels are not supported: databases\/examples\.yaml/);
    expect(
      await db().selectFrom('dbs').select('id').where('uuid', '=', '5d1f0a10-31aa-4c31-9e31-000000000040').executeTakeFirst(),
    ).toBeUndefined();

    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`databases/d${i}.yaml`, 'x']));
    const tooMany = await upload(admin, peerBundle(), { ssh_tunnel_private_keys: JSON.stringify(many) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('At most 100 entries');
  });
});
