import { describe, expect, it } from 'vitest';
import { NUMBER_FORMAT, NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from './options.js';
import {
  formatDuration,
  formatNumber,
  formatTime,
  getNumberFormatter,
  getTimeFormatter,
  getTimeFormatterForGranularity,
  smartDate,
} from './index.js';

const utc = (iso: string) => Date.parse(iso);

describe('Y-axis format: adaptive (SMART_NUMBER)', () => {
  const f = getNumberFormatter(NUMBER_FORMAT.SMART_NUMBER);
  it.each([
    [0, '0'],
    [12, '12'],
    [12.345, '12.35'],
    [1234, '1.23k'],
    [1234567, '1.23M'],
    [0.00123, '0.0012'],
    [-5e9, '-5B'],
    [0.0000123, '12.3µ'],
  ])('%s → %s', (value, text) => expect(f(value)).toBe(text));

  it('is the default for an empty or missing format', () => {
    expect(formatNumber(undefined, 1234567)).toBe('1.23M');
    expect(formatNumber('', 1234)).toBe('1.23k');
  });

  it('signed adds + to positive values only', () => {
    const s = getNumberFormatter(NUMBER_FORMAT.SMART_NUMBER_SIGNED);
    expect(s(1234)).toBe('+1.23k');
    expect(s(-1234)).toBe('-1.23k');
    expect(s(0)).toBe('0');
  });
});

describe('Y-axis format: duration and memory formats keep the promise of their option labels', () => {
  it('Duration in ms (66000 => 1m 6s)', () => expect(formatNumber(NUMBER_FORMAT.DURATION, 66000)).toBe('1m 6s'));
  it('Duration in ms (1.40008 => 1ms 400µs 80ns)', () => expect(formatNumber(NUMBER_FORMAT.DURATION_SUB, 1.40008)).toBe('1ms 400µs 80ns'));
  it('Duration in ms (10500 => 0:10.5)', () => expect(formatNumber(NUMBER_FORMAT.DURATION_COL, 10500)).toBe('0:10.5'));
  it('Memory in bytes - decimal (1024B => 1.024kB)', () => expect(formatNumber(NUMBER_FORMAT.MEMORY_DECIMAL, 1024)).toBe('1.024kB'));
  it('Memory in bytes - binary (1024B => 1KiB)', () => expect(formatNumber(NUMBER_FORMAT.MEMORY_BINARY, 1024)).toBe('1KiB'));
  it('transfer rates end in /s', () => {
    expect(formatNumber(NUMBER_FORMAT.MEMORY_TRANSFER_RATE_DECIMAL, 1024)).toBe('1.024kB/s');
    expect(formatNumber(NUMBER_FORMAT.MEMORY_TRANSFER_RATE_BINARY, 1024)).toBe('1KiB/s');
  });
  it('memory climbs units and keeps small values in bytes', () => {
    expect(formatNumber(NUMBER_FORMAT.MEMORY_BINARY, 1536 * 1024 * 1024)).toBe('1.5GiB');
    expect(formatNumber(NUMBER_FORMAT.MEMORY_DECIMAL, 999)).toBe('999B');
  });
  it('durations: sub-second, hours and days, zero and negative', () => {
    expect(formatDuration(133)).toBe('133ms');
    expect(formatDuration(1337)).toBe('1.3s');
    expect(formatDuration(3_600_000 + 120_000)).toBe('1h 2m');
    expect(formatDuration(2 * 86_400_000 + 5000)).toBe('2d 5s');
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(-66000)).toBe('-1m 6s');
    expect(formatDuration(3_723_000, { colon: true })).toBe('1:02:03');
  });
});

describe('Y-axis format: d3 specifiers', () => {
  it.each(NUMBER_FORMAT_OPTIONS.filter(([, label]) => label.includes('12345.432 =>')))('%s matches its label', (format, label) => {
    const expected = label.split('=> ')[1].replace(')', '');
    expect(formatNumber(format, 12345.432)).toBe(expected);
  });

  it('an invalid specifier falls back to adaptive instead of crashing the chart', () => {
    expect(formatNumber('not a format %%', 1234)).toBe('1.23k');
    expect(formatNumber('.3x$$', 1234567)).toBe('1.23M');
  });

  it('missing values read N/A; formatters are cached per format', () => {
    expect(formatNumber(',d', null)).toBe('N/A');
    expect(formatNumber(',d', undefined)).toBe('N/A');
    expect(formatNumber(',d', Number.NaN)).toBe('N/A');
    expect(getNumberFormatter(',.2f')).toBe(getNumberFormatter(',.2f'));
  });
});

describe('Time format: adaptive (smart_date) names the unit the instant is aligned to', () => {
  it.each([
    ['2019-01-01T00:00:00Z', '2019'],
    ['2019-03-01T00:00:00Z', 'March'],
    ['2019-03-03T00:00:00Z', 'Mar 03'], // a Sunday: week start
    ['2019-03-05T00:00:00Z', 'Tue 05'],
    ['2019-03-05T12:00:00Z', '12 PM'],
    ['2019-03-05T12:30:00Z', '12:30'],
    ['2019-03-05T12:30:30Z', ':30'],
    ['2019-03-05T12:30:30.123Z', '.123ms'],
  ])('%s → %s', (iso, text) => expect(formatTime('smart_date', utc(iso))).toBe(text));

  it('is the default, and accepts Dates and ISO strings (zoneless strings are UTC)', () => {
    expect(formatTime(null, new Date(utc('2019-03-01T00:00:00Z')))).toBe('March');
    expect(smartDate(new Date(utc('2020-01-01T00:00:00Z')))).toBe('2020');
    expect(formatTime('%Y-%m-%d %H:%M', '2019-01-14 01:32:10')).toBe('2019-01-14 01:32');
    expect(formatTime('%Y-%m-%d', '1547429530000')).toBe('2019-01-14');
  });

  it('d3 specifiers format in UTC, as the option labels show', () => {
    const t = utc('2019-01-14T01:32:10Z');
    for (const [format, label] of TIME_FORMAT_OPTIONS.slice(1)) {
      expect(getTimeFormatter(format)(t)).toBe(label.split(' | ')[1]);
    }
  });

  it('missing values read N/A; text that is not a time is shown as it is', () => {
    expect(formatTime('%Y', null)).toBe('N/A');
    expect(formatTime('%Y', 'soon')).toBe('soon');
  });

  it('a default format per time grain', () => {
    const t = utc('2019-01-14T01:32:10Z');
    expect(getTimeFormatterForGranularity('P1D')(t)).toBe('2019-01-14');
    expect(getTimeFormatterForGranularity('PT1H')(t)).toBe('2019-01-14 01:32');
    expect(getTimeFormatterForGranularity('P1M')(t)).toBe('2019-01');
    expect(getTimeFormatterForGranularity('P3M')(t)).toBe('2019 Q1');
    expect(getTimeFormatterForGranularity('P1Y')(t)).toBe('2019');
    expect(getTimeFormatterForGranularity(undefined)(utc('2019-03-01T00:00:00Z'))).toBe('March');
  });
});
