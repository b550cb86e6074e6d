import { describe, expect, it } from 'vitest';
import type { Cell, ResultColumn } from '../../engines/types.js';
import { rowsToJsonLines, rowsToRecords } from './json.js';

const col = (name: string): ResultColumn => ({ name }) as ResultColumn;

describe('rowsToRecords', () => {
  it('equals JSON.parse of the JSON lines, cell by cell and key by key', () => {
    const columns = ['a', 'a', 'a__1', '__proto__', '2', 'b', 'c', 'd'].map(col);
    const rows: Cell[][] = [
      [1, 2, 3, 'x', true, null, -0, 12345678901234567891n],
      [Number.NaN, Infinity, 1e21, 'é\u2028"\\', false, 9007199254740993n, -1.5, 'z'],
      [null],
    ];
    const parsed = JSON.parse(`[${rowsToJsonLines(columns, rows).join(',')}]`) as unknown[];
    const direct = rowsToRecords(columns, rows);
    expect(JSON.stringify(direct)).toBe(JSON.stringify(parsed));
    expect(direct).toEqual(parsed);
    expect(direct.map((r) => Object.keys(r))).toEqual(parsed.map((r) => Object.keys(r as object)));
  });
});
