/**
 * HAVING filters through the chart data API: a filter on an aggregate keeps only the groups whose
 * aggregate passes — a Simple-tab filter on a metric as the web app queries it (its SQL condition
 * in extras.having, `((COUNT(*)) >= N)`), and a Custom SQL HAVING filter of a saved chart when the
 * server rebuilds the query from its form data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartRow } from '../test-support/metadata-rows.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;
let flights: number;

type Rows = { result: { data: { origin: string; n: number }[]; rowcount: number }[] };

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' };

async function insertChart(params: Record<string, unknown>): Promise<number> {
  const { id } = await server.ctx.store.db
    .insertInto('slices')
    .values(chartRow('Busy airports', { datasource_id: flights, params: JSON.stringify(params) }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' });
  expect(r.status, r.text).toBe(201);
  flights = r.body.id;
});

afterAll(async () => {
  await server?.close();
});

/** Every origin with its flight count, and the threshold between the busiest few and the rest. */
async function countsByOrigin(): Promise<{ all: { origin: string; n: number }[]; threshold: number }> {
  const r = await admin.post<Rows>('/api/v1/chart/data', {
    datasource: { id: flights, type: 'table' },
    queries: [{ columns: ['origin'], metrics: [COUNT], orderby: [[COUNT, false]], row_limit: 10_000 }],
    result_type: 'full',
    result_format: 'json',
  });
  expect(r.status, r.text).toBe(200);
  const all = r.body.result[0].data.map((d) => ({ origin: d.origin, n: Number(d.n) }));
  expect(all.length).toBeGreaterThan(10);
  return { all, threshold: all[4].n };
}

describe('HAVING filters through the chart data API', () => {
  it('a Simple filter on a metric, as the web app sends it (extras.having), keeps only the groups whose aggregate passes', async () => {
    const { all, threshold } = await countsByOrigin();
    const r = await admin.post<Rows>('/api/v1/chart/data', {
      datasource: { id: flights, type: 'table' },
      queries: [{ columns: ['origin'], metrics: [COUNT], extras: { having: `((COUNT(*)) >= ${threshold})` }, row_limit: 10_000 }],
      result_type: 'full',
      result_format: 'json',
    });
    expect(r.status, r.text).toBe(200);
    const kept = r.body.result[0].data.map((d) => d.origin).sort();
    expect(kept).toEqual(
      all
        .filter((d) => d.n >= threshold)
        .map((d) => d.origin)
        .sort(),
    );
    expect(kept.length).toBeLessThan(all.length);
  });

  it("a saved chart's Custom SQL HAVING filter is applied when the server builds the query from its form data", async () => {
    const { all, threshold } = await countsByOrigin();
    const chart = await insertChart({
      viz_type: 'table',
      datasource: `${flights}__table`,
      query_mode: 'aggregate',
      groupby: ['origin'],
      metrics: [COUNT],
      row_limit: 10_000,
      adhoc_filters: [{ expressionType: 'SQL', clause: 'HAVING', sqlExpression: `COUNT(*) >= ${threshold}`, filterOptionName: 'f1' }],
    });
    const r = await admin.get<Rows>(`/api/v1/chart/${chart}/data/`);
    expect(r.status, r.text).toBe(200);
    const kept = r.body.result[0].data.map((d) => d.origin).sort();
    expect(kept).toEqual(
      all
        .filter((d) => d.n >= threshold)
        .map((d) => d.origin)
        .sort(),
    );
  });

  it("a saved chart's Simple filter on a metric (clause HAVING) is applied when the server builds the query from its form data", async () => {
    const { all, threshold } = await countsByOrigin();
    const chart = await insertChart({
      viz_type: 'table',
      datasource: `${flights}__table`,
      query_mode: 'aggregate',
      groupby: ['origin'],
      metrics: [COUNT],
      row_limit: 10_000,
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'HAVING',
          subject: 'n',
          operator: '>=',
          comparator: threshold,
          sqlExpression: `(COUNT(*)) >= ${threshold}`,
          filterOptionName: 'f2',
        },
      ],
    });
    const r = await admin.get<Rows>(`/api/v1/chart/${chart}/data/`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].data.map((d) => d.origin).sort()).toEqual(
      all
        .filter((d) => d.n >= threshold)
        .map((d) => d.origin)
        .sort(),
    );
  });
});
