import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { STREAM_BASELINE_ID, expandRows, numericXRange, sortSeriesColumns, streamBaseline, transformProps } from './transformProps';
import { reply } from '../../testReplies';

/** Three origins over three months: SFO is the largest in total, JFK has the largest single value. */
function threeOrigins(): ChartDataQueryResult {
  const data = [
    { date: Date.UTC(2023, 0, 1), JFK: 1, SEA: 2, SFO: 5 },
    { date: Date.UTC(2023, 1, 1), JFK: 9, SEA: 3, SFO: 5 },
    { date: Date.UTC(2023, 2, 1), JFK: 1, SEA: 3, SFO: 5 },
  ];
  return reply(data, ['date', 'JFK', 'SEA', 'SFO'], [2, 0, 0, 0]);
}

const fd = (extra: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'echarts_area',
  datasource: '3__table',
  x_axis: 'date',
  metrics: ['count'],
  groupby: ['origin'],
  ...extra,
});

type AnyRecord = Record<string, unknown>;
const run = (formData: QueryFormData, r = threeOrigins(), datasource: ExploreDatasource | null = null) =>
  transformProps({ formData, queriesData: [r], datasource, width: 800, height: 400 }).echartOptions as AnyRecord;
const series = (opt: AnyRecord) => opt.series as AnyRecord[];
const yValues = (s: AnyRecord) => (s.data as [number, number | null][]).map((p) => p[1]);

describe('timeseries series order', () => {
  it('puts the largest total first in the series and the legend when sorting by sum descending', () => {
    const opt = run(fd({ sort_series_type: 'sum', sort_series_ascending: false }));
    expect(series(opt).map((s) => s.name)).toEqual(['SFO', 'JFK', 'SEA']);
    expect((opt.legend as AnyRecord).data).toEqual(['SFO', 'JFK', 'SEA']);
  });

  it('orders by the largest single value, by the smallest, by the average and by name as chosen', () => {
    expect(series(run(fd({ sort_series_type: 'max' }))).map((s) => s.name)).toEqual(['JFK', 'SFO', 'SEA']);
    expect(series(run(fd({ sort_series_type: 'min', sort_series_ascending: true }))).map((s) => s.name)).toEqual(['JFK', 'SEA', 'SFO']);
    expect(series(run(fd({ sort_series_type: 'avg', sort_series_ascending: true }))).map((s) => s.name)).toEqual(['SEA', 'JFK', 'SFO']);
    expect(series(run(fd({ sort_series_type: 'name', sort_series_ascending: false }))).map((s) => s.name)).toEqual(['SFO', 'SEA', 'JFK']);
  });

  it("keeps the reply's order when no sort type is set (charts saved before the control)", () => {
    expect(series(run(fd())).map((s) => s.name)).toEqual(['JFK', 'SEA', 'SFO']);
    expect(sortSeriesColumns(['b', 'a'], () => [], undefined, true)).toEqual(['b', 'a']);
  });
});

describe('timeseries Expand and Stream stacking', () => {
  it('draws an Expand stack as shares of each x total on a 0–100 % axis', () => {
    const opt = run(fd({ stack: 'Expand' }));
    const [jfk, sea, sfo] = series(opt);
    expect(yValues(jfk)[0]).toBeCloseTo(1 / 8);
    expect(yValues(sea)[0]).toBeCloseTo(2 / 8);
    expect(yValues(sfo)[0]).toBeCloseTo(5 / 8);
    const yAxis = opt.yAxis as AnyRecord;
    expect(yAxis.min).toBe(0);
    expect(yAxis.max).toBe(1);
    expect((yAxis.axisLabel as { formatter: (v: number) => string }).formatter(1)).toBe('100%');
    expect(series(opt).every((s) => s.stack === 'total')).toBe(true);
  });

  it('centres a Stream stack on zero with an invisible first series of minus half of each total', () => {
    const opt = run(fd({ stack: 'Stream' }));
    const all = series(opt);
    expect(all[0].id).toBe(STREAM_BASELINE_ID);
    expect(yValues(all[0])).toEqual([-4, -8.5, -4.5]);
    expect(all.every((s) => s.stack === 'total' && s.stackStrategy === 'all')).toBe(true);
    // the baseline is not a legend entry, and the data series keep their values
    expect((opt.legend as AnyRecord).data).toEqual(['JFK', 'SEA', 'SFO']);
    expect(yValues(all[1])).toEqual([1, 9, 1]);
  });

  it('leaves the baseline out of the axis tooltip', () => {
    const opt = run(fd({ stack: 'Stream' }));
    const formatter = (opt.tooltip as AnyRecord).formatter as (p: unknown) => string;
    const html = formatter([
      { seriesIndex: 0, value: [Date.UTC(2023, 0, 1), -4], axisValue: Date.UTC(2023, 0, 1) },
      { seriesIndex: 1, value: [Date.UTC(2023, 0, 1), 1] },
      { seriesIndex: 3, value: [Date.UTC(2023, 0, 1), 5] },
    ]);
    expect(html).toContain('JFK');
    expect(html).toContain('SFO');
    expect(html).not.toContain('-4');
  });

  it('computes shares and baselines per x, with gaps kept as gaps', () => {
    expect(
      expandRows(
        [
          [1, null],
          [3, 2],
        ],
        2,
      ),
    ).toEqual([
      [0.25, null],
      [0.75, 1],
    ]);
    expect(
      streamBaseline(
        [
          [1, null],
          [3, 2],
        ],
        2,
      ),
    ).toEqual([-2, -1]);
  });
});

describe('timeseries x axis bounds', () => {
  const numeric = () =>
    reply(
      [
        { x: 10, a: 1 },
        { x: 20, a: 2 },
      ],
      ['x', 'a'],
      [0, 0],
    );
  it('applies the x axis bounds to a numeric x axis while truncating', () => {
    const opt = run(fd({ viz_type: 'echarts_timeseries_line', x_axis: 'x', groupby: [], xAxisBounds: [0, 50] }), numeric());
    expect(opt.xAxis).toMatchObject({ type: 'value', scale: true, min: 0, max: 50 });
  });

  it('starts a numeric x axis at zero when not truncated, and ignores empty bounds', () => {
    expect(numericXRange({ viz_type: 'x', datasource: '', truncateXAxis: false, xAxisBounds: [5, 9] })).toEqual({ scale: false });
    expect(numericXRange({ viz_type: 'x', datasource: '', xAxisBounds: [null, 9] })).toEqual({ scale: true, max: 9 });
  });
});

describe('timeseries currency', () => {
  it("writes the metric's saved currency on the y axis and in the tooltip", () => {
    const datasource = { currency_formats: { count: { symbol: 'USD', symbolPosition: 'prefix' } } } as unknown as ExploreDatasource;
    const opt = run(fd({ y_axis_format: ',.2f' }), threeOrigins(), datasource);
    const axisFormat = ((opt.yAxis as AnyRecord).axisLabel as { formatter: (v: number) => string }).formatter;
    expect(axisFormat(1234.5)).toBe('$ 1,234.50');
    const chartCurrency = run(fd({ currency_format: { symbol: 'EUR', symbolPosition: 'suffix' } }), threeOrigins(), datasource);
    expect(((chartCurrency.yAxis as AnyRecord).axisLabel as { formatter: (v: number) => string }).formatter(5)).toBe('5 €');
  });
});
