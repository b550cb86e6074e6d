/**
 * A chart query over the server's time limit (RAMA_WEBSERVER_TIMEOUT) is stopped and answered as
 * a timeout — 408 with a timeout error type — which the web app shows with the timeout's issue
 * hints 1000 and 1001 (chartErrorHints of @rama/shared, which Explore and dashboards use).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getClientError } from '@rama/shared';
import { chartErrorHints } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { chartContext } from '../test-support/async.js';

let server: TestServer;
let admin: Client;
let slow: number;

beforeAll(async () => {
  server = await startTestServer({ RAMA_WEBSERVER_TIMEOUT: '1' });
  admin = await server.admin();
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', {
    database: server.examplesId,
    schema: 'main',
    table_name: 'every_pair_of_flights',
    // slow only with a time range, so that creating the dataset (no time range) reads its columns at once
    sql: 'SELECT a.origin, count(*) AS n FROM flights a{% if from_dttm %}, flights b{% endif %} GROUP BY 1',
  });
  expect(r.status, r.text).toBe(201);
  slow = r.body.id;
});
afterAll(async () => server?.close());

describe('a chart query over the time limit', () => {
  it('is a 408 timeout error, which the chart shows with the issue hints', async () => {
    const started = Date.now();
    const r = await admin.post(
      '/api/v1/chart/data',
      chartContext(slow, {
        time_range: '2001-01-01 : 2002-01-01',
        metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(n)', label: 'n' }],
      }),
    );
    expect(r.status, r.text).toBe(408);
    expect(Date.now() - started).toBeLessThan(10_000);
    const error = getClientError({ kind: 'response', status: r.status, body: r.body });
    expect(error.message).toMatch(/timeout/);
    expect(chartErrorHints(error)).toEqual([
      'Issue 1000 - The dataset is too large to query.',
      'Issue 1001 - The database is under an unusual load.',
    ]);
  }, 30_000);
});
