import { describe, expect, it } from 'vitest';
import type { ChartVersionState, DashboardVersionState, DatasetVersionState, SavedQueryVersionState } from '../api/versions.js';
import { DEFAULT_VERSIONS_DELETED_DAYS, DEFAULT_VERSIONS_KEPT, VERSION_SUMMARY_MAX_CHARS } from '../api/versions.js';
import { joinSummary, nameList, summarizeChange } from './summary.js';

const chart: ChartVersionState = {
  slice_name: 'Sales',
  description: null,
  viz_type: 'table',
  params: JSON.stringify({ viz_type: 'table', metric: 'count', time_range: 'No filter', row_limit: 100 }),
  query_context: null,
  datasource_id: 1,
  datasource_type: 'table',
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
};

const chartAt = (id: string, chartId: number, parent: string, width = 4) => ({
  type: 'CHART',
  id,
  children: [],
  parents: ['ROOT_ID', 'GRID_ID', parent],
  meta: { chartId, width, height: 50, sliceName: `Chart ${chartId}` },
});

const layout = (rows: Record<string, string[]>, widths: Record<string, number> = {}) => {
  const out: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: Object.keys(rows) },
  };
  for (const [row, charts] of Object.entries(rows)) {
    out[row] = { type: 'ROW', id: row, children: charts, meta: { background: 'BACKGROUND_TRANSPARENT' } };
    for (const c of charts) out[c] = chartAt(c, Number(c.split('-')[1]), row, widths[c] ?? 4);
  }
  return JSON.stringify(out);
};

const dashboard: DashboardVersionState = {
  dashboard_title: 'Overview',
  slug: null,
  css: null,
  json_metadata: JSON.stringify({ color_scheme: 'supersetColors', native_filter_configuration: [] }),
  position_json: layout({ 'ROW-a': ['CHART-1', 'CHART-2', 'CHART-3'], 'ROW-b': ['CHART-4'] }),
  published: false,
  certified_by: null,
  certification_details: null,
};

describe('version settings', () => {
  it('keep 100 versions per object and a deleted object’s history for 30 days by default', () => {
    expect(DEFAULT_VERSIONS_KEPT).toBe(100);
    expect(DEFAULT_VERSIONS_DELETED_DAYS).toBe(30);
  });
});

describe('the one-line summary of a save', () => {
  it('says "created" for the first version', () => {
    expect(summarizeChange('chart', null, chart)).toBe('created');
  });

  it('names the changed controls of a chart in the words of Explore', () => {
    const after = { ...chart, params: JSON.stringify({ viz_type: 'table', metric: 'sum__num', time_range: 'Last week', row_limit: 100 }) };
    expect(summarizeChange('chart', chart, after)).toBe('controls: metric, time range changed');
  });

  it('ignores form data that follows from the chart (datasource, slice_id) and key order', () => {
    const after = {
      ...chart,
      params: JSON.stringify({
        row_limit: 100,
        time_range: 'No filter',
        metric: 'count',
        slice_id: 7,
        datasource: '1__table',
        viz_type: 'table',
      }),
    };
    expect(summarizeChange('chart', chart, after)).toBe('no changes');
  });

  it('puts the title and visualization type before the controls', () => {
    const after = {
      ...chart,
      slice_name: 'Sales 2',
      viz_type: 'pie',
      params: JSON.stringify({ viz_type: 'pie', metric: 'count', time_range: 'No filter', row_limit: 10 }),
    };
    expect(summarizeChange('chart', chart, after)).toBe('title changed; visualization type changed; controls: row limit changed');
  });

  it('counts the charts a layout edit moved, and the title change after it', () => {
    // CHART-1 to the second row, CHART-3 before CHART-2: three charts are somewhere else
    const after = {
      ...dashboard,
      dashboard_title: 'Overview (new)',
      position_json: layout({ 'ROW-a': ['CHART-3', 'CHART-2'], 'ROW-b': ['CHART-4', 'CHART-1'] }),
    };
    expect(summarizeChange('dashboard', dashboard, after)).toBe('layout: moved 3 charts; title changed');
  });

  it('tells a resize, an added and a removed chart apart', () => {
    const after = {
      ...dashboard,
      position_json: layout({ 'ROW-a': ['CHART-1', 'CHART-2', 'CHART-5'], 'ROW-b': ['CHART-4'] }, { 'CHART-1': 6 }),
    };
    expect(summarizeChange('dashboard', dashboard, after)).toBe('layout: resized 1 chart, added 1 chart, removed 1 chart');
  });

  it('names native filter and colour changes, not the whole metadata', () => {
    const after = {
      ...dashboard,
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors', native_filter_configuration: [{ id: 'NATIVE_FILTER-1' }] }),
    };
    expect(summarizeChange('dashboard', dashboard, after)).toBe('native filters changed; colors changed');
  });

  it('says "SQL changed" for a saved query’s new SQL, and names the other fields', () => {
    const q: SavedQueryVersionState = {
      label: 'q',
      description: '',
      sql: 'SELECT 1',
      db_id: 1,
      catalog: null,
      schema: null,
      template_parameters: null,
    };
    expect(summarizeChange('saved_query', q, { ...q, sql: 'SELECT 2' })).toBe('SQL changed');
    expect(summarizeChange('saved_query', q, { ...q, label: 'r', schema: 'main' })).toBe('name changed; database changed');
  });

  it('lists a dataset’s added, removed and changed columns by name', () => {
    const col = (column_name: string, verbose_name: string | null = null) => ({
      column_name,
      verbose_name,
      description: null,
      expression: null,
      type: 'INT',
      groupby: true,
      filterable: true,
      is_active: true,
      is_dttm: false,
      python_date_format: null,
      extra: null,
    });
    const ds: DatasetVersionState = {
      table_name: 't',
      database_id: 1,
      catalog: null,
      schema: null,
      sql: 'SELECT 1 AS a',
      description: null,
      main_dttm_col: null,
      filter_select_enabled: true,
      fetch_values_predicate: null,
      normalize_columns: false,
      always_filter_main_dttm: false,
      offset: 0,
      default_endpoint: null,
      cache_timeout: null,
      template_params: null,
      extra: null,
      columns: [col('a'), col('b')],
      metrics: [],
    };
    const after = { ...ds, sql: 'SELECT 1 AS a, 2 AS c', columns: [col('a', 'A'), col('c')] };
    expect(summarizeChange('dataset', ds, after)).toBe('SQL changed; columns: c added, b removed, a changed');
    expect(summarizeChange('dataset', ds, { ...ds, description: 'Sales', cache_timeout: 60 })).toBe(
      'description changed; settings changed',
    );
  });

  it('is one line of bounded length', () => {
    const long = joinSummary(Array.from({ length: 100 }, (_, i) => `part ${i} changed`));
    expect(long.length).toBe(VERSION_SUMMARY_MAX_CHARS);
    expect(long.endsWith('…')).toBe(true);
    expect(nameList(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more');
  });
});
