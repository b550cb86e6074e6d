import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { transformProps } from './transformProps';
import { querySettings, seriesOfReply, sharedXValues } from './querySeries';
import { timeseriesClickValues } from '../timeseries/interaction';
import { reply } from '../../testReplies';

const w = (d: number) => Date.UTC(2001, 0, d);
/** Query A: weekly departures by origin (pivoted and flattened); query B: the average delay. */
const departures = reply(
  [
    { date: w(1), LAX: 200, SFO: 120 },
    { date: w(8), LAX: 210, SFO: 125 },
  ],
  ['date', 'LAX', 'SFO'],
  [2, 0, 0],
);
const delay = reply(
  [
    { date: w(8), 'AVG(delay)': 7.5 },
    { date: w(15), 'AVG(delay)': 9.25 },
  ],
  ['date', 'AVG(delay)'],
  [2, 0],
);
const fd: QueryFormData = {
  viz_type: 'mixed_timeseries',
  datasource: '5__table',
  x_axis: 'date',
  time_grain_sqla: 'P1W',
  metrics: ['count'],
  groupby: ['origin'],
  metrics_b: [{ expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: 'delay' }, label: 'AVG(delay)' }],
  seriesType: 'bar',
  stack: true,
  seriesTypeB: 'line',
  yAxisIndexB: 1,
  y_axis_format: ',d',
  y_axis_format_secondary: ',.1f',
  yAxisTitleSecondary: 'Minutes',
};

type AnyRecord = Record<string, unknown>;
const run = (formData: QueryFormData = fd) =>
  transformProps({ formData, queriesData: [departures, delay], datasource: null, width: 800, height: 400 });

describe('mixed timeseries transformProps', () => {
  it('reads each query’s settings: query B’s end in B', () => {
    expect(querySettings(fd, 0)).toMatchObject({ kind: { type: 'bar' }, stack: true, yAxisIndex: 0 });
    expect(querySettings(fd, 1)).toMatchObject({ kind: { type: 'line' }, stack: false, yAxisIndex: 1 });
  });

  it('both queries share the x values, sorted in time', () => {
    const { xKind, xs } = sharedXValues(fd, [departures, delay]);
    expect(xKind).toBe('time');
    expect(xs).toEqual([w(1), w(8), w(15)]);
    const series = seriesOfReply(fd, delay, 'time', xs, querySettings(fd, 1));
    expect(series).toEqual([{ column: 'AVG(delay)', values: [null, 7.5, 9.25] }]);
  });

  it('orders a query’s series by their total, largest first, unless asked otherwise', () => {
    const { xs } = sharedXValues(fd, [departures]);
    expect(seriesOfReply(fd, departures, 'time', xs, querySettings(fd, 0)).map((s) => s.column)).toEqual(['LAX', 'SFO']);
    const byName = querySettings({ ...fd, sort_series_type: 'name', sort_series_ascending: true }, 0);
    expect(seriesOfReply(fd, departures, 'time', xs, byName).map((s) => s.column)).toEqual(['LAX', 'SFO']);
    const smallestFirst = querySettings({ ...fd, sort_series_ascending: true }, 0);
    expect(seriesOfReply(fd, departures, 'time', xs, smallestFirst).map((s) => s.column)).toEqual(['SFO', 'LAX']);
  });

  it('query A as stacked bars on the left axis, query B as a line on the right axis', () => {
    const opt = run().echartOptions;
    const series = opt.series as AnyRecord[];
    expect(series.map((s) => [s.id, s.type, s.yAxisIndex, s.stack])).toEqual([
      ['a:LAX', 'bar', 0, 'stack-0'],
      ['a:SFO', 'bar', 0, 'stack-0'],
      ['b:AVG(delay)', 'line', 1, undefined],
    ]);
    expect(series[2].data).toEqual([
      [w(1), null],
      [w(8), 7.5],
      [w(15), 9.25],
    ]);
    const [left, right] = opt.yAxis as AnyRecord[];
    expect(left).toMatchObject({ show: true, position: 'left' });
    expect(right).toMatchObject({ show: true, position: 'right', name: 'Minutes', alignTicks: true });
    expect((right.axisLabel as { formatter: (v: number) => string }).formatter(7.25)).toBe('7.3');
  });

  it('the secondary axis hides when no series uses it; query identifiers name the series', () => {
    const opt = run({ ...fd, yAxisIndexB: 0, show_query_identifiers: true }).echartOptions;
    expect((opt.yAxis as AnyRecord[])[1].show).toBe(false);
    expect((opt.series as AnyRecord[]).map((s) => s.name)).toEqual(['LAX (Query A)', 'SFO (Query A)', 'AVG(delay) (Query B)']);
  });

  it('the tooltip formats each series in its axis’s format', () => {
    const { formatter } = run().echartOptions.tooltip as { formatter: (p: unknown) => string };
    const html = formatter([
      { seriesIndex: 0, value: [w(8), 2100], axisValue: w(8) },
      { seriesIndex: 2, value: [w(8), 7.5], axisValue: w(8) },
    ]);
    expect(html).toContain('2,100');
    expect(html).toContain('7.5');
    expect(html).toContain('AVG(delay)');
  });

  it('a click on a query A series filters its origin', () => {
    const { crossFilterMeta } = run();
    expect(timeseriesClickValues(crossFilterMeta, 'a:SFO', 0)).toEqual({
      values: [{ col: 'origin', val: 'SFO', formattedVal: 'SFO' }],
      label: 'SFO',
    });
    expect(timeseriesClickValues(crossFilterMeta, 'b:AVG(delay)', 0)).toBeNull();
  });
});
