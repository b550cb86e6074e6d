import { describe, expect, it } from 'vitest';
import { parseFrequency, periodNameFormat, pivotPeriods, rollback, shiftToLatest } from './periods';

const D = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);

describe('time pivot periods', () => {
  it('rolls back to the start of the period like pandas offsets', () => {
    // Wednesday 2001-01-10
    expect(rollback(D(2001, 1, 10, 15), parseFrequency('W-MON'))).toBe(D(2001, 1, 8));
    expect(rollback(D(2001, 1, 8), parseFrequency('W-MON'))).toBe(D(2001, 1, 8));
    expect(rollback(D(2001, 1, 10), parseFrequency('W-SUN'))).toBe(D(2001, 1, 7));
    expect(rollback(D(2001, 1, 10), parseFrequency('W'))).toBe(D(2001, 1, 7));
    expect(rollback(D(2001, 1, 10), parseFrequency('52W-MON'))).toBe(D(2001, 1, 8));
    expect(rollback(D(2005, 7, 4), parseFrequency('AS'))).toBe(D(2005, 1, 1));
    expect(rollback(D(2005, 7, 4), parseFrequency('MS'))).toBe(D(2005, 7, 1));
    expect(rollback(D(2005, 7, 4), parseFrequency('M'))).toBe(D(2005, 6, 30));
    expect(rollback(D(2005, 7, 31), parseFrequency('M'))).toBe(D(2005, 7, 31));
    expect(rollback(D(2005, 7, 4), parseFrequency('A'))).toBe(D(2004, 12, 31));
    expect(rollback(D(2005, 7, 4, 13), parseFrequency('D'))).toBe(D(2005, 7, 4));
    expect(rollback(D(2005, 7, 4, 13) + 1234567, parseFrequency('H'))).toBe(D(2005, 7, 4, 13));
  });

  it('moves calendar periods by whole months so a date keeps its day across leap years', () => {
    const f = parseFrequency('AS');
    expect(shiftToLatest(D(2008, 3, 1), D(2008, 1, 1), D(2010, 1, 1), f)).toBe(D(2010, 3, 1));
    expect(shiftToLatest(D(2008, 2, 29), D(2008, 1, 1), D(2009, 1, 1), f)).toBe(D(2009, 2, 28));
    expect(shiftToLatest(D(2001, 1, 10), D(2001, 1, 8), D(2001, 1, 22), parseFrequency('W-MON'))).toBe(D(2001, 1, 24));
  });

  it('ranks periods from the latest, names them as the BI server does, and lays them on the latest line', () => {
    const points = [
      { t: D(2001, 1, 8), value: 1 },
      { t: D(2001, 1, 9), value: 2 },
      { t: D(2001, 1, 15), value: 3 },
      { t: D(2001, 1, 16), value: 4 },
      { t: D(2001, 1, 22), value: 5 },
    ];
    const periods = pivotPeriods(points, 'W-MON');
    expect(periods.map((p) => [p.key, p.rank, Math.round(p.perc * 1000) / 1000])).toEqual([
      ['current', 0, 1],
      ['-1', 1, 0.667],
      ['-2', 2, 0.333],
    ]);
    expect(periods[2].points).toEqual([
      [D(2001, 1, 22), 1, D(2001, 1, 8)],
      [D(2001, 1, 23), 2, D(2001, 1, 9)],
    ]);
  });

  it('drops periods without any value; nothing in, nothing out', () => {
    expect(
      pivotPeriods(
        [
          { t: D(2001, 1, 1), value: null },
          { t: D(2001, 1, 8), value: 3 },
        ],
        'W-MON',
      ).map((p) => p.key),
    ).toEqual(['current']);
    expect(pivotPeriods([], 'W-MON')).toEqual([]);
  });
});

describe('period names', () => {
  it('at the precision of the frequency', () => {
    expect(periodNameFormat('AS')).toBe('%Y');
    expect(periodNameFormat('MS')).toBe('%b %Y');
    expect(periodNameFormat('W-MON')).toBe('%Y-%m-%d');
    expect(periodNameFormat('H')).toBe('%Y-%m-%d %H:%M');
  });
});
