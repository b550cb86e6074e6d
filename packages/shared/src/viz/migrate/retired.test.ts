/**
 * Retired legacy types (issue 31 item 2): the message a retired chart opens with, its closest
 * current type, the one-click conversions (fixtures written from the BI server's documented keys
 * of each retired type) and the Markdown the import turns markup, separator and iframe charts into.
 */
import { describe, expect, it } from 'vitest';
import type { QueryObject } from '../../api/chartData.js';
import { columnLabelOf, metricLabelOf } from '../buildQueryHelpers.js';
import { VIZ_DEFINITIONS } from '../registry.js';
import { FORM_DATA_BAK_KEY, type LegacyMigrationResult } from './engine.js';
import { MAX_LINE_MULTI_CHARTS, RETIRED_VIZ_TYPES, convertRetiredChart, legacyChartAsMarkdown, retiredVizSuggestion } from './retired.js';

const DS = '3__table';
const WII = { expressionType: 'SIMPLE', subject: 'platform', operator: 'IN', comparator: ['Wii'], clause: 'WHERE' };

const queryOf = (r: LegacyMigrationResult | null): QueryObject[] => {
  if (!r) throw new Error('no conversion');
  const def = VIZ_DEFINITIONS.get(r.to);
  if (!def) throw new Error(`${r.to} is not drawn`);
  return def.buildQuery(r.formData).queries;
};

describe('retiredVizSuggestion', () => {
  it('opens every retired type with "This chart type was retired; here is the closest: …"', () => {
    for (const type of RETIRED_VIZ_TYPES) {
      const s = retiredVizSuggestion(type);
      expect(s?.message, type).toMatch(/^This chart type was retired; here is the closest: .+\.$/);
      if (s?.closest) expect(VIZ_DEFINITIONS.has(s.closest), `${type} → ${s.closest}`).toBe(true);
    }
  });

  it('names the closest type by its gallery name and key', () => {
    expect(retiredVizSuggestion('event_flow')).toEqual({
      message: 'This chart type was retired; here is the closest: Table ("table").',
      closest: 'table',
    });
    expect(retiredVizSuggestion('line_multi')?.closest).toBe('mixed_timeseries');
    expect(retiredVizSuggestion('deck_scatter')?.closest).toBe('mapbox');
  });

  it('points filter boxes to native filters and markup to a dashboard Markdown component, with no chart type', () => {
    expect(retiredVizSuggestion('filter_box')).toEqual({
      message:
        "This chart type was retired; here is the closest: the dashboard's native filters (importing the dashboard turns a filter box into them).",
      closest: null,
    });
    expect(retiredVizSuggestion('markup')?.message).toContain('Markdown component');
    expect(retiredVizSuggestion('deck_arc')).toMatchObject({ closest: null });
    expect(retiredVizSuggestion('deck_arc')?.message).toContain('none');
  });

  it('answers null for a type that migrates, a current type and an unknown one', () => {
    expect(retiredVizSuggestion('line')).toBeNull();
    expect(retiredVizSuggestion('table')).toBeNull();
    expect(retiredVizSuggestion('toString')).toBeNull();
    expect(retiredVizSuggestion('__proto__')).toBeNull();
  });
});

describe('convertRetiredChart: event_flow → table', () => {
  const fixture = {
    viz_type: 'event_flow',
    datasource: DS,
    granularity_sqla: 'event_time',
    time_range: 'Last week',
    entity: 'user_id',
    all_columns_x: 'event_name',
    all_columns: ['device', 'country'],
    min_leaf_node_event_count: 1,
    order_by_entity: true,
    row_limit: 5000,
    adhoc_filters: [WII],
  };

  it('lists each entity’s events in time order, filtered as before', () => {
    const r = convertRetiredChart(fixture);
    expect(r?.to).toBe('table');
    expect(r?.formData).toMatchObject({
      query_mode: 'raw',
      all_columns: ['user_id', 'event_time', 'event_name', 'device', 'country'],
      row_limit: 5000,
    });
    expect(r?.formData[FORM_DATA_BAK_KEY]).toEqual(fixture);
    const [q] = queryOf(r);
    expect((q.columns ?? []).map(columnLabelOf)).toEqual(['user_id', 'event_time', 'event_name', 'device', 'country']);
    expect(q.orderby).toEqual([
      ['user_id', true],
      ['event_time', true],
    ]);
    expect(q.filters).toEqual([
      { col: 'platform', op: 'IN', val: ['Wii'] },
      { col: 'event_time', op: 'TEMPORAL_RANGE', val: 'Last week' },
    ]);
  });
});

describe('convertRetiredChart: deck.gl point layers → mapbox', () => {
  const scatter = {
    viz_type: 'deck_scatter',
    datasource: DS,
    spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' },
    viewport: { longitude: -122.4, latitude: 37.8, zoom: 11, bearing: 0, pitch: 0 },
    mapbox_style: 'mapbox://styles/mapbox/light-v9',
    point_radius_fixed: { type: 'fix', value: 1000 },
    row_limit: 5000,
    adhoc_filters: [WII],
    js_tooltip: 'd => d.name',
  };

  it('draws the longitude and latitude columns as points at the same viewport', () => {
    const r = convertRetiredChart(scatter);
    expect(r?.to).toBe('mapbox');
    expect(r?.from).toBe('deck_scatter');
    expect(r?.formData).toMatchObject({
      all_columns_x: 'lon',
      all_columns_y: 'lat',
      viewport_longitude: -122.4,
      viewport_latitude: 37.8,
      viewport_zoom: 11,
      mapbox_style: 'mapbox://styles/mapbox/light-v9',
    });
    expect(r?.formData.js_tooltip).toBeUndefined();
    const [q] = queryOf(r);
    expect((q.columns ?? []).map(columnLabelOf).sort()).toEqual(['lat', 'lon']);
    expect(q.filters).toEqual([{ col: 'platform', op: 'IN', val: ['Wii'] }]);
  });

  it('has no conversion for points of one delimited or geohash column, or for arcs and polygons', () => {
    expect(convertRetiredChart({ ...scatter, spatial: { type: 'delimited', lonlatCol: 'coords' } })).toBeNull();
    expect(convertRetiredChart({ ...scatter, spatial: { type: 'geohash', geohashCol: 'gh' } })).toBeNull();
    expect(convertRetiredChart({ ...scatter, viz_type: 'deck_arc' })).toBeNull();
    expect(convertRetiredChart({ viz_type: 'filter_box' })).toBeNull();
    expect(convertRetiredChart({ viz_type: 'line', datasource: DS })).toBeNull();
  });
});

describe('convertRetiredChart: line_multi → mixed_timeseries', () => {
  const sales = { expressionType: 'SIMPLE', column: { column_name: 'sales' }, aggregate: 'SUM', label: 'SUM(sales)' };
  const charts: Record<number, unknown> = {
    1: {
      viz_type: 'line',
      datasource: DS,
      granularity_sqla: 'ds',
      time_range: 'Last year',
      metrics: [sales],
      groupby: ['region'],
      adhoc_filters: [WII],
    },
    2: { viz_type: 'echarts_timeseries_line', datasource: DS, x_axis: 'ds', metrics: ['count'], groupby: [], adhoc_filters: [] },
    3: { viz_type: 'line', datasource: '9__table', granularity_sqla: 'ds', metrics: ['count'] },
    4: { viz_type: 'table', datasource: DS },
  };
  const lookup = (id: number): unknown => charts[id];
  const multi = {
    viz_type: 'line_multi',
    datasource: DS,
    line_charts: [1],
    line_charts_2: [2],
    time_range: 'Last quarter',
    y_axis_format: '.3s',
    y_axis_2_format: '.1%',
    x_axis_format: 'smart_date',
    y_log_scale: false,
    show_legend: true,
  };

  it('draws the left chart as query A and the right chart as query B on the second axis', () => {
    const r = convertRetiredChart(multi, { chartFormData: lookup });
    expect(r?.to).toBe('mixed_timeseries');
    expect(r?.formData).toMatchObject({
      x_axis: 'ds',
      yAxisIndex: 0,
      yAxisIndexB: 1,
      y_axis_format: '.3s',
      y_axis_format_secondary: '.1%',
      x_axis_time_format: 'smart_date',
      show_legend: true,
    });
    const [a, b] = queryOf(r);
    expect((a.columns ?? []).map(columnLabelOf)).toEqual(['ds', 'region']);
    expect((a.metrics ?? []).map(metricLabelOf)).toEqual(['SUM(sales)']);
    // the multiple line chart's own time range wins over its charts'
    expect(a.filters).toEqual([
      { col: 'platform', op: 'IN', val: ['Wii'] },
      { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last quarter' },
    ]);
    expect((b.metrics ?? []).map(metricLabelOf)).toEqual(['count']);
    expect((b.columns ?? []).map(columnLabelOf)).toEqual(['ds']);
  });

  it('leaves out charts of another dataset, other types and missing ones, saying so', () => {
    const r = convertRetiredChart({ ...multi, line_charts: [1, 4, 99], line_charts_2: [3] }, { chartFormData: lookup });
    expect(r?.formData.metrics_b).toEqual([]);
    const notes = r?.notes.join(' ') ?? '';
    expect(notes).toContain('Chart 4 is not a line chart');
    expect(notes).toContain('Chart 99 was not found');
    expect(notes).toContain('another dataset');
  });

  it('needs the saved charts: null without a lookup or when none can be read', () => {
    expect(convertRetiredChart(multi)).toBeNull();
    expect(convertRetiredChart({ ...multi, line_charts: [99], line_charts_2: [] }, { chartFormData: lookup })).toBeNull();
  });

  it(`reads at most ${MAX_LINE_MULTI_CHARTS} chart ids per axis`, () => {
    const seen: number[] = [];
    const ids = Array.from({ length: 500 }, (_, i) => i + 1);
    convertRetiredChart({ ...multi, line_charts: ids, line_charts_2: ids }, { chartFormData: (id) => (seen.push(id), undefined) });
    expect(seen.length).toBe(2 * MAX_LINE_MULTI_CHARTS);
  });
});

describe('legacyChartAsMarkdown', () => {
  it('keeps a markup chart’s text and draws a separator’s text above a rule', () => {
    expect(legacyChartAsMarkdown({ viz_type: 'markup', markup_type: 'markdown', code: '# Sales\nby region' })).toBe('# Sales\nby region');
    expect(legacyChartAsMarkdown({ viz_type: 'separator', code: '## Part two' })).toBe('## Part two\n\n---\n');
    expect(legacyChartAsMarkdown({ viz_type: 'separator' })).toBe('---\n');
  });

  it('links an iframe’s web page, and never another scheme', () => {
    expect(legacyChartAsMarkdown({ viz_type: 'iframe', url: 'https://example.org/report' })).toBe(
      '[https://example.org/report](https://example.org/report)\n',
    );
    const unsafe = legacyChartAsMarkdown({ viz_type: 'iframe', url: 'javascript:alert(1)' });
    expect(unsafe).not.toContain('javascript');
    expect(legacyChartAsMarkdown({ viz_type: 'iframe', url: 'https://x.org/a)(b' })).not.toContain('](https://x.org/a)');
  });

  it('answers null for other charts', () => {
    expect(legacyChartAsMarkdown({ viz_type: 'line' })).toBeNull();
    expect(legacyChartAsMarkdown(null)).toBeNull();
  });
});

describe('converted retired charts in Explore', () => {
  it('pass every validator of the closest type’s controls', () => {
    const conversions = [
      convertRetiredChart({
        viz_type: 'event_flow',
        datasource: DS,
        entity: 'user_id',
        all_columns_x: 'event_name',
        granularity_sqla: 'ts',
      }),
      convertRetiredChart({ viz_type: 'deck_hex', datasource: DS, spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' } }),
      convertRetiredChart(
        { viz_type: 'line_multi', datasource: DS, line_charts: [1], line_charts_2: [2] },
        {
          chartFormData: (id) => ({ viz_type: 'line', datasource: DS, granularity_sqla: 'ds', metrics: [id === 1 ? 'count' : 'sum__x'] }),
        },
      ),
    ];
    for (const r of conversions) {
      if (!r) throw new Error('no conversion');
      const panel = VIZ_DEFINITIONS.get(r.to)?.controlPanel;
      const ctx = { formData: r.formData, datasource: null, sqlMaxRow: 100000 };
      const shown = new Set(panel?.sections.flatMap((s) => s.controlSetRows.flat()) ?? []);
      const errors: string[] = [];
      for (const [name, control] of Object.entries(panel?.controls ?? {})) {
        if (!shown.has(name) || (control.visibility && !control.visibility(ctx))) continue;
        for (const validate of control.validators ?? []) {
          const error = validate(r.formData[name] ?? control.default, ctx);
          if (error) errors.push(`${r.from} → ${r.to}: ${name}: ${error}`);
        }
      }
      expect(errors).toEqual([]);
    }
  });
});
