import { describe, expect, it } from 'vitest';
import { VIZ_DEFINITIONS } from '@rama/shared';
import { getWebViz, webVizList } from './registry';

/**
 * The gallery's order as it was when each family had its own registration list (issue 29). A type
 * added since may stand anywhere among them (its `meta.order` says where), so a new type needs no
 * line here; these keep their places relative to each other.
 */
const GALLERY_ORDER = [
  'table',
  'echarts_timeseries_line',
  'echarts_timeseries',
  'echarts_area',
  'echarts_timeseries_bar',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
  'pie',
  'big_number_total',
  'big_number',
  'pivot_table_v2',
  'mixed_timeseries',
  'box_plot',
  'histogram_v2',
  'heatmap_v2',
  'waterfall',
  'bubble_v2',
  'word_cloud',
  'cal_heatmap',
  'funnel',
  'gauge_chart',
  'radar',
  'treemap_v2',
  'sunburst_v2',
  'sankey_v2',
  'graph_chart',
  'tree_chart',
  'rose',
  'chord',
  'partition',
  'para',
  'bullet',
  'horizon',
  'paired_ttest',
  'time_pivot',
  'time_table',
  'handlebars',
  'world_map',
  'country_map',
  'mapbox',
];

const GLOBBED = import.meta.glob<Record<string, unknown>>('./**/index.ts', { eager: true });

describe('the web registry, built from the chart types folders', () => {
  it('lists the same keys as the shared registry, each once', () => {
    const web = webVizList().map((v) => v.definition.meta.key);
    expect(new Set(web).size).toBe(web.length);
    expect([...web].sort()).toEqual([...VIZ_DEFINITIONS.keys()].sort());
  });

  it('finds no web type the shared registry lacks', () => {
    const keys = Object.values(GLOBBED)
      .flatMap((m) => Object.values(m).flatMap((v) => (Array.isArray(v) ? v : [v])))
      .flatMap((v) =>
        typeof v === 'object' && v !== null && 'definition' in v
          ? [(v as { definition: { meta: { key: string } } }).definition.meta.key]
          : [],
      );
    for (const key of keys) expect(VIZ_DEFINITIONS.has(key), key).toBe(true);
    expect(new Set(keys)).toEqual(new Set(VIZ_DEFINITIONS.keys()));
  });

  it('keeps the gallery order, which is the shared registry order', () => {
    const shared = [...VIZ_DEFINITIONS.keys()];
    expect(webVizList().map((v) => v.definition.meta.key)).toEqual(shared);
    expect(shared.filter((key) => GALLERY_ORDER.includes(key))).toEqual(GALLERY_ORDER);
  });

  it('every type has its thumbnail and its shared definition', () => {
    for (const key of VIZ_DEFINITIONS.keys()) {
      const viz = getWebViz(key);
      expect(viz?.thumbnail, key).toMatch(/^data:image\/svg\+xml/);
      expect(viz?.definition, key).toBe(VIZ_DEFINITIONS.get(key));
    }
  });
});
