import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_VERSION_KEY,
  GRID_COLUMN_COUNT,
  GRID_ID,
  ROOT_ID,
  getVizDefinition,
  serializeLayout,
  validateControls,
  validatePositionJson,
  type DashboardLayout,
  type LayoutItem,
} from '@rama/shared';
import { EXAMPLE_CHARTS, exampleFormData, exampleQueryContext, exampleUuid } from './charts.js';
import { EXAMPLE_DASHBOARDS, buildLayout, chartKeysOf, exampleMetadata, savedMetricsOf, type SavedChartRef } from './dashboards.js';
import { EXAMPLE_DATASETS } from './datasets.js';
import { TABLES, targetName } from './tables.js';
import type { LayoutNode } from './types.js';

/** Saved ids as a fresh installation would give them. */
const saved = new Map<string, SavedChartRef>(
  EXAMPLE_CHARTS.map((c, i) => [c.key, { id: i + 1, name: c.name, uuid: exampleUuid(`chart:${c.key}`) }]),
);

const tableColumns = (table: string): string[] => {
  const spec = TABLES.find((t) => t.name === table);
  if (!spec) return [];
  return 'select' in spec ? Object.keys(spec.comments ?? {}) : spec.columns.map(targetName);
};

/** The dataset columns a chart's controls name by name (adhoc SQL columns are left out). */
const namedColumns = (params: Record<string, unknown>): string[] => {
  const list = [params.x_axis, params.groupby, params.groupbyRows, params.groupbyColumns, params.all_columns].flat();
  const subjects = ((params.adhoc_filters ?? []) as { subject?: unknown }[]).map((f) => f.subject);
  return [...list, ...subjects].filter((c): c is string => typeof c === 'string');
};

const byId = (layout: DashboardLayout, id: string): LayoutItem => {
  const item = layout[id];
  if (!item) throw new Error(`no component ${id}`);
  return item;
};

describe('example charts', () => {
  it('have unique keys and names, and fixed name-based uuids', () => {
    expect(new Set(EXAMPLE_CHARTS.map((c) => c.key)).size).toBe(EXAMPLE_CHARTS.length);
    expect(new Set(EXAMPLE_CHARTS.map((c) => c.name)).size).toBe(EXAMPLE_CHARTS.length);
    const uuid = exampleUuid('chart:flights-count');
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(exampleUuid('chart:flights-count')).toBe(uuid);
    expect(exampleUuid('chart:flights-avg-delay')).not.toBe(uuid);
  });

  it('use the registered viz types, with form data that passes Explore control validation', () => {
    for (const chart of EXAMPLE_CHARTS) {
      const def = getVizDefinition(chart.vizType);
      expect(def, chart.key).toBeDefined();
      const formData = exampleFormData(chart, 7);
      expect(formData).toMatchObject({ viz_type: chart.vizType, datasource: '7__table' });
      if (!def) continue;
      const errors = validateControls(def, { formData, datasource: null, sqlMaxRow: 100_000 });
      expect(errors, chart.key).toEqual({});
    }
  });

  it('name only metrics their dataset declares and columns their table has', () => {
    for (const chart of EXAMPLE_CHARTS) {
      const dataset = EXAMPLE_DATASETS.find((d) => d.table === chart.table);
      expect(dataset, chart.key).toBeDefined();
      const metrics = new Set(dataset?.metrics.map((m) => m.name));
      for (const m of savedMetricsOf(chart)) expect(metrics.has(m), `${chart.key}: metric ${m}`).toBe(true);
      const columns = new Set(tableColumns(chart.table));
      for (const c of namedColumns(chart.params)) expect(columns.has(c), `${chart.key}: column ${c}`).toBe(true);
    }
  });

  it('store the query context Explore saves: buildQuery of the form data, not forced, full JSON', () => {
    for (const chart of EXAMPLE_CHARTS) {
      const formData = exampleFormData(chart, 12);
      const qc = exampleQueryContext(formData);
      expect(qc.datasource, chart.key).toEqual({ id: 12, type: 'table' });
      expect(qc).toMatchObject({ force: false, result_format: 'json', result_type: 'full', form_data: formData });
      expect(qc.queries.length, chart.key).toBeGreaterThan(0);
      const def = getVizDefinition(chart.vizType);
      expect(qc.queries, chart.key).toEqual(def?.buildQuery(formData).queries);
    }
  });

  it('put the time axis first, as a grain-carrying base axis, on timeseries charts', () => {
    const line = EXAMPLE_CHARTS.find((c) => c.key === 'flights-weekly-busiest');
    if (!line) throw new Error('line chart missing');
    const q = exampleQueryContext(exampleFormData(line, 3)).queries[0];
    expect(q.columns?.[0]).toMatchObject({ columnType: 'BASE_AXIS', sqlExpression: 'date', timeGrain: 'P1W' });
    expect(q.series_limit).toBe(5);
    expect(q.post_processing?.map((p) => p?.operation)).toEqual(['pivot', 'rename', 'flatten']);
  });
});

describe('example dashboards', () => {
  it('place every chart once, and only saved example charts', () => {
    for (const d of EXAMPLE_DASHBOARDS) {
      const keys = chartKeysOf(d.layout);
      expect(new Set(keys).size, d.key).toBe(keys.length);
      for (const k of keys) expect(saved.has(k), `${d.key}: ${k}`).toBe(true);
    }
  });

  it('have layouts the layout model accepts (types, nesting, chart ids, parents)', () => {
    for (const d of EXAMPLE_DASHBOARDS) {
      const layout = buildLayout(d, saved);
      expect(validatePositionJson(serializeLayout(layout)), d.key).toEqual([]);
      for (const [id, item] of Object.entries(layout)) {
        expect(item.id).toBe(id);
        for (const child of item.children) expect(byId(layout, child).parents, `${d.key}: ${child}`).toEqual([...(item.parents ?? []), id]);
      }
    }
  });

  it('give every component its own id (no component lost to a repeated id)', () => {
    const count = (nodes: readonly LayoutNode[]): number =>
      nodes.reduce(
        (n, node) =>
          n +
          1 +
          (node.type === 'ROW' || node.type === 'COLUMN' ? count(node.children) : 0) +
          (node.type === 'TABS' ? node.tabs.reduce((m, t) => m + 1 + count(t.children), 0) : 0),
        0,
      );
    for (const d of EXAMPLE_DASHBOARDS) {
      // ROOT_ID, GRID_ID and HEADER_ID besides the declared components
      expect(Object.keys(buildLayout(d, saved)), d.key).toHaveLength(count(d.layout) + 3);
    }
  });

  it('keep each row within the 12-column grid and each column within its width', () => {
    for (const d of EXAMPLE_DASHBOARDS) {
      const layout = buildLayout(d, saved);
      for (const item of Object.values(layout)) {
        const widths = item.children.map((c) => Number(byId(layout, c).meta?.width ?? 0));
        if (item.type === 'ROW')
          expect(
            widths.reduce((a, b) => a + b, 0),
            `${d.key}: ${item.id}`,
          ).toBeLessThanOrEqual(GRID_COLUMN_COUNT);
        if (item.type === 'COLUMN') for (const w of widths) expect(w).toBeLessThanOrEqual(Number(item.meta?.width));
      }
    }
  });

  it('serialize with the version key v2 and chart metadata (chartId, width, height, sliceName, uuid)', () => {
    const flights = EXAMPLE_DASHBOARDS.find((d) => d.slug === 'flights');
    if (!flights) throw new Error('flights dashboard missing');
    const layout = buildLayout(flights, saved);
    const chartItem = byId(layout, 'CHART-flights-count');
    const ref = saved.get('flights-count');
    expect(chartItem.meta).toEqual({ chartId: ref?.id, width: 3, height: 25, sliceName: 'Flights', uuid: ref?.uuid });
    const json = JSON.parse(serializeLayout(layout)) as Record<string, unknown>;
    expect(json[DASHBOARD_VERSION_KEY]).toBe('v2');
    expect(json['CHART-flights-count']).toEqual(chartItem);
  });

  it('give "Flights overview" two top-level tabs: Overview (header, markdown, big numbers, line + pie) and Details', () => {
    const flights = EXAMPLE_DASHBOARDS.find((d) => d.slug === 'flights');
    if (!flights) throw new Error('flights dashboard missing');
    const layout = buildLayout(flights, saved);
    const root = byId(layout, ROOT_ID);
    expect(root.children).toHaveLength(1);
    const tabs = byId(layout, root.children[0]);
    expect(tabs.type).toBe('TABS');
    expect(tabs.children.map((t) => byId(layout, t).meta?.text)).toEqual(['Overview', 'Details']);
    expect(byId(layout, GRID_ID).children).toEqual([]);
    const overview = byId(layout, tabs.children[0]).children.map((c) => byId(layout, c));
    expect(overview.map((c) => c.type)).toEqual(['HEADER', 'ROW', 'ROW', 'ROW']);
    const vizOf = (rowItem: LayoutItem) =>
      rowItem.children.map((c) => EXAMPLE_CHARTS.find((x) => `CHART-${x.key}` === c)?.vizType ?? byId(layout, c).type);
    expect(vizOf(overview[1])).toEqual(['MARKDOWN']);
    expect(vizOf(overview[2]).every((v) => v.startsWith('big_number'))).toBe(true);
    expect(vizOf(overview[3])).toEqual(['echarts_timeseries_line', 'pie']);
    const details = byId(layout, tabs.children[1]).children.flatMap((r) => vizOf(byId(layout, r)));
    expect(details).toEqual(expect.arrayContaining(['echarts_timeseries_bar', 'table', 'pivot_table_v2']));
    const count = chartKeysOf(flights.layout).length;
    expect(count).toBeGreaterThanOrEqual(8);
    expect(count).toBeLessThanOrEqual(10);
  });

  it('give "World indicators" big numbers, a line by region, an area, a table, a pie, markdown, a divider and a column of two charts', () => {
    const world = EXAMPLE_DASHBOARDS.find((d) => d.title === 'World indicators');
    if (!world) throw new Error('world dashboard missing');
    const layout = buildLayout(world, saved);
    expect(byId(layout, ROOT_ID).children).toEqual([GRID_ID]);
    const items = Object.values(layout);
    const types = new Set(items.map((i) => i.type));
    for (const t of ['MARKDOWN', 'DIVIDER', 'COLUMN', 'HEADER']) expect(types.has(t as LayoutItem['type']), t).toBe(true);
    const column = items.find((i) => i.type === 'COLUMN');
    expect(column?.children.map((c) => byId(layout, c).type)).toEqual(['CHART', 'CHART']);
    const viz = chartKeysOf(world.layout).map((k) => EXAMPLE_CHARTS.find((c) => c.key === k)?.vizType);
    expect(viz).toEqual(expect.arrayContaining(['big_number_total', 'echarts_timeseries_line', 'echarts_area', 'table', 'pie']));
  });

  it('set a colour scheme with its colours, and every chart in the cross-filter scope', () => {
    const d = EXAMPLE_DASHBOARDS[0];
    const md = exampleMetadata(d, [4, 5]);
    expect(md.color_scheme).toBe(d.colorScheme);
    expect(md.color_scheme_domain?.length).toBeGreaterThan(0);
    expect(md.global_chart_configuration).toEqual({ scope: { rootPath: [ROOT_ID], excluded: [] }, chartsInScope: [4, 5] });
  });
});
