/**
 * Query results as CSV (`result_format: csv`). Cells are written by csv-lines.ts, as SQL Lab's
 * and the reports' exports write them (one rule for quoting and formula-injection escaping across
 * the product); this module adds what chart data needs on top: records or arrays, temporal
 * columns as dates, nested values as JSON.
 */
import type { Cell } from '../../engines/types.js';
import { GenericType } from '../../engines/types.js';
import { csvLine } from './csv-lines.js';
import { formatTemporal, jsonText, rowCells, temporalMs } from './values.js';

export interface CsvOptions {
  /** generic type of each column (0 numeric, 1 string, 2 temporal, 3 boolean), as in `coltypes` */
  coltypes?: readonly number[];
  /**
   * Start with a UTF-8 byte order mark, which Excel needs to read accents right. Off by default:
   * the peer's chart data CSV has none, and scripts reading the header would see it.
   */
  bom?: boolean;
}

/** One value as a CSV cell; temporal columns turn epoch milliseconds into `2024-01-01 00:00:00`. */
export function csvValue(v: unknown, temporal: boolean): Cell {
  if (v === null || v === undefined) return null;
  if (temporal || v instanceof Date) {
    const ms = typeof v === 'string' ? null : temporalMs(v);
    if (ms !== null) return formatTemporal(ms);
  }
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'bigint':
      return v;
    case 'number':
      // NaN is how some engines spell a missing number; Infinity keeps its name
      return Number.isNaN(v) ? null : v;
    default:
      return jsonText(v);
  }
}

/**
 * The rows as CSV text: a header line of column names, then one line per row, comma separated,
 * CRLF line ends. Null is an empty cell.
 */
export function recordsToCsv(
  colnames: readonly string[],
  rows: readonly (Record<string, unknown> | readonly unknown[])[],
  opts: CsvOptions = {},
): string {
  const temporal = colnames.map((_, i) => opts.coltypes?.[i] === GenericType.TEMPORAL);
  const lines: string[] = new Array<string>(rows.length + 1);
  lines[0] = csvLine([...colnames]);
  for (let r = 0; r < rows.length; r++) {
    const cells = rowCells(colnames, rows[r]);
    const out: Cell[] = new Array<Cell>(colnames.length);
    for (let c = 0; c < colnames.length; c++) out[c] = csvValue(cells[c], temporal[c]);
    lines[r + 1] = csvLine(out);
  }
  return (opts.bom ? '\ufeff' : '') + lines.join('');
}
