import { describe, expect, it } from 'vitest';
import {
  cellBar,
  cellText,
  columnWidths,
  moveColumn,
  rowCountText,
  searchIndexes,
  searchTexts,
  sortIndexes,
  tableTextWidth,
  valueRange,
} from './tableModel';
import type { TableColumn } from './types';

const col = (over: Partial<TableColumn> & { key: string }): TableColumn => ({
  label: over.key,
  kind: 'string',
  isMetric: false,
  isPercentMetric: false,
  align: 'left',
  width: null,
  format: (v) => String(v),
  bar: null,
  colorFormatters: [],
  ...over,
});

describe('table cells', () => {
  it('shows null as N/A and other values through the column format', () => {
    const c = col({ key: 'n', format: (v) => `#${String(v)}` });
    expect(cellText(c, null)).toBe('N/A');
    expect(cellText(c, undefined)).toBe('N/A');
    expect(cellText(c, 0)).toBe('#0');
  });

  it('bars of a column with negatives grow both ways from the zero line', () => {
    const spec = { range: [-50, 150] as [number, number], alignPositiveNegative: false, colorPositiveNegative: true };
    // zero sits at 25% (50 of the 200 span)
    expect(cellBar(150, spec)).toEqual({ left: 25, width: 75, color: expect.stringContaining('160'), strip: expect.any(String) });
    const neg = cellBar(-50, spec);
    expect(neg?.left).toBe(0);
    expect(neg?.width).toBe(25);
    expect(neg?.color).toContain('214');
  });

  it('aligned bars all start at the left edge, sized by |value|', () => {
    const range = valueRange([-80, 20, 40], true)!;
    expect(range).toEqual([0, 80]);
    const spec = { range, alignPositiveNegative: true, colorPositiveNegative: false };
    expect(cellBar(-80, spec)).toMatchObject({ left: 0, width: 100 });
    expect(cellBar(20, spec)).toMatchObject({ left: 0, width: 25 });
    // without colour by sign, both signs share the neutral colour
    expect(cellBar(-80, spec)?.color).toBe(cellBar(20, spec)?.color);
  });

  it('takes the value range from numbers only', () => {
    expect(valueRange([3, null, 'x', -2, 9], false)).toEqual([-2, 9]);
    expect(valueRange([null, 'x'], false)).toBeNull();
    expect(cellBar(null, { range: [0, 1], alignPositiveNegative: false, colorPositiveNegative: false })).toBeNull();
  });
});

describe('table sorting and search', () => {
  const data = [
    { name: 'b10', v: 3 },
    { name: 'a2', v: null },
    { name: 'B1', v: -1 },
    { name: null, v: 10 },
  ];
  const all = [0, 1, 2, 3];

  it('sorts numbers by value with empty values last either way', () => {
    const v = col({ key: 'v', kind: 'numeric' });
    expect(sortIndexes(data, all, v, 'asc')).toEqual([2, 0, 3, 1]);
    expect(sortIndexes(data, all, v, 'desc')).toEqual([3, 0, 2, 1]);
  });

  it('sorts text naturally and case-insensitively', () => {
    const name = col({ key: 'name' });
    expect(sortIndexes(data, all, name, 'asc')).toEqual([1, 2, 0, 3]);
    expect(sortIndexes(data, all, name, 'desc')).toEqual([0, 2, 1, 3]);
  });

  it('search matches raw or shown text, case-insensitively', () => {
    const cols = [col({ key: 'name' }), col({ key: 'v', kind: 'numeric', format: (x) => `${String(x)} units` })];
    const texts = searchTexts(data, cols);
    expect(searchIndexes(texts, 'b1')).toEqual([0, 2]);
    expect(searchIndexes(texts, 'UNITS')).toEqual([0, 2, 3]);
    expect(searchIndexes(texts, '  ')).toEqual(all);
    // null cells hold no text to find
    expect(searchIndexes(texts, 'null')).toEqual([]);
  });

  it('moves a dragged column to where it is dropped', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(moveColumn(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
  });

  it('counts rows for the footer', () => {
    expect(rowCountText(10000)).toBe('10,000 rows');
    expect(rowCountText(1)).toBe('1 row');
  });

  it('sizes columns to their text and stretches a narrow table to fill', () => {
    const cols = [col({ key: 'name' }), col({ key: 'v', width: 200 })];
    const narrow = columnWidths(cols, data, 0);
    expect(narrow[1]).toBe(200);
    expect(narrow[0]).toBeGreaterThanOrEqual(64);
    const wide = columnWidths(cols, data, 1000);
    expect(wide[1]).toBe(200);
    expect(wide[0] + wide[1]).toBeGreaterThan(990);
  });
});

describe('table column widths', () => {
  it('gives a column room for its whole header and its widest value, never cutting 9.3 to "9."', () => {
    const cols = [
      col({ key: 'COUNT_OF_FLIGHTS', label: 'COUNT_OF_FLIGHTS', align: 'right' }),
      col({ key: 'avg', label: 'avg', format: (v) => (v as number).toFixed(1) }),
    ];
    const rows = [
      { COUNT_OF_FLIGHTS: 1, avg: 9.3 },
      { COUNT_OF_FLIGHTS: 2, avg: 123456.7 },
    ];
    const [count, avg] = columnWidths(cols, rows, 0);
    expect(count).toBeGreaterThanOrEqual(tableTextWidth('COUNT_OF_FLIGHTS', true) + 30);
    expect(avg).toBeGreaterThanOrEqual(tableTextWidth('123456.7') + 20);
  });

  it('keeps wide tables at their content widths (they scroll sideways) and counts the bold totals row', () => {
    const cols = Array.from({ length: 8 }, (_, i) => col({ key: `metric_${i}`, format: (v) => String(v) }));
    const rows = [Object.fromEntries(cols.map((c) => [c.key, 'a rather long value']))];
    const widths = columnWidths(cols, rows, 400);
    expect(widths.reduce((a, b) => a + b, 0)).toBeGreaterThan(400);
    const withTotals = columnWidths([col({ key: 't' })], [{ t: 1 }], 0, 50, { t: 'a total much longer than the values' });
    expect(withTotals[0]).toBeGreaterThanOrEqual(tableTextWidth('a total much longer than the values', true) + 20);
  });

  it('draws a bar as a strip of its own opaque colour, the one a filled cell shows instead of a mix', () => {
    const bar = cellBar(5, { range: [0, 10], alignPositiveNegative: true, colorPositiveNegative: true });
    expect(bar?.color).toMatch(/rgba\(44,160,44,0\.25\)/);
    expect(bar?.strip).toBe('rgb(44,140,44)');
    expect(cellBar(-5, { range: [-10, 10], alignPositiveNegative: false, colorPositiveNegative: true })?.strip).toBe('rgb(190,30,35)');
  });
});
