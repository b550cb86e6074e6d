/**
 * Charts saved with the peer's legacy types (issue 31 item 2): a chart saved as `dist_bar` or
 * `heatmap` opens in Explore, on a dashboard and through its data endpoint as its current type,
 * with the old form data kept under `form_data_bak` and Explore saying what happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreBootstrap } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;
let flights: number;

type Boot = { result: ExploreBootstrap };

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

async function legacyChart(vizType: string, params: Record<string, unknown>): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/chart/', {
    slice_name: `Legacy ${vizType}`,
    viz_type: vizType,
    datasource_id: flights,
    datasource_type: 'table',
    params: JSON.stringify({ ...params, viz_type: vizType, datasource: `${flights}__table` }),
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

describe('a chart saved with a legacy type', () => {
  const distBar = { metrics: ['count'], groupby: ['origin'], columns: [], row_limit: 5, adhoc_filters: [], order_bars: false };

  it('opens in Explore as the current bar chart, the old form data kept and a message saying so', async () => {
    const id = await legacyChart('dist_bar', distBar);
    const r = await admin.get<Boot>(`/api/v1/explore/?slice_id=${id}`);
    expect(r.status, r.text).toBe(200);
    const { form_data, message, slice } = r.body.result;
    expect(form_data.viz_type).toBe('echarts_timeseries_bar');
    expect(form_data.x_axis).toBe('origin');
    expect(form_data.metrics).toEqual(['count']);
    expect((form_data.form_data_bak as Record<string, unknown>).viz_type).toBe('dist_bar');
    expect(message).toContain('legacy "dist_bar" type');
    expect(message).toContain('echarts_timeseries_bar');
    // the saved chart itself is unchanged until the user saves it
    expect(slice?.viz_type).toBe('dist_bar');
  });

  it('answers its data endpoint through the current type: one row per origin, not an unknown type', async () => {
    const id = await legacyChart('dist_bar', distBar);
    const r = await admin.get<{ result: { data: Record<string, unknown>[] }[] }>(`/api/v1/chart/${id}/data/`);
    expect(r.status, r.text).toBe(200);
    const rows = r.body.result[0].data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(Object.keys(rows[0]).sort()).toEqual(['count', 'origin']);
  });

  it('is sent to a dashboard as its current type', async () => {
    const id = await legacyChart('heatmap', {
      metric: 'count',
      all_columns_x: 'origin',
      all_columns_y: 'dest',
      adhoc_filters: [],
      linear_color_scheme: 'blue_white_yellow',
    });
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'], parents: ['ROOT_ID'] },
      'ROW-1': {
        type: 'ROW',
        id: 'ROW-1',
        children: ['CHART-1'],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      },
      'CHART-1': {
        type: 'CHART',
        id: 'CHART-1',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
        meta: { chartId: id, width: 4, height: 50 },
      },
    };
    const d = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Legacy heatmap',
      position_json: JSON.stringify(position),
    });
    expect(d.status, d.text).toBe(201);
    const r = await admin.get<{ result: { id: number; form_data: Record<string, unknown> }[] }>(`/api/v1/dashboard/${d.body.id}/charts`);
    expect(r.status, r.text).toBe(200);
    const chart = r.body.result.find((c) => c.id === id);
    expect(chart?.form_data.viz_type).toBe('heatmap_v2');
    expect(chart?.form_data.x_axis).toBe('origin');
    expect(chart?.form_data.groupby).toBe('dest');
  });
});
