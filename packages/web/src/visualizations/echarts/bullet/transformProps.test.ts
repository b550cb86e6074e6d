import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { labelList, numberList, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;
const reply = { colnames: ['avg_delay'], coltypes: [0], data: [{ avg_delay: 9.4 }], rowcount: 1 } as unknown as ChartDataQueryResult;
const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'bullet',
  metric: 'avg_delay',
  ranges: '5,20,10',
  range_labels: 'good,poor,fair',
  markers: '12',
  marker_labels: 'target',
  marker_lines: '15',
  marker_line_labels: 'alert',
};
const datasource = {
  verbose_map: { avg_delay: 'Average delay (min)' },
  metrics: [{ metric_name: 'avg_delay', d3format: ',.1f' }],
} as unknown as ExploreDatasource;
const run = (extra: Partial<QueryFormData> = {}) =>
  transformProps({ formData: { ...fd, ...extra }, queriesData: [reply], datasource, width: 600, height: 200 }).echartOptions as AnyRecord;

describe('bullet transformProps', () => {
  it('reads the typed lists as the BI server does', () => {
    expect(numberList('5, 10,,20')).toEqual([5, 10, 20]);
    expect(numberList('')).toEqual([]);
    expect(numberList('5,x')).toEqual([5]);
    expect(labelList('good, fair')).toEqual(['good', 'fair']);
  });

  it('ranges from largest to smallest with their labels, then the measure with the marker lines, then the markers', () => {
    const series = run().series as AnyRecord[];
    expect(series.map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', 'poor', [20]],
      ['bar', 'fair', [10]],
      ['bar', 'good', [5]],
      ['bar', 'Average delay (min)', [9.4]],
      ['scatter', 'Markers', [{ value: [12, 0], name: 'target' }]],
    ]);
    expect((series[3].markLine as AnyRecord).data).toEqual([{ xAxis: 15, name: 'alert' }]);
  });

  it('the axis runs from zero to the largest of all the values; the band stays thin in a tall chart', () => {
    const opt = run();
    expect(opt.xAxis).toMatchObject({ min: 0, max: 20 });
    const tall = transformProps({ formData: fd, queriesData: [reply], datasource, width: 600, height: 900 }).echartOptions as AnyRecord;
    expect((tall.grid as AnyRecord).height).toBe(56);
  });

  it('without ranges or markers only the measure is drawn; the tooltip escapes labels', () => {
    const series = run({ ranges: '', markers: '', marker_lines: '' }).series as AnyRecord[];
    expect(series.map((s) => s.type)).toEqual(['bar']);
    const tooltip = (run({ marker_labels: '<b>x</b>' }).tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tooltip({ seriesType: 'scatter', name: '<b>x</b>', value: [12, 0] })).toBe('&lt;b&gt;x&lt;/b&gt;: <b>12.0</b>');
  });
});
