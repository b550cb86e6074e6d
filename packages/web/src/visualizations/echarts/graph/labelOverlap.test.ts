/**
 * The graph's names on a real ECharts render (server-side SVG): with the parts GraphChart
 * registers, a name that would cover a larger node's name is hidden.
 */
import { describe, expect, it } from 'vitest';
import { init } from 'echarts/core';
import type { QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import './GraphChart';
import { transformProps } from './transformProps';

const fd: QueryFormData = { viz_type: 'graph_chart', datasource: '1__table', source: 'source', target: 'target', metric: 'v' };
const links = reply(
  [
    { source: 'Valjean', target: 'Cosette', v: 30 },
    { source: 'Valjean', target: 'Javert', v: 20 },
    { source: 'Marius', target: 'Gavroche', v: 2 },
  ],
  ['source', 'target', 'v'],
  [1, 1, 0],
);

/** The names drawn when the nodes sit at fixed places (`layout: none`), so two of them collide. */
function drawnNames(places: Record<string, [number, number]>): string[] {
  const { echartOptions } = transformProps({ formData: fd, queriesData: [links], datasource: null, width: 480, height: 320 });
  const series = (echartOptions.series as Record<string, unknown>[])[0];
  const data = (series.data as { name: string; label: { show: boolean } }[]).map((n) => ({
    ...n,
    x: places[n.name][0],
    y: places[n.name][1],
    label: { show: true },
  }));
  const chart = init(null, null, { renderer: 'svg', ssr: true, width: 480, height: 320 });
  chart.setOption({ animation: false, series: [{ ...series, layout: 'none', roam: false, data }] });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}

describe('graph label overlap', () => {
  it("hides the name of a smaller node that would cover a larger node's name, and keeps names that fit", () => {
    const apart = drawnNames({ Valjean: [40, 40], Cosette: [40, 140], Javert: [40, 240], Marius: [300, 40], Gavroche: [300, 240] });
    expect(apart.sort()).toEqual(['Cosette', 'Gavroche', 'Javert', 'Marius', 'Valjean']);
    // Gavroche (2) is drawn right on top of Valjean (50): the larger node keeps its name
    const close = drawnNames({ Valjean: [40, 40], Cosette: [40, 140], Javert: [40, 240], Marius: [300, 40], Gavroche: [42, 42] });
    expect(close).toContain('Valjean');
    expect(close).not.toContain('Gavroche');
    expect(close).toHaveLength(4);
  });
});
