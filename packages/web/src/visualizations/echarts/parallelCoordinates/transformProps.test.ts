import { describe, expect, it } from 'vitest';
import { sequentialColor, type ChartDataQueryResult, type ExploreDatasource, type QueryFormData } from '@rama/shared';
import { transformProps } from './transformProps';
import { interactiveParallelOption, lineClickValues } from './interaction';

type AnyRecord = Record<string, unknown>;
/** Gapminder 2005: population, life expectancy and fertility by country. */
const reply = {
  colnames: ['country', 'sum_population', 'avg_life_expect', 'avg_fertility'],
  coltypes: [1, 0, 0, 0],
  data: [
    { country: 'China', sum_population: 1303182268, avg_life_expect: 72.9, avg_fertility: 1.7 },
    { country: 'India', sum_population: 1080264388, avg_life_expect: 64.7, avg_fertility: 2.8 },
    { country: 'Niger', sum_population: 12162856, avg_life_expect: 55.8, avg_fertility: 7.2 },
  ],
  rowcount: 3,
} as unknown as ChartDataQueryResult;

const fd: QueryFormData = {
  datasource: '7__table',
  viz_type: 'para',
  series: 'country',
  metrics: ['sum_population', 'avg_life_expect'],
  secondary_metric: 'avg_fertility',
  linear_color_scheme: 'superset_seq_1',
};
const datasource = {
  verbose_map: { sum_population: 'Population', avg_life_expect: 'Life expectancy' },
  metrics: [{ metric_name: 'sum_population', d3format: ',d' }],
} as unknown as ExploreDatasource;
const run = (extra: Partial<QueryFormData> = {}) =>
  transformProps({ formData: { ...fd, ...extra }, queriesData: [reply], datasource, width: 600, height: 400 });

describe('parallel coordinates transformProps', () => {
  it('an axis per metric with its verbose name and format; a line per country', () => {
    const opt = run().echartOptions as AnyRecord;
    const axes = opt.parallelAxis as AnyRecord[];
    expect(axes.map((a) => [a.dim, a.name, a.type])).toEqual([
      [0, 'Population', 'value'],
      [1, 'Life expectancy', 'value'],
    ]);
    expect((axes[0].axisLabel as { formatter: (v: number) => string }).formatter(1234567)).toBe('1,234,567');
    const lines = (opt.series as AnyRecord[])[0].data as AnyRecord[];
    expect(lines.map((l) => [l.name, l.value])).toEqual([
      ['China', [1303182268, 72.9]],
      ['India', [1080264388, 64.7]],
      ['Niger', [12162856, 55.8]],
    ]);
  });

  it('lines run along the sequential scheme by the colour metric', () => {
    const lines = ((run().echartOptions as AnyRecord).series as AnyRecord[])[0].data as { lineStyle: { color: string } }[];
    expect(lines[0].lineStyle.color).toBe(sequentialColor('superset_seq_1', 0.2));
    expect(lines[2].lineStyle.color).toBe(sequentialColor('superset_seq_1', 1));
    const plain = ((run({ secondary_metric: null }).echartOptions as AnyRecord).series as AnyRecord[])[0].data as {
      lineStyle: { color: string };
    }[];
    expect(new Set(plain.map((l) => l.lineStyle.color)).size).toBe(1);
  });

  it('"Include Series" adds the series as the first, categorical axis', () => {
    const opt = run({ include_series: true }).echartOptions as AnyRecord;
    const axes = opt.parallelAxis as AnyRecord[];
    expect(axes[0]).toMatchObject({ dim: 0, name: 'country', type: 'category', data: ['China', 'India', 'Niger'] });
    expect((((opt.series as AnyRecord[])[0].data as AnyRecord[])[1].value as unknown[])[0]).toBe('India');
  });

  it('the data table lists each row with the colour metric; the tooltip escapes the name', () => {
    const { table, echartOptions } = run({ show_datatable: true });
    expect(table?.columns).toEqual(['country', 'Population', 'Life expectancy', 'avg_fertility']);
    expect(table?.rows[2]).toEqual(['Niger', '12,162,856', '55.8', '7.2']);
    const bad = { ...reply, data: [{ country: '<img src=x onerror=alert(1)>', sum_population: 1, avg_life_expect: 2, avg_fertility: 3 }] };
    const opt = transformProps({ formData: fd, queriesData: [bad as unknown as ChartDataQueryResult], datasource, width: 600, height: 400 })
      .echartOptions as AnyRecord;
    const html = (opt.tooltip as { formatter: (p: unknown) => string }).formatter({ dataIndex: 0 });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
    expect(echartOptions).toBeTruthy();
  });

  it('a click on a line filters on its country; others fade while it is selected', () => {
    const { lineFilters, echartOptions } = run();
    expect(lineClickValues(lineFilters, 1)).toEqual({ values: [{ col: 'country', val: 'India', formattedVal: 'India' }], label: 'India' });
    const out = interactiveParallelOption(echartOptions, lineFilters, { country: ['India'] }, false) as AnyRecord;
    const data = (out.series as AnyRecord[])[0].data as { lineStyle: { opacity: number } }[];
    expect(data.map((d) => d.lineStyle.opacity)).toEqual([0.1, 1, 0.1]);
  });
});
