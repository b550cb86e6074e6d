import { describe, expect, it } from 'vitest';
import { parseTimeRange } from '@rama/shared';
import {
  boundsLabel,
  customAnchor,
  withAnchor,
  decodeAdvancedRange,
  decodeCustomRange,
  encodeAdvancedRange,
  encodeCustomRange,
  initialValueFor,
  LAST_RANGES,
  PREVIOUS_RANGES,
  rangeTypeOf,
} from './timeRangeModel';

const now = new Date(Date.UTC(2024, 4, 15, 10, 30)); // Wed 2024-05-15 10:30 UTC
const bounds = (v: string) => {
  const { since, until } = parseTimeRange(v, { now });
  return [since?.toISOString().slice(0, 19) ?? null, until?.toISOString().slice(0, 19) ?? null];
};

describe('time range picker tabs', () => {
  it('opens each kind of range on its tab', () => {
    expect(rangeTypeOf('No filter')).toBe('No filter');
    expect(rangeTypeOf('')).toBe('No filter');
    expect(rangeTypeOf('Last week')).toBe('Last');
    expect(rangeTypeOf('previous calendar month')).toBe('Previous');
    expect(rangeTypeOf('2024-01-01T00:00:00 : now')).toBe('Custom');
    expect(rangeTypeOf('DATEADD(DATETIME("now"), -7, day) : today')).toBe('Custom');
    expect(rangeTypeOf('DATETRUNC(DATETIME("today"), month) : today')).toBe('Advanced');
    expect(rangeTypeOf('Last 3 hours')).toBe('Advanced');
  });

  it('offers Last and Previous ranges the server reads', () => {
    for (const r of [...LAST_RANGES, ...PREVIOUS_RANGES]) expect(() => parseTimeRange(r, { now })).not.toThrow();
    expect(bounds('previous calendar month')).toEqual(['2024-04-01T00:00:00', '2024-05-01T00:00:00']);
  });

  it('writes Custom bounds as the grammar reads them: specific, relative to now, now and midnight', () => {
    const value = encodeCustomRange({ since: { mode: 'relative', amount: 7, unit: 'day', direction: 'before' }, until: { mode: 'today' } });
    expect(value).toBe('DATEADD(DATETIME("now"), -7, day) : today');
    expect(bounds(value)).toEqual(['2024-05-08T10:30:00', '2024-05-15T00:00:00']);
    const specific = encodeCustomRange({ since: { mode: 'specific', date: '2024-01-01T00:00:00' }, until: { mode: 'now' } });
    expect(bounds(specific)).toEqual(['2024-01-01T00:00:00', '2024-05-15T10:30:00']);
    const after = encodeCustomRange({ since: { mode: 'now' }, until: { mode: 'relative', amount: 2, unit: 'week', direction: 'after' } });
    expect(after).toBe('now : DATEADD(DATETIME("now"), 2, week)');
    expect(decodeCustomRange(after)).toEqual({
      since: { mode: 'now' },
      until: { mode: 'relative', amount: 2, unit: 'week', direction: 'after', anchor: 'now' },
    });
  });

  it("anchors a relative side to the other side's specific date-time, as the peer's Custom tab writes it", () => {
    const value = encodeCustomRange({
      since: { mode: 'relative', amount: 7, unit: 'day', direction: 'before' },
      until: { mode: 'specific', date: '2024-05-01T00:00:00' },
    });
    expect(value).toBe('DATEADD(DATETIME("2024-05-01T00:00:00"), -7, day) : 2024-05-01T00:00:00');
    expect(bounds(value)).toEqual(['2024-04-24T00:00:00', '2024-05-01T00:00:00']);
    expect(rangeTypeOf(value)).toBe('Custom');
    const after = encodeCustomRange({
      since: { mode: 'specific', date: '2024-03-31T12:00:00' },
      until: { mode: 'relative', amount: 1, unit: 'quarter', direction: 'after' },
    });
    expect(after).toBe('2024-03-31T12:00:00 : DATEADD(DATETIME("2024-03-31T12:00:00"), 1, quarter)');
    expect(bounds(after)).toEqual(['2024-03-31T12:00:00', '2024-06-30T12:00:00']);
  });

  it('two relative sides share one anchor: now, or a date-time chosen under "Anchor to"', () => {
    const range = decodeCustomRange('DATEADD(DATETIME("now"), -1, month) : DATEADD(DATETIME("now"), 1, month)');
    expect(range).not.toBeNull();
    const anchored = encodeCustomRange(withAnchor(range!, '2024-02-29T00:00:00'));
    expect(anchored).toBe('DATEADD(DATETIME("2024-02-29T00:00:00"), -1, month) : DATEADD(DATETIME("2024-02-29T00:00:00"), 1, month)');
    expect(bounds(anchored)).toEqual(['2024-01-29T00:00:00', '2024-03-29T00:00:00']);
    expect(customAnchor(decodeCustomRange(anchored)!)).toBe('2024-02-29T00:00:00');
  });

  it('offers the previous calendar quarter', () => {
    expect(PREVIOUS_RANGES).toContain('previous calendar quarter');
    expect(rangeTypeOf('previous calendar quarter')).toBe('Previous');
    expect(bounds('previous calendar quarter')).toEqual(['2024-01-01T00:00:00', '2024-04-01T00:00:00']);
  });

  it('splits an Advanced range into its start and end fields and joins them back', () => {
    expect(decodeAdvancedRange('2024-01-01 : now')).toEqual({ since: '2024-01-01', until: 'now' });
    expect(decodeAdvancedRange(' : now')).toEqual({ since: '', until: 'now' });
    expect(encodeAdvancedRange(' 30 days ago ', 'now')).toBe('30 days ago : now');
  });

  it('starts a tab from what still fits and otherwise from a value that parses', () => {
    expect(initialValueFor('Last', 'No filter')).toBe('Last week');
    expect(initialValueFor('No filter', 'Last week')).toBe('No filter');
    expect(initialValueFor('Advanced', '2024-01-01T00:00:00 : now')).toBe('2024-01-01T00:00:00 : now');
    const adv = initialValueFor('Advanced', 'Last week');
    expect(() => parseTimeRange(adv, { now })).not.toThrow();
    const custom = initialValueFor('Custom', 'Last week', new Date(2024, 4, 15, 10, 30));
    expect(custom).toBe('2024-05-15T00:00:00 : now');
  });

  it('shows the actual bounds as "since ≤ col < until", open sides as infinities', () => {
    expect(boundsLabel('2024-05-01T00:00:00', '2024-06-01T00:00:00', 'flight_date')).toBe('2024-05-01 ≤ flight_date < 2024-06-01');
    expect(boundsLabel('2024-05-08T10:30:00', '', 'col')).toBe('2024-05-08 10:30:00 ≤ col < ∞');
    expect(boundsLabel(null, null)).toBe('-∞ ≤ col < ∞');
  });
});
