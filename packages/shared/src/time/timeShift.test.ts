import { describe, expect, it } from 'vitest';
import { toNaiveIsoString } from './calendar.js';
import { TimeRangeError } from './errors.js';
import { parseTimeRange } from './timeRange.js';
import { applyTimeShift, parseTimeShift, shiftDate, TIME_SHIFT_OPTIONS } from './timeShift.js';

const d = (iso: string) => new Date(`${iso}Z`);
const iso = (date: Date | null) => (date ? toNaiveIsoString(date) : '');

describe('time shifts (§9 "Time shifts: 1 day, 1 week, 28 days, 30 days, 52 weeks, 1 year, 104 weeks, 2 years, 156 weeks, 3 years")', () => {
  it('offers the ten shifts of the spec, in its order', () => {
    expect(TIME_SHIFT_OPTIONS).toEqual([
      '1 day ago',
      '1 week ago',
      '28 days ago',
      '30 days ago',
      '52 weeks ago',
      '1 year ago',
      '104 weeks ago',
      '2 years ago',
      '156 weeks ago',
      '3 years ago',
    ]);
  });

  it.each([
    ['1 day ago', '2024-05-21T10:30:00'],
    ['1 week ago', '2024-05-15T10:30:00'],
    ['28 days ago', '2024-04-24T10:30:00'],
    ['30 days ago', '2024-04-22T10:30:00'],
    ['52 weeks ago', '2023-05-24T10:30:00'],
    ['1 year ago', '2023-05-22T10:30:00'],
    ['104 weeks ago', '2022-05-25T10:30:00'],
    ['2 years ago', '2022-05-22T10:30:00'],
    ['156 weeks ago', '2021-05-26T10:30:00'],
    ['3 years ago', '2021-05-22T10:30:00'],
  ])('%s keeps the time of day', (offset, expected) => {
    expect(iso(shiftDate(d('2024-05-22T10:30:00'), offset))).toBe(expected);
  });

  it('every option is a shift into the past', () => {
    const base = d('2024-05-22T00:00:00');
    for (const offset of TIME_SHIFT_OPTIONS) expect(shiftDate(base, offset).getTime()).toBeLessThan(base.getTime());
  });

  it('N unit(s) later, after and from now go into the future', () => {
    expect(iso(shiftDate(d('2024-05-22T10:30:00'), '2 hours later'))).toBe('2024-05-22T12:30:00');
    expect(iso(shiftDate(d('2024-05-22T10:30:00'), '1 quarter after'))).toBe('2024-08-22T10:30:00');
    expect(iso(shiftDate(d('2024-05-22T10:30:00'), '45 seconds from now'))).toBe('2024-05-22T10:30:45');
    expect(iso(shiftDate(d('2024-05-22T10:30:00'), '3 minutes later'))).toBe('2024-05-22T10:33:00');
  });

  it('a shift without a direction goes into the past, as the peer reads time_shift', () => {
    expect(parseTimeShift('1 year')).toEqual({ amount: -1, unit: 'year' });
    expect(parseTimeShift('-1 year')).toEqual({ amount: -1, unit: 'year' });
    expect(parseTimeShift('one month ago')).toEqual({ amount: -1, unit: 'month' });
  });

  it('month and year shifts clamp to the end of a shorter month', () => {
    expect(iso(shiftDate(d('2020-02-29T00:00:00'), '1 year ago'))).toBe('2019-02-28T00:00:00');
    expect(iso(shiftDate(d('2024-03-31T08:00:00'), '1 month ago'))).toBe('2024-02-29T08:00:00');
  });

  it('a shift beyond the dates that can be represented throws', () => {
    expect(() => shiftDate(d('2024-05-22T00:00:00'), '999999999 years ago')).toThrow('is outside the dates that can be represented');
  });

  it('an unreadable shift throws a TimeRangeError naming it', () => {
    expect(() => shiftDate(d('2024-05-22T00:00:00'), '3 fortnights ago')).toThrow(TimeRangeError);
    expect(() => shiftDate(d('2024-05-22T00:00:00'), 'last year')).toThrow(
      'Error parsing time shift: "last year" — write "N unit(s) ago" or "N unit(s) later" (units second to year)',
    );
  });
});

describe('shifting a range (time_range shift)', () => {
  const now = new Date('2024-05-22T10:11:12Z');
  const bounds = parseTimeRange('2000-01-01T00:00:00 : 2018-01-01T00:00:00', { now });

  it('moves both bounds; an open side stays open', () => {
    const shifted = applyTimeShift(bounds, '1 year ago');
    expect([iso(shifted.since), iso(shifted.until)]).toEqual(['1999-01-01T00:00:00', '2017-01-01T00:00:00']);
    const week = applyTimeShift(bounds, '1 week');
    expect([iso(week.since), iso(week.until)]).toEqual(['1999-12-25T00:00:00', '2017-12-25T00:00:00']);
    const open = applyTimeShift(parseTimeRange(' : 2018-01-01', { now }), '1 month ago');
    expect([iso(open.since), iso(open.until)]).toEqual(['', '2017-12-01T00:00:00']);
  });

  it('inherited moves the range back by its own length in days', () => {
    const shifted = applyTimeShift(bounds, 'inherited');
    expect([iso(shifted.since), iso(shifted.until)]).toEqual(['1981-12-31T00:00:00', '2000-01-01T00:00:00']);
  });

  it('a "<since> : <until>" shift replaces the range', () => {
    const shifted = applyTimeShift(bounds, '2010-01-01 : 2011-01-01', { now });
    expect([iso(shifted.since), iso(shifted.until)]).toEqual(['2010-01-01T00:00:00', '2011-01-01T00:00:00']);
  });
});
