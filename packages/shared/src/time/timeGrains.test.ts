import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_GRAIN, isTimeGrain, TIME_GRAIN, TIME_GRAINS, timeGrainLabel, truncateToGrain, type TimeGrain } from './timeGrains.js';

const at = (iso: string) => Date.parse(`${iso}Z`);
const trunc = (iso: string, grain: TimeGrain) => new Date(truncateToGrain(at(iso), grain)).toISOString().replace('.000Z', '');

describe('time grain keys (api-shapes "Time grains are ISO-8601 keys")', () => {
  it('lists the fifteen plain grains and the four week variants with the peer labels', () => {
    expect(TIME_GRAINS.map((g) => g.duration)).toEqual([
      'PT1S',
      'PT5S',
      'PT30S',
      'PT1M',
      'PT5M',
      'PT10M',
      'PT15M',
      'PT30M',
      'PT1H',
      'PT6H',
      'P1D',
      'P1W',
      'P1M',
      'P3M',
      'P1Y',
      '1969-12-28T00:00:00Z/P1W',
      '1969-12-29T00:00:00Z/P1W',
      'P1W/1970-01-03T00:00:00Z',
      'P1W/1970-01-04T00:00:00Z',
    ]);
    expect(TIME_GRAINS.map((g) => g.name)).toEqual([
      'Second',
      '5 second',
      '30 second',
      'Minute',
      '5 minute',
      '10 minute',
      '15 minute',
      '30 minute',
      'Hour',
      '6 hour',
      'Day',
      'Week',
      'Month',
      'Quarter',
      'Year',
      'Week starting Sunday',
      'Week starting Monday',
      'Week ending Saturday',
      'Week ending Sunday',
    ]);
    expect(Object.values(TIME_GRAIN).sort()).toEqual(TIME_GRAINS.map((g) => g.duration).sort());
  });

  it('isTimeGrain accepts only those keys', () => {
    for (const g of TIME_GRAINS) expect(isTimeGrain(g.duration)).toBe(true);
    expect(isTimeGrain('PT2H')).toBe(false);
    expect(isTimeGrain('p1d')).toBe(false);
    expect(isTimeGrain(null)).toBe(false);
    expect(isTimeGrain(undefined)).toBe(false);
  });

  it('labels a grain; the default grain is P1D (§9 "Default time granularity P1D")', () => {
    expect(timeGrainLabel('P3M')).toBe('Quarter');
    expect(timeGrainLabel('P1W/1970-01-03T00:00:00Z')).toBe('Week ending Saturday');
    expect(DEFAULT_TIME_GRAIN).toBe('P1D');
  });
});

describe('truncateToGrain (UTC)', () => {
  // Wednesday 22 May 2024
  const t = '2024-05-22T10:37:43.210';

  it.each<[TimeGrain, string]>([
    ['PT1S', '2024-05-22T10:37:43'],
    ['PT5S', '2024-05-22T10:37:40'],
    ['PT30S', '2024-05-22T10:37:30'],
    ['PT1M', '2024-05-22T10:37:00'],
    ['PT5M', '2024-05-22T10:35:00'],
    ['PT10M', '2024-05-22T10:30:00'],
    ['PT15M', '2024-05-22T10:30:00'],
    ['PT30M', '2024-05-22T10:30:00'],
    ['PT1H', '2024-05-22T10:00:00'],
    ['PT6H', '2024-05-22T06:00:00'],
    ['P1D', '2024-05-22T00:00:00'],
    ['P1W', '2024-05-20T00:00:00'],
    ['P1M', '2024-05-01T00:00:00'],
    ['P3M', '2024-04-01T00:00:00'],
    ['P1Y', '2024-01-01T00:00:00'],
    ['1969-12-28T00:00:00Z/P1W', '2024-05-19T00:00:00'],
    ['1969-12-29T00:00:00Z/P1W', '2024-05-20T00:00:00'],
    ['P1W/1970-01-03T00:00:00Z', '2024-05-25T00:00:00'],
    ['P1W/1970-01-04T00:00:00Z', '2024-05-26T00:00:00'],
  ])('%s of a Wednesday mid-morning', (grain, expected) => {
    expect(trunc(t, grain)).toBe(expected);
  });

  it('P1W is the week starting Monday', () => {
    expect(trunc('2024-05-26T23:59:59', 'P1W')).toBe('2024-05-20T00:00:00');
    expect(trunc('2024-05-27T00:00:00', 'P1W')).toBe('2024-05-27T00:00:00');
  });

  it.each<[string, string, string, string, string]>([
    // day                  starting Sunday          starting Monday          ending Saturday          ending Sunday
    ['2024-05-19T12:00:00', '2024-05-19T00:00:00', '2024-05-13T00:00:00', '2024-05-25T00:00:00', '2024-05-19T00:00:00'], // Sunday
    ['2024-05-20T00:00:00', '2024-05-19T00:00:00', '2024-05-20T00:00:00', '2024-05-25T00:00:00', '2024-05-26T00:00:00'], // Monday
    ['2024-05-25T23:59:59', '2024-05-19T00:00:00', '2024-05-20T00:00:00', '2024-05-25T00:00:00', '2024-05-26T00:00:00'], // Saturday
    ['2024-05-26T08:00:00', '2024-05-26T00:00:00', '2024-05-20T00:00:00', '2024-06-01T00:00:00', '2024-05-26T00:00:00'], // Sunday
  ])('week variants of %s: start day for "starting", the end day at 00:00 for "ending"', (day, sun, mon, endSat, endSun) => {
    expect(trunc(day, '1969-12-28T00:00:00Z/P1W')).toBe(sun);
    expect(trunc(day, '1969-12-29T00:00:00Z/P1W')).toBe(mon);
    expect(trunc(day, 'P1W/1970-01-03T00:00:00Z')).toBe(endSat);
    expect(trunc(day, 'P1W/1970-01-04T00:00:00Z')).toBe(endSun);
  });

  it('P3M starts the calendar quarter', () => {
    expect(trunc('2024-02-29T23:00:00', 'P3M')).toBe('2024-01-01T00:00:00');
    expect(trunc('2024-06-30T23:59:59', 'P3M')).toBe('2024-04-01T00:00:00');
    expect(trunc('2024-07-01T00:00:00', 'P3M')).toBe('2024-07-01T00:00:00');
    expect(trunc('2024-12-31T23:59:59', 'P3M')).toBe('2024-10-01T00:00:00');
  });

  it('works before 1970', () => {
    expect(trunc('1969-12-31T23:59:59.500', 'PT1S')).toBe('1969-12-31T23:59:59');
    expect(trunc('1969-12-31T23:59:59', 'PT6H')).toBe('1969-12-31T18:00:00');
    expect(trunc('1969-12-31T23:59:59', 'P1D')).toBe('1969-12-31T00:00:00');
    expect(trunc('1969-12-31T23:59:59', 'P1W')).toBe('1969-12-29T00:00:00');
    expect(trunc('1969-12-31T23:59:59', '1969-12-28T00:00:00Z/P1W')).toBe('1969-12-28T00:00:00');
    expect(trunc('1969-12-31T23:59:59', 'P1W/1970-01-03T00:00:00Z')).toBe('1970-01-03T00:00:00');
  });

  it('a truncated time is its own bucket, and a "starting" bucket never lies after the time', () => {
    const ending = new Set<string>(['P1W/1970-01-03T00:00:00Z', 'P1W/1970-01-04T00:00:00Z']);
    for (let i = 0; i < 500; i++) {
      const ms = Date.UTC(1960, 0, 1) + Math.floor(((i * 7919) % 997) * 2_000_000_000 + i * 123_457);
      for (const { duration } of TIME_GRAINS) {
        const bucket = truncateToGrain(ms, duration);
        expect(truncateToGrain(bucket, duration)).toBe(bucket);
        if (!ending.has(duration)) expect(bucket).toBeLessThanOrEqual(ms);
        else expect(bucket - ms).toBeLessThan(7 * 86_400_000);
      }
    }
  });
});
