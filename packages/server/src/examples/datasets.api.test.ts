import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { EXAMPLE_DATASETS, registerExampleDatasets } from './datasets.js';

let server: TestServer;
let admin: Client;
let examples: number;
let added: number;

type Detail = { id: number; result: DatasetDetail };

const datasetIds = async (): Promise<Map<string, number>> => {
  const rows = await server.ctx.store.db
    .selectFrom('tables')
    .select(['id', 'table_name'])
    .where('database_id', '=', examples)
    .where('schema', '=', 'main')
    .execute();
  return new Map(rows.map((r) => [r.table_name, r.id]));
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  examples = server.examplesId;
  added = await registerExampleDatasets(server.ctx, examples);
});

afterAll(async () => {
  await server?.close();
});

describe('example datasets', () => {
  it('start their history as described: one version with their metrics (issue 30 item 1)', async () => {
    const id = (await datasetIds()).get('flights')!;
    const list = await admin.get<{ count: number; result: { summary: string }[] }>(`/api/v1/dataset/${id}/versions/`);
    expect(list.body.count).toBe(1);
    expect(list.body.result[0].summary).toBe('created');
    const v1 = await admin.get<{ result: { state: { metrics: unknown[] } } }>(`/api/v1/dataset/${id}/versions/1`);
    expect(v1.body.result.state.metrics.length).toBeGreaterThan(0);
  });

  it('registers one dataset per main example table, owned by the admin', async () => {
    expect(added).toBe(EXAMPLE_DATASETS.length);
    const ids = await datasetIds();
    for (const name of ['flights', 'airports', 'stocks', 'gapminder', 'seattle_weather', 'cars', 'movies', 'penguins']) {
      expect(ids.has(name), name).toBe(true);
    }
    const adminId = (await server.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    const flights = await admin.get<Detail>(`/api/v1/dataset/${ids.get('flights')}`);
    expect(flights.body.result.owners.map((o) => o.id)).toEqual([adminId]);
  });

  it('gives flights its metrics with formats, its time column and a description', async () => {
    const ids = await datasetIds();
    const r = await admin.get<Detail>(`/api/v1/dataset/${ids.get('flights')}`);
    expect(r.status).toBe(200);
    const ds = r.body.result;
    expect(ds.main_dttm_col).toBe('date');
    expect(ds.description).toMatch(/flights/i);
    expect(ds.columns.find((c) => c.column_name === 'date')).toMatchObject({ is_dttm: true, verbose_name: 'Departure' });
    expect(ds.columns.find((c) => c.column_name === 'delay')?.description).toMatch(/minutes/);
    const metrics = Object.fromEntries(ds.metrics.map((m) => [m.metric_name, m]));
    expect(Object.keys(metrics).sort()).toEqual(['avg_delay', 'count', 'max_delay', 'on_time_share', 'sum_distance']);
    expect(metrics.avg_delay).toMatchObject({ expression: 'AVG("delay")', verbose_name: 'Average delay (min)', d3format: ',.1f' });
    expect(metrics.on_time_share).toMatchObject({ expression: 'AVG(CASE WHEN delay <= 0 THEN 1.0 ELSE 0 END)', d3format: ',.1%' });
    expect(metrics.count.expression).toBe('COUNT(*)');
  });

  it('keeps integer year columns numeric and leaves tables without a time column without one', async () => {
    const ids = await datasetIds();
    const ds = (await admin.get<Detail>(`/api/v1/dataset/${ids.get('gapminder')}`)).body.result;
    expect(ds.main_dttm_col).toBeNull();
    expect(ds.columns.find((c) => c.column_name === 'year')).toMatchObject({ is_dttm: false, type_generic: 0 });
    expect(ds.metrics.map((m) => m.metric_name)).toContain('sum_population');
    const cars = (await admin.get<Detail>(`/api/v1/dataset/${ids.get('cars')}`)).body.result;
    expect(cars.main_dttm_col).toBe('year');
  });

  it('has metrics whose SQL runs on the examples database and time columns that exist', async () => {
    const ids = await datasetIds();
    for (const def of EXAMPLE_DATASETS) {
      const ds = (await admin.get<Detail>(`/api/v1/dataset/${ids.get(def.table)}`)).body.result;
      expect(ds.main_dttm_col, def.table).toBe(def.mainDttm);
      const select = ds.metrics.map((m) => `${m.expression} AS "${m.metric_name}"`).join(', ');
      const r = await admin.post<{ status: string; data: Record<string, unknown>[] }>('/api/v1/sqllab/execute/', {
        database_id: examples,
        sql: `SELECT ${select} FROM main.${def.table}`,
        runAsync: false,
      });
      expect(r.status, `${def.table}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(Number(r.body.data[0].count), def.table).toBeGreaterThan(0);
    }
  });

  it('registers nothing twice when run again', async () => {
    const metricsBefore = await server.ctx.store.db
      .selectFrom('sql_metrics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const datasetsBefore = (await datasetIds()).size;
    expect(await registerExampleDatasets(server.ctx, examples)).toBe(0);
    expect((await datasetIds()).size).toBe(datasetsBefore);
    const metricsAfter = await server.ctx.store.db
      .selectFrom('sql_metrics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(metricsAfter.n)).toBe(Number(metricsBefore.n));
  });

  it('leaves a dataset someone already made on an example table as it is', async () => {
    const ids = await datasetIds();
    await admin.delete(`/api/v1/dataset/${ids.get('penguins')}`);
    const own = await admin.post<{ id: number }>('/api/v1/dataset/', { database: examples, schema: 'main', table_name: 'penguins' });
    expect(own.status).toBe(201);
    expect(await registerExampleDatasets(server.ctx, examples)).toBe(0);
    const ds = (await admin.get<Detail>(`/api/v1/dataset/${own.body.id}`)).body.result;
    expect(ds.metrics.map((m) => m.metric_name)).not.toContain('avg_body_mass_g');
  });
});
