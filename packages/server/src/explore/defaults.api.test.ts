/**
 * DEFAULT_VIZ_TYPE and DEFAULT_TIME_FILTER: sent in the bootstrap's common payload (the web app
 * starts a new chart's time range with it) and used by the Explore bootstrap for a new chart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapData, ExploreBootstrap } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ DEFAULT_VIZ_TYPE: 'echarts_timeseries_bar', DEFAULT_TIME_FILTER: 'Last week' }, { examples: false });
  admin = await server.admin();
});

afterAll(async () => {
  await server?.close();
});

describe('DEFAULT_VIZ_TYPE and DEFAULT_TIME_FILTER', () => {
  it('are in the common bootstrap payload', async () => {
    const r = await admin.get<{ result: BootstrapData }>('/api/v1/common/bootstrap/');
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.conf).toMatchObject({ DEFAULT_VIZ_TYPE: 'echarts_timeseries_bar', DEFAULT_TIME_FILTER: 'Last week' });
  });

  it('a new chart from a dataset starts with DEFAULT_VIZ_TYPE unless the address names a viz type', async () => {
    const r = await admin.get<{ result: ExploreBootstrap }>('/api/v1/explore/?datasource_id=123&datasource_type=table');
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.form_data).toMatchObject({ viz_type: 'echarts_timeseries_bar', datasource: '123__table' });
    const named = await admin.get<{ result: ExploreBootstrap }>('/api/v1/explore/?datasource_id=123&datasource_type=table&viz_type=pie');
    expect(named.body.result.form_data.viz_type).toBe('pie');
  });
});

describe('the defaults when nothing is set', () => {
  let plain: TestServer;
  afterAll(async () => {
    await plain?.close();
  });

  it('are "No filter" and "table", as the peer', async () => {
    plain = await startTestServer({}, { examples: false });
    const client = await plain.admin();
    const r = await client.get<{ result: BootstrapData }>('/api/v1/common/bootstrap/');
    expect(r.body.result.conf).toMatchObject({ DEFAULT_VIZ_TYPE: 'table', DEFAULT_TIME_FILTER: 'No filter' });
    const boot = await client.get<{ result: ExploreBootstrap }>('/api/v1/explore/?datasource_id=123&datasource_type=table');
    expect(boot.body.result.form_data.viz_type).toBe('table');
  });
});
