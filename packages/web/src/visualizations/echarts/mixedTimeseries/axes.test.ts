import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { axisValueFormatter, transformProps } from './transformProps';
import { reply } from '../../testReplies';

/** Query A: departures by distance band (a numeric x axis); query B: the average delay. */
const departures = reply(
  [
    { distance: 100, count: 20 },
    { distance: 300, count: 35 },
  ],
  ['distance', 'count'],
  [0, 0],
);
const delay = reply(
  [
    { distance: 100, revenue: 7.5 },
    { distance: 300, revenue: 9.25 },
  ],
  ['distance', 'revenue'],
  [0, 0],
);
const fd = (over: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'mixed_timeseries',
  datasource: '5__table',
  x_axis: 'distance',
  metrics: ['count'],
  metrics_b: ['revenue'],
  seriesTypeB: 'line',
  yAxisIndexB: 1,
  y_axis_format: ',d',
  y_axis_format_secondary: ',.1f',
  ...over,
});
const saved = { currency_formats: { revenue: { symbol: 'EUR', symbolPosition: 'suffix' } } } as unknown as ExploreDatasource;

type Axis = { min?: number; max?: number; scale?: boolean; axisLabel: { formatter: (v: number) => string } };
const run = (formData: QueryFormData, datasource: ExploreDatasource | null = null) => {
  const options = transformProps({ formData, queriesData: [departures, delay], datasource, width: 800, height: 400 }).echartOptions;
  return { x: options.xAxis as Axis, y: options.yAxis as Axis[] };
};

describe('mixed chart axes', () => {
  it('writes each y axis in its own currency: currency_format and currency_format_secondary', () => {
    const { y } = run(
      fd({
        currency_format: { symbol: 'USD', symbolPosition: 'prefix' },
        currency_format_secondary: { symbol: 'GBP', symbolPosition: 'suffix' },
      }),
    );
    expect(y[0].axisLabel.formatter(1200)).toBe('$ 1,200');
    expect(y[1].axisLabel.formatter(7.5)).toBe('7.5 £');
  });

  it("falls back to the currency the axis's metrics are saved with, per axis", () => {
    const { y } = run(fd(), saved);
    expect(y[0].axisLabel.formatter(1200)).toBe('1,200');
    expect(y[1].axisLabel.formatter(7.5)).toBe('7.5 €');
    // both queries on the primary axis: their metrics do not share a currency
    expect(axisValueFormatter(fd({ yAxisIndexB: 0 }), 0, [0, 0], saved.currency_formats)(3)).toBe('3');
  });

  it('bounds a numeric x axis with truncateXAxis and xAxisBounds, as the timeseries chart does', () => {
    expect(run(fd()).x).toMatchObject({ type: 'value', scale: true });
    const bounded = run(fd({ xAxisBounds: [0, 500] })).x;
    expect(bounded).toMatchObject({ scale: true, min: 0, max: 500 });
    const untruncated = run(fd({ truncateXAxis: false, xAxisBounds: [0, 500] })).x;
    expect(untruncated.scale).toBe(false);
    expect(untruncated.min).toBeUndefined();
  });
});
