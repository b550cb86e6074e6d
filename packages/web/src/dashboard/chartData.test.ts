import { describe, expect, it } from 'vitest';
import type { ChartDetail, DashboardChart } from '@rama/shared';
import { dashboardFormData, dashboardQueryContext, savedQueryContext } from './chartData';
import { dashboardChartFromDetail } from '../charts/dashboardChart';

const slice = (over: Partial<DashboardChart> = {}): DashboardChart => ({
  id: 12,
  uuid: 'u',
  slice_name: 'Delays',
  viz_type: 'pie',
  form_data: { viz_type: 'pie', datasource: '3__table', metric: 'count', groupby: ['origin'], row_limit: 100 },
  query_context: null,
  slice_url: '/explore/?slice_id=12',
  description: null,
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
  is_managed_externally: false,
  changed_on: '',
  ...over,
});

const saved = JSON.stringify({
  datasource: { id: 3, type: 'table' },
  queries: [{ columns: ['dest'], metrics: ['count'] }],
  form_data: { viz_type: 'pie', datasource: '3__table' },
  result_format: 'json',
  result_type: 'full',
});

describe('a dashboard chart\'s query (spec section 7 "Chart data")', () => {
  it('the form data names the chart and the dashboard (form data field dashboardId)', () => {
    expect(dashboardFormData(slice(), 5)).toMatchObject({ slice_id: 12, dashboardId: 5, viz_type: 'pie', datasource: '3__table' });
  });

  it("uses the chart's saved query context when it has a usable one", () => {
    const qc = dashboardQueryContext(slice({ query_context: saved }), { dashboardId: 5 });
    expect(qc.queries[0].columns).toEqual(['dest']);
    expect(qc.result_type).toBe('full');
    expect(qc.form_data).toMatchObject({ slice_id: 12, dashboardId: 5 });
  });

  it('builds it from the form data without one (as Explore does), and with a chart state of its own', () => {
    const built = dashboardQueryContext(slice(), { dashboardId: 5 });
    expect(built.datasource).toEqual({ id: 3, type: 'table' });
    expect(built.queries.length).toBeGreaterThan(0);
    const own = dashboardQueryContext(slice({ query_context: saved }), { dashboardId: 5, ownState: { currentPage: 1 } });
    expect(own.queries[0].columns).not.toEqual(['dest']);
  });

  it('passes the page address’s own parameters as url_params (for {{ url_param() }}), building the query from the form data', () => {
    const qc = dashboardQueryContext(slice({ query_context: saved }), { dashboardId: 5, urlParams: { region: 'West' } });
    expect(qc.form_data).toMatchObject({ url_params: { region: 'West' } });
    expect(qc.queries[0].url_params).toEqual({ region: 'West' });
    expect(dashboardQueryContext(slice({ query_context: saved }), { dashboardId: 5, urlParams: {} }).queries[0].columns).toEqual(['dest']);
  });

  it('a saved query context without a datasource or queries is not used', () => {
    expect(savedQueryContext('{"queries":[]}')).toBeNull();
    expect(savedQueryContext('{"datasource":{"id":3,"type":"table"},"queries":[]}')).toBeNull();
    expect(savedQueryContext('nope')).toBeNull();
    expect(savedQueryContext(saved)?.datasource).toEqual({ id: 3, type: 'table' });
  });

  it('an unknown viz type fails with the spec-style message', () => {
    expect(() =>
      dashboardQueryContext(slice({ viz_type: 'nope', form_data: { viz_type: 'nope', datasource: '3__table' } }), { dashboardId: 1 }),
    ).toThrow('Unknown visualization type: nope');
  });

  it('a chart added while editing reads as the dashboard chart shape', () => {
    const detail = {
      id: 9,
      uuid: 'x',
      slice_name: 'New',
      description: null,
      viz_type: 'table',
      params: '{"metrics":["count"]}',
      query_context: null,
      cache_timeout: null,
      certified_by: null,
      certification_details: null,
      datasource_id: 4,
      datasource_type: 'table',
      is_managed_externally: false,
      changed_on: '',
    } as unknown as ChartDetail;
    expect(dashboardChartFromDetail(detail).form_data).toEqual({
      metrics: ['count'],
      slice_id: 9,
      viz_type: 'table',
      datasource: '4__table',
    });
    expect(dashboardChartFromDetail({ ...detail, params: 'bad' }).form_data.datasource).toBe('4__table');
  });
});
