import { describe, expect, it } from 'vitest';
import {
  buildTsv,
  cellClipboardText,
  compareCells,
  formatCell,
  initialColumnWidth,
  renderedText,
  sortedIndexes,
  tsvField,
  tsvRow,
  type CellValue,
  type ResultGridColumn,
} from './gridModel';

const col = (name: string, type = 'VARCHAR', type_generic = 1): ResultGridColumn => ({ name, type, type_generic, is_dttm: false });

describe('cell formatting', () => {
  it('shows NULL distinctly', () => {
    expect(formatCell(null)).toEqual({ text: 'NULL', kind: 'null' });
    expect(formatCell(undefined)).toEqual({ text: 'NULL', kind: 'null' });
  });

  it('prints numbers and big integers exactly', () => {
    expect(formatCell(42.5)).toEqual({ text: '42.5', kind: 'number' });
    expect(formatCell(9007199254740993n)).toEqual({ text: '9007199254740993', kind: 'number' });
    expect(formatCell(-0.000001)).toEqual({ text: '-0.000001', kind: 'number' });
  });

  it('prints booleans as true/false', () => {
    expect(formatCell(true).text).toBe('true');
    expect(formatCell(false)).toEqual({ text: 'false', kind: 'boolean' });
  });

  it('prints objects and arrays as compact JSON, big integers inside exact', () => {
    expect(formatCell({ a: 1, b: [true, null, 'x'] })).toEqual({ text: '{"a":1,"b":[true,null,"x"]}', kind: 'json' });
    expect(formatCell([12345678901234567890n]).text).toBe('[12345678901234567890]');
  });

  it('keeps text as text (markup is not interpreted) and bounds very long text in the DOM', () => {
    expect(formatCell('<b>x</b>')).toEqual({ text: '<b>x</b>', kind: 'text' });
    const long = 'x'.repeat(5000);
    expect(renderedText(long)).toHaveLength(1001);
    expect(renderedText('short')).toBe('short');
  });
});

describe('sorting: numbers numerically incl. bigint, strings and dates lexically, NULLs last', () => {
  const order = (values: CellValue[], dir: 'asc' | 'desc') =>
    Array.from(
      sortedIndexes(
        values.map((v) => ({ v })),
        'v',
        dir,
      ),
    ).map((i) => values[i]);

  it('compares numbers numerically, not as text', () => {
    expect(order([10, 9, 100, -1], 'asc')).toEqual([-1, 9, 10, 100]);
    expect(order([10, 9, 100, -1], 'desc')).toEqual([100, 10, 9, -1]);
  });

  it('compares bigint and number exactly with each other', () => {
    expect(order([9007199254740993n, 9007199254740992, 1n, 2.5], 'asc')).toEqual([1n, 2.5, 9007199254740992, 9007199254740993n]);
    expect(compareCells(9007199254740993n, 9007199254740992)).toBe(1);
  });

  it('keeps NULLs last in both directions', () => {
    expect(order([null, 2, null, 1], 'asc')).toEqual([1, 2, null, null]);
    expect(order([null, 2, null, 1], 'desc')).toEqual([2, 1, null, null]);
    expect(order(['b', null, 'a'], 'desc')).toEqual(['b', 'a', null]);
  });

  it('orders ISO dates and strings lexically', () => {
    expect(order(['2024-03-01', '2023-12-31T10:00:00', '2024-01-15'], 'asc')).toEqual(['2023-12-31T10:00:00', '2024-01-15', '2024-03-01']);
    expect(order(['b', 'B', 'a', 'ab'], 'asc')).toEqual(['B', 'a', 'ab', 'b']);
  });

  it('objects and arrays sort after primitives, by their JSON text; NaN sorts first', () => {
    expect(order([{ b: 1 }, 'x', [1], null, 2, { a: 2 }], 'asc')).toEqual([2, 'x', [1], { a: 2 }, { b: 1 }, null]);
    expect(order([{ b: 1 }, 'x', [1], null, 2, { a: 2 }], 'desc')).toEqual([{ b: 1 }, { a: 2 }, [1], 'x', 2, null]);
    expect(order([3, NaN, 1], 'asc')).toEqual([NaN, 1, 3]);
  });

  it('orders booleans false before true', () => {
    expect(order([true, false, null, true], 'asc')).toEqual([false, true, true, null]);
  });

  it('is stable: equal values keep the result order in both directions', () => {
    const rows = [
      { k: 1, id: 'a' },
      { k: 0, id: 'b' },
      { k: 1, id: 'c' },
      { k: 0, id: 'd' },
    ];
    expect(Array.from(sortedIndexes(rows, 'k', 'asc')).map((i) => rows[i].id)).toEqual(['b', 'd', 'a', 'c']);
    expect(Array.from(sortedIndexes(rows, 'k', 'desc')).map((i) => rows[i].id)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('sorts a permutation, leaving the rows untouched, and handles 100k rows quickly', () => {
    const data = Array.from({ length: 100_000 }, (_, i) => ({ n: (i * 7919) % 100_003, s: `name ${(i * 31) % 1000}` }));
    const first = data[0];
    const t0 = performance.now();
    const byNumber = sortedIndexes(data, 'n', 'asc');
    const byString = sortedIndexes(data, 's', 'desc');
    const ms = performance.now() - t0;
    expect(data[0]).toBe(first);
    let ordered = true;
    for (let i = 1; i < byNumber.length; i++) ordered &&= data[byNumber[i - 1]].n <= data[byNumber[i]].n;
    expect(ordered).toBe(true);
    expect(data[byString[0]].s).toBe('name 999');
    expect(ms).toBeLessThan(1000);
  });
});

describe('TSV for the clipboard', () => {
  const columns = [col('id', 'INTEGER', 0), col('name'), col('note')];

  it('copies a row tab-separated, NULL as empty', () => {
    expect(tsvRow(columns, { id: 1, name: 'Ann', note: null })).toBe('1\tAnn\t');
  });

  it('copies all with a header line, in the displayed order', () => {
    const data = [
      { id: 1, name: 'b', note: 'x' },
      { id: 2, name: 'a', note: 'y' },
    ];
    expect(buildTsv(columns, data)).toBe('id\tname\tnote\n1\tb\tx\n2\ta\ty');
    expect(buildTsv(columns, data, [1, 0])).toBe('id\tname\tnote\n2\ta\ty\n1\tb\tx');
  });

  it('quotes fields holding tabs, newlines or quotes', () => {
    expect(tsvField('a\tb')).toBe('"a\tb"');
    expect(tsvField('line1\nline2')).toBe('"line1\nline2"');
    expect(tsvField('say "hi"')).toBe('"say ""hi"""');
    expect(tsvField('plain')).toBe('plain');
  });

  it('copies big integers exactly and JSON compactly', () => {
    expect(cellClipboardText(9007199254740993n)).toBe('9007199254740993');
    expect(cellClipboardText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(cellClipboardText(null)).toBe('');
  });
});

describe('initial column width', () => {
  it('fits the header and the first rows, within bounds', () => {
    expect(initialColumnWidth(col('id', 'INTEGER', 0), [{ id: 1 }])).toBe(72);
    const wide = initialColumnWidth(col('description'), [{ description: 'x'.repeat(500) }]);
    expect(wide).toBeLessThanOrEqual(380);
    expect(wide).toBeGreaterThan(200);
  });
});
