import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { DOWN_COLOR, UP_COLOR, percentChange, pickerColor, transformBigNumberProps, transformBigNumberTotalProps } from './transformProps';
import { reply } from '../testReplies';

const input = (formData: QueryFormData, r: ChartDataQueryResult) => ({
  formData,
  queriesData: [r],
  datasource: null,
  width: 400,
  height: 300,
});

/** Weekly flight counts. */
const weekly = (counts: (number | null)[]) =>
  reply(
    counts.map((c, i) => ({ ds: Date.UTC(2024, 0, 1 + 7 * i), count: c })),
    ['ds', 'count'],
    [2, 0],
  );

const trendFd = (extra: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'big_number',
  datasource: '3__table',
  metric: 'count',
  x_axis: 'ds',
  ...extra,
});

describe('big number total', () => {
  it('shows the one value in the y-axis format with the subheader', () => {
    const fd: QueryFormData = {
      viz_type: 'big_number_total',
      datasource: '3__table',
      metric: 'count',
      y_axis_format: ',d',
      subheader: 'flights',
    };
    const p = transformBigNumberTotalProps(input(fd, reply([{ count: 123456 }], ['count'], [0])));
    expect(p.headline).toBe('123,456');
    expect(p.subheader).toBe('flights');
    expect(p.headerFontSize).toBe(0.4);
    expect(p.trendline).toBeNull();
  });

  it('adaptive by default; a null value has no headline (the empty message shows)', () => {
    const fd: QueryFormData = { viz_type: 'big_number_total', datasource: '3__table', metric: 'count' };
    expect(transformBigNumberTotalProps(input(fd, reply([{ count: 12345 }], ['count'], [0]))).headline).toBe('12.3k');
    expect(transformBigNumberTotalProps(input(fd, reply([{ count: null }], ['count'], [0]))).headline).toBeNull();
    expect(transformBigNumberTotalProps(input(fd, reply([], ['count'], [0]))).headline).toBeNull();
  });

  it('a temporal metric shows as a date in the time format', () => {
    const fd: QueryFormData = { viz_type: 'big_number_total', datasource: '3__table', metric: 'MAX(ds)', time_format: '%Y-%m-%d' };
    const p = transformBigNumberTotalProps(input(fd, reply([{ 'MAX(ds)': Date.UTC(2024, 4, 17) }], ['MAX(ds)'], [2])));
    expect(p.headline).toBe('2024-05-17');
  });
});

describe('big number with trendline', () => {
  it('the headline is the latest value and the comparison reads against compare_lag periods back', () => {
    const p = transformBigNumberProps(
      input(trendFd({ compare_lag: 1, compare_suffix: 'WoW', y_axis_format: ',d' }), weekly([100, 80, 90])),
    );
    expect(p.headline).toBe('90');
    expect(p.subheader).toBe('+12.5% WoW');
    expect(p.subheaderColor).toBe(UP_COLOR);
    const down = transformBigNumberProps(input(trendFd({ compare_lag: 2, compare_suffix: 'over 2 weeks' }), weekly([100, 80, 90])));
    expect(down.subheader).toBe('-10.0% over 2 weeks');
    expect(down.subheaderColor).toBe(DOWN_COLOR);
  });

  it('no comparison when the lag reaches before the data or is not set', () => {
    expect(transformBigNumberProps(input(trendFd({ compare_lag: 5 }), weekly([1, 2]))).subheader).toBe('');
    expect(transformBigNumberProps(input(trendFd(), weekly([1, 2]))).subheader).toBe('');
  });

  it('a latest point without a value falls back to the last one with a note', () => {
    const p = transformBigNumberProps(input(trendFd({ time_format: '%Y-%m-%d' }), weekly([5, 7, null])));
    expect(p.headline).toBe('7');
    expect(p.note).toBe('Last available value seen on 2024-01-08');
  });

  it('every value null → no headline', () => {
    expect(transformBigNumberProps(input(trendFd(), weekly([null, null]))).headline).toBeNull();
  });

  it('the trendline is an area in the picker colour, starting at zero unless unchecked', () => {
    const p = transformBigNumberProps(input(trendFd({ color_picker: { r: 10, g: 20, b: 30, a: 1 } }), weekly([3, 4, 5])));
    const opt = p.trendline as Record<string, unknown>;
    const [series] = opt.series as Record<string, Record<string, unknown>>[];
    expect(series.lineStyle.color).toBe('rgba(10,20,30,1)');
    expect(series.areaStyle.color).toBe('rgba(10,20,30,0.25)');
    expect(series.data).toHaveLength(3);
    expect((opt.yAxis as Record<string, unknown>).scale).toBe(false);
    const scaled = transformBigNumberProps(input(trendFd({ start_y_axis_at_zero: false }), weekly([3, 4, 5]))).trendline as Record<
      string,
      unknown
    >;
    expect((scaled.yAxis as Record<string, unknown>).scale).toBe(true);
    expect(transformBigNumberProps(input(trendFd({ show_trend_line: false }), weekly([3]))).trendline).toBeNull();
  });

  it('the trendline tooltip shows the escaped date and value', () => {
    const p = transformBigNumberProps(input(trendFd({ time_format: '%Y-%m-%d', y_axis_format: ',d' }), weekly([1000, 2000])));
    const tooltip = (p.trendline as { tooltip: { formatter: (x: unknown) => string } }).tooltip;
    expect(tooltip.formatter([{ value: [Date.UTC(2024, 0, 8), 2000] }])).toBe(
      '<div style="font-weight:600">2024-01-08</div><div>2,000</div>',
    );
  });

  it('shows the latest timestamp when asked', () => {
    const p = transformBigNumberProps(input(trendFd({ show_timestamp: true, time_format: '%b %d' }), weekly([1, 2])));
    expect(p.timestamp).toBe('Jan 08');
  });

  it('fixed time range stretches the line over the queried range', () => {
    const r = weekly([1, 2]);
    r.from_dttm = Date.UTC(2023, 11, 1);
    r.to_dttm = Date.UTC(2024, 1, 1);
    const opt = transformBigNumberProps(input(trendFd({ time_range_fixed: true }), r)).trendline as Record<string, Record<string, unknown>>;
    expect([opt.xAxis.min, opt.xAxis.max]).toEqual([r.from_dttm, r.to_dttm]);
  });

  it('percent change and picker colours', () => {
    expect(percentChange(110, 100)).toBeCloseTo(0.1);
    expect(percentChange(-50, -100)).toBeCloseTo(0.5);
    expect(percentChange(5, 0)).toBe(0);
    expect(pickerColor(undefined)).toBe('rgba(0,122,135,1)');
  });
});
