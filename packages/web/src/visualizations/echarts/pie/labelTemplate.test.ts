import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { sliceLabel, transformProps } from './transformProps';
import { reply } from '../../testReplies';

const flights = reply(
  [
    { origin: 'SEA', count: 300 },
    { origin: 'SFO', count: 100 },
  ],
  ['origin', 'count'],
  [1, 0],
);

const fd = (extra: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'pie',
  datasource: '3__table',
  groupby: ['origin'],
  metric: 'count',
  ...extra,
});

type AnyRecord = Record<string, unknown>;
const labelFormatter = (formData: QueryFormData, datasource: ExploreDatasource | null = null) => {
  const opt = transformProps({ formData, queriesData: [flights], datasource, width: 600, height: 400 }).echartOptions as AnyRecord;
  const series = (opt.series as AnyRecord[])[0];
  return (series.label as { formatter: (p: { name: string }) => string }).formatter;
};

describe('pie label template', () => {
  it('fills {name}, {value} and {percent} in each slice label', () => {
    const f = labelFormatter(fd({ label_type: 'template', label_template: '{name} – {value} ({percent})' }));
    expect(f({ name: 'SEA' })).toBe('SEA – 300 (75.00%)');
    expect(f({ name: 'SFO' })).toBe('SFO – 100 (25.00%)');
  });

  it("reads ECharts' {a} {b} {c} {d} and a typed \\n as a new line", () => {
    const slice = { name: 'SEA', value: 300, percent: 0.75 };
    expect(sliceLabel('template', slice, String, '{b}\\n{c} of {a} = {d}', 'count')).toBe('SEA\n300 of count = 75.00%');
  });

  it('shows nothing for an empty template', () => {
    expect(labelFormatter(fd({ label_type: 'template' }))({ name: 'SEA' })).toBe('');
  });

  it("writes the metric's saved currency in value labels", () => {
    const datasource = { currency_formats: { count: { symbol: 'USD', symbolPosition: 'prefix' } } } as unknown as ExploreDatasource;
    expect(labelFormatter(fd({ label_type: 'value', number_format: ',d' }), datasource)({ name: 'SEA' })).toBe('$ 300');
  });

  it("writes the chart's currency_format over the metric's saved one", () => {
    const datasource = { currency_formats: { count: { symbol: 'USD', symbolPosition: 'prefix' } } } as unknown as ExploreDatasource;
    const formData = fd({ label_type: 'value', number_format: ',d', currency_format: { symbol: 'JPY', symbolPosition: 'suffix' } });
    expect(labelFormatter(formData, datasource)({ name: 'SEA' })).toBe('300 ¥');
  });
});
