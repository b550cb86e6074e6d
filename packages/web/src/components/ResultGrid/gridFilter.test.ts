import { describe, expect, it } from 'vitest';
import { filterCountText, filteredOrder, filterRowIndexes, highlightParts, MAX_FILTER_LENGTH, normalizeFilter } from './gridFilter';
import type { CellValue, ResultGridColumn } from './gridModel';

const col = (name: string): ResultGridColumn => ({ name, type: 'VARCHAR', type_generic: 1, is_dttm: false });
const columns = [col('origin'), col('delay'), col('info')];
const data: Record<string, CellValue>[] = [
  { origin: 'SEA', delay: 12, info: null },
  { origin: 'LAX', delay: 120, info: { gate: 'B12' } },
  { origin: 'sfo', delay: null, info: [1, 2] },
  { origin: 'NULL', delay: 9007199254740993n, info: true },
];

describe('filterRowIndexes', () => {
  it('keeps every row without a filter', () => {
    expect(filterRowIndexes(columns, data, '')).toBeNull();
    expect(filterRowIndexes(columns, data, '   ')).toBeNull();
  });

  it('matches the text a cell shows, case-insensitively, in any column', () => {
    expect([...filterRowIndexes(columns, data, 'sea')!]).toEqual([0]);
    expect([...filterRowIndexes(columns, data, 'S')!]).toEqual([0, 2]);
    expect([...filterRowIndexes(columns, data, '12')!]).toEqual([0, 1]);
    // JSON cells by their compact text, big integers exactly, booleans as words
    expect([...filterRowIndexes(columns, data, '"gate":"b12"')!]).toEqual([1]);
    expect([...filterRowIndexes(columns, data, '740993')!]).toEqual([3]);
    expect([...filterRowIndexes(columns, data, 'true')!]).toEqual([3]);
  });

  it('never matches a NULL cell by its marker, only real text', () => {
    expect([...filterRowIndexes(columns, data, 'null')!]).toEqual([3]);
    expect([...filterRowIndexes(columns, data, 'zzz')!]).toEqual([]);
  });

  it('bounds the filter text', () => {
    expect(normalizeFilter(`  ${'A'.repeat(MAX_FILTER_LENGTH + 50)}  `)).toBe('a'.repeat(MAX_FILTER_LENGTH));
  });
});

describe('filteredOrder', () => {
  it('keeps the sort order and drops rows that do not match', () => {
    expect(filteredOrder(null, null, 4)).toBeNull();
    expect([...filteredOrder(null, Uint32Array.from([1, 3]), 4)!]).toEqual([1, 3]);
    expect([...filteredOrder(Uint32Array.from([3, 2, 1, 0]), Uint32Array.from([1, 3]), 4)!]).toEqual([3, 1]);
    expect([...filteredOrder(Uint32Array.from([3, 2, 1, 0]), null, 4)!]).toEqual([3, 2, 1, 0]);
  });
});

describe('highlightParts', () => {
  it('cuts out every match, keeping the original case', () => {
    expect(highlightParts('Seattle-SEA', 'sea')).toEqual([
      { text: 'Sea', match: true },
      { text: 'ttle-', match: false },
      { text: 'SEA', match: true },
    ]);
    expect(highlightParts('abcabc', 'bc')).toEqual([
      { text: 'a', match: false },
      { text: 'bc', match: true },
      { text: 'a', match: false },
      { text: 'bc', match: true },
    ]);
  });

  it('leaves text without a match or without a filter whole', () => {
    expect(highlightParts('LAX', 'sea')).toEqual([{ text: 'LAX', match: false }]);
    expect(highlightParts('LAX', '')).toEqual([{ text: 'LAX', match: false }]);
    expect(highlightParts('', 'x')).toEqual([{ text: '', match: false }]);
  });
});

describe('filterCountText', () => {
  it('counts the rows shown of all rows', () => {
    expect(filterCountText(2, 1500)).toBe('2 of 1,500 rows');
    expect(filterCountText(0, 1)).toBe('0 of 1 row');
  });
});
