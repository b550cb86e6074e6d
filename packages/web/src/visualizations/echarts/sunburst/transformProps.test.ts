import { describe, expect, it } from 'vitest';
import { getCategoricalScheme, sequentialColor, type QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import { sunburstLabelFit, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const penguins = reply(
  [
    { species: 'Adelie', sex: 'MALE', count: 73, avg_mass: 4000 },
    { species: 'Adelie', sex: 'FEMALE', count: 73, avg_mass: 3400 },
    { species: 'Adelie', sex: null, count: 6, avg_mass: 3500 },
    { species: 'Gentoo', sex: 'MALE', count: 61, avg_mass: 5500 },
  ],
  ['species', 'sex', 'count', 'avg_mass'],
  [1, 1, 0, 0],
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'sunburst_v2',
  datasource: '1__table',
  columns: ['species', 'sex'],
  metric: 'count',
  ...extra,
});
const run = (extra: AnyRecord = {}) =>
  transformProps({ formData: fd(extra), queriesData: [penguins], datasource: null, width: 500, height: 500 });
const dataOf = (o: AnyRecord) => (o.series as AnyRecord[])[0].data as AnyRecord[];

describe('sunburst transformProps', () => {
  it('the first level is the inner ring; arcs sum their children and take categorical colours', () => {
    const data = dataOf(run().echartOptions);
    expect(data.map((d) => [d.name, d.value])).toEqual([
      ['Adelie', 152],
      ['Gentoo', 61],
    ]);
    expect((data[0].children as AnyRecord[]).map((c) => c.name)).toEqual(['MALE', 'FEMALE', '<NULL>']);
    expect((data[0].itemStyle as AnyRecord).color).toBe(getCategoricalScheme('supersetColors').colors[0]);
  });

  it('hides <NULL> arcs when asked', () => {
    const data = dataOf(run({ showNulls: false }).echartOptions);
    expect((data[0].children as AnyRecord[]).map((c) => c.name)).toEqual(['MALE', 'FEMALE']);
    expect(data[0].value).toBe(152);
  });

  it('a secondary metric colours arcs by secondary / primary on the linear scheme', () => {
    const data = dataOf(run({ secondary_metric: 'avg_mass', linear_color_scheme: 'blue_white_yellow' }).echartOptions);
    // the scale runs from 0 to the largest ratio, the <NULL> arc's 3500 / 6
    const top = 3500 / 6;
    expect(((data[0].children as AnyRecord[])[2].itemStyle as AnyRecord).color).toBe(sequentialColor('blue_white_yellow', 1));
    expect((data[1].itemStyle as AnyRecord).color).toBe(sequentialColor('blue_white_yellow', 5500 / 61 / top));
  });

  it('labels hide under the percentage threshold; the total shows in the middle', () => {
    const { echartOptions } = run({ show_labels: true, show_labels_threshold: 10, show_total: true, number_format: ',d' });
    const series = (echartOptions.series as AnyRecord[])[0];
    expect((series.label as AnyRecord).minAngle).toBe(36);
    expect(((echartOptions.graphic as AnyRecord[])[0].style as AnyRecord).text).toBe('Total: 213');
  });

  it('a label runs along a long arc of a thin ring and across a short arc, within the ring', () => {
    // an outer ring 30 px wide at 150–180 px, a quarter turn: along the arc, kept inside the outer circle
    const quarter = sunburstLabelFit(150, 180, Math.PI / 2);
    expect(quarter.rotate).toBe('tangential');
    expect(quarter.width).toBeLessThanOrEqual(2 * Math.sqrt(180 ** 2 - 165 ** 2) - 8);
    // a sliver of the same ring: across it
    expect(sunburstLabelFit(150, 180, 0.05)).toEqual({ rotate: 'radial', width: 24 });
    // a ring too thin for a line of text: across, at the smallest width
    expect(sunburstLabelFit(170, 180, Math.PI).rotate).toBe('radial');
  });

  it('a click filters on the path; the tooltip escapes names and gives shares', () => {
    const { echartOptions, keyed } = run();
    const male = (dataOf(echartOptions)[0].children as AnyRecord[])[0];
    expect(keyed[male.filterKey as string]).toEqual([
      { col: 'species', val: 'Adelie', formattedVal: 'Adelie' },
      { col: 'sex', val: 'MALE', formattedVal: 'MALE' },
    ]);
    const html = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter({ data: male });
    expect(html).toContain('Adelie ▸ MALE');
    expect(html).toContain('34.27% of total');
    expect(html).toContain('48.03% of parent');
  });
});
