import { describe, expect, it } from 'vitest';
import { REFRESH_INTERVALS } from '@rama/shared';
import { intervalLabel, isShortInterval, refreshIntervalOptions } from './refreshModel';

describe('refresh interval choices', () => {
  it('offers the BI server\'s intervals, from "Don\'t refresh" to 24 hours', () => {
    const options = refreshIntervalOptions(REFRESH_INTERVALS, 0);
    expect(options[0]).toEqual({ value: 0, label: "Don't refresh" });
    expect(options.map((o) => o.value)).toEqual(REFRESH_INTERVALS.map(([s]) => s));
  });

  it('keeps a stored interval that is not among them, in order', () => {
    const options = refreshIntervalOptions(REFRESH_INTERVALS, 120);
    expect(options.find((o) => o.value === 120)).toEqual({ value: 120, label: '2 minutes' });
    expect(options.map((o) => o.value)).toEqual([...options.map((o) => o.value)].sort((a, b) => a - b));
  });

  it('words seconds as the list does', () => {
    expect(intervalLabel(45)).toBe('45 seconds');
    expect(intervalLabel(60)).toBe('1 minute');
    expect(intervalLabel(7200)).toBe('2 hours');
    expect(intervalLabel(172800)).toBe('2 days');
    expect(intervalLabel(0)).toBe("Don't refresh");
  });

  it('warns when the charts would be queried once a second or more', () => {
    expect(isShortInterval(10, 12)).toBe(true);
    expect(isShortInterval(10, 5)).toBe(false);
    expect(isShortInterval(0, 50)).toBe(false);
  });
});
