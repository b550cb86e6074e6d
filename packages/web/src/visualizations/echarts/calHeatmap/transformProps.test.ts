import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { domainEnd, domainStart, slotLabel, slotOf, weeksSpanned, yearPages } from './calendarSlots';
import { transformProps, usesCalendar } from './transformProps';
import { reply } from '../../testReplies';

const counts = (data: Record<string, unknown>[], from: number | null = null, to: number | null = null) =>
  reply(data, ['__timestamp', 'count'], [2, 0], { from_dttm: from, to_dttm: to });

const day = (m: number, d: number) => Date.UTC(2001, m, d);
/** Daily flights in January and February 2001. */
const daily = counts(
  [
    { __timestamp: day(0, 1), count: 15000 },
    { __timestamp: day(0, 2), count: 16500 },
    { __timestamp: day(1, 28), count: 17000 },
  ],
  day(0, 1),
  day(2, 1),
);
const fd: QueryFormData = {
  viz_type: 'cal_heatmap',
  datasource: '5__table',
  granularity_sqla: 'date',
  metrics: ['count'],
  domain_granularity: 'month',
  subdomain_granularity: 'day',
};

type AnyRecord = Record<string, unknown>;
const run = (formData: QueryFormData = fd, r = daily) =>
  transformProps({ formData, queriesData: [r], datasource: null, width: 800, height: 300 }).echartOptions;

describe('calendar slots', () => {
  it('finds the domain block and the slot of a time', () => {
    const t = Date.UTC(2001, 1, 14, 13, 30);
    expect(domainStart('month', t)).toBe(Date.UTC(2001, 1, 1));
    expect(domainEnd('month', t)).toBe(Date.UTC(2001, 2, 1) - 1);
    expect(domainStart('week', t)).toBe(Date.UTC(2001, 1, 12)); // a Monday
    expect(slotOf('month', 'day', t)).toBe(13);
    expect(slotOf('day', 'hour', t)).toBe(13);
    expect(slotOf('year', 'month', t)).toBe(1);
    expect(slotLabel('day', 'hour', 13)).toBe('13:00');
    expect(slotLabel('year', 'month', 1)).toBe('Feb');
    expect(slotLabel('week', 'day', 0)).toBe('Mon');
  });

  it('pages a range by year and counts the weeks a page spans', () => {
    expect(yearPages(Date.UTC(2012, 5, 1), Date.UTC(2013, 1, 1))).toEqual([
      [Date.UTC(2012, 5, 1), Date.UTC(2012, 11, 31)],
      [Date.UTC(2013, 0, 1), Date.UTC(2013, 1, 1)],
    ]);
    expect(weeksSpanned(Date.UTC(2001, 0, 1), Date.UTC(2001, 0, 7))).toBe(1);
    expect(weeksSpanned(Date.UTC(2001, 0, 1), Date.UTC(2001, 0, 8))).toBe(2);
  });
});

describe('calendar heatmap transformProps', () => {
  it('day cells in month blocks are a calendar over the time range, one cell per day', () => {
    expect(usesCalendar('month', 'day')).toBe(true);
    const opt = run();
    const [calendar] = opt.calendar as AnyRecord[];
    expect(calendar.range).toEqual(['2001-01-01', '2001-02-28']);
    expect(calendar.firstDay).toBe(1);
    const [series] = opt.series as AnyRecord[];
    expect(series).toMatchObject({ type: 'heatmap', coordinateSystem: 'calendar', calendarIndex: 0 });
    expect(series.data).toEqual([
      ['2001-01-01', 15000],
      ['2001-01-02', 16500],
      ['2001-02-28', 17000],
    ]);
  });

  it('the metric names the block; the legend steps through the scheme', () => {
    const opt = run({ ...fd, steps: 5 });
    expect((opt.title as AnyRecord[])[0].text).toBe('count');
    expect((opt.visualMap as AnyRecord[])[0]).toMatchObject({
      type: 'piecewise',
      splitNumber: 5,
      min: 15000,
      max: 17000,
      seriesIndex: [0],
    });
  });

  it('hours in days are a grid of days (x) by hours (y)', () => {
    const hourly = counts([
      { __timestamp: Date.UTC(2001, 0, 1, 8), count: 500 },
      { __timestamp: Date.UTC(2001, 0, 2, 17), count: 700 },
    ]);
    const opt = run({ ...fd, domain_granularity: 'day', subdomain_granularity: 'hour' }, hourly);
    expect(opt.calendar).toBeUndefined();
    // the colour reads the value, not the time kept for the tooltip
    expect((opt.visualMap as AnyRecord[])[0].dimension).toBe(2);
    expect(((opt.xAxis as AnyRecord[])[0].data as string[]).length).toBe(2);
    expect(((opt.yAxis as AnyRecord[])[0].data as string[])[17]).toBe('17:00');
    expect((opt.series as AnyRecord[])[0].data).toEqual([
      [0, 8, 500, Date.UTC(2001, 0, 1, 8)],
      [1, 17, 700, Date.UTC(2001, 0, 2, 17)],
    ]);
  });

  it('the tooltip gives the day and the formatted value', () => {
    const { formatter } = run({ ...fd, y_axis_format: ',d', x_axis_time_format: '%Y-%m-%d' }).tooltip as {
      formatter: (p: unknown) => string;
    };
    expect(formatter({ seriesIndex: 0, value: ['2001-01-02', 16500] })).toContain('2001-01-02</div>count: 16,500');
  });
});
