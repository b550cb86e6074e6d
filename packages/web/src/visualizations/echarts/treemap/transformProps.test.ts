import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { datasourceWith, reply } from '../../testReplies';
import { transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const population = reply(
  [
    { Region: 'Asia', country: 'China', sum_population: 1300 },
    { Region: 'Asia', country: 'India', sum_population: 1100 },
    { Region: 'Europe', country: 'Germany', sum_population: 80 },
    { Region: 'Asia', country: 'Japan', sum_population: 127 },
  ],
  ['Region', 'country', 'sum_population'],
  [1, 1, 0],
);
const REGION = { expressionType: 'SQL', sqlExpression: 'CASE … END', label: 'Region' };
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'treemap_v2',
  datasource: '1__table',
  groupby: [REGION, 'country'],
  metric: 'sum_population',
  number_format: ',d',
  ...extra,
});
const run = (extra: AnyRecord = {}) =>
  transformProps({
    formData: fd(extra),
    queriesData: [population],
    datasource: datasourceWith({ sum_population: 'Population' }),
    width: 600,
    height: 400,
  });

describe('treemap transformProps', () => {
  it('a root named by the metric holds the regions, each summing its countries', () => {
    const { echartOptions } = run();
    const root = ((echartOptions.series as AnyRecord[])[0].data as AnyRecord[])[0];
    expect(root).toMatchObject({ name: 'Population', value: 2607 });
    const regions = root.children as AnyRecord[];
    expect(regions.map((r) => [r.name, r.value])).toEqual([
      ['Asia', 2527],
      ['Europe', 80],
    ]);
    expect((regions[0].children as AnyRecord[]).map((c) => c.name)).toEqual(['China', 'India', 'Japan']);
    expect((regions[0].itemStyle as AnyRecord).color).not.toEqual((regions[1].itemStyle as AnyRecord).color);
  });

  it('a click filters on the physical columns of the path (the SQL region is not one)', () => {
    const { echartOptions, keyed } = run();
    const asia = (((echartOptions.series as AnyRecord[])[0].data as AnyRecord[])[0].children as AnyRecord[])[0];
    const india = (asia.children as AnyRecord[])[1];
    expect(keyed[india.filterKey as string]).toEqual([{ col: 'country', val: 'India', formattedVal: 'India' }]);
    expect(keyed[asia.filterKey as string]).toEqual([]);
  });

  it('labels by label type; the tooltip gives the path and the share of the parent', () => {
    const { echartOptions } = run({ label_type: 'key_value' });
    const label = ((echartOptions.series as AnyRecord[])[0].label as { formatter: (p: AnyRecord) => string }).formatter;
    expect(label({ name: 'China', value: 1300 })).toBe('China: 1,300');
    const asia = (((echartOptions.series as AnyRecord[])[0].data as AnyRecord[])[0].children as AnyRecord[])[0];
    const china = (asia.children as AnyRecord[])[0];
    const html = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter({ data: china });
    expect(html).toContain('Asia ▸ China');
    expect(html).toContain('Population: 1,300 (51.44%)');
  });
});
