/**
 * Query results as an Excel workbook (`result_format: xlsx`): one sheet, a bold frozen header row,
 * and cells typed by the column's generic type so the spreadsheet can sum, sort and chart them.
 * Written with exceljs' streaming writer: rows are serialized as they are added instead of being
 * kept as a cell model for the whole sheet.
 */
import { PassThrough } from 'node:stream';
import { excelJs } from './exceljs.js';
import { GenericType } from '../../engines/types.js';
import { formatTemporal, jsonText, rowCells, temporalMs } from './values.js';

export interface XlsxOptions {
  /** the sheet's name, e.g. the query's label; made valid for Excel (see `excelSheetName`) */
  sheetName?: string | null;
}

/** Excel refuses text longer than this in one cell. */
export const EXCEL_MAX_CELL_CHARS = 32767;
const MAX_SHEET_NAME = 31;
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/**
 * Serial dates before 1 March 1900 are off by one in Excel (it counts 29 February 1900) and it has
 * none before 1900 at all: such times are written as text rather than shown wrong.
 */
const FIRST_EXACT_EXCEL_DATE = Date.UTC(1900, 2, 1);
const WIDTH_SAMPLE_ROWS = 200;
const YIELD_EVERY_ROWS = 2000;

/**
 * A sheet name Excel accepts: at most 31 characters, none of `[ ] : * ? / \`, not starting or
 * ending with an apostrophe, not blank and not the reserved `History`; otherwise `Sheet1`.
 */
export function excelSheetName(label: string | null | undefined): string {
  const cleaned = (label ?? '')
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^['\s]+|['\s]+$/g, '');
  const cut = [...cleaned]
    .slice(0, MAX_SHEET_NAME)
    .join('')
    .replace(/['\s]+$/, '');
  return cut === '' || cut.toLowerCase() === 'history' ? 'Sheet1' : cut;
}

export type XlsxValue = string | number | boolean | Date | null;

/** Decimal text as drivers give DECIMAL / NUMERIC values: `-12.50`, `1e3`. */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/** A numeric cell: numbers (and numeric text some drivers give for decimals) as numbers. */
function numericValue(v: unknown): XlsxValue {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') {
    // beyond 2^53 a double would change the digits: keep them as text
    return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v.toString();
  }
  if (typeof v === 'string' && DECIMAL.test(v)) {
    const n = Number(v);
    // integer text past 2^53 stays text, as big integers do
    if (Number.isFinite(n) && (Number.isSafeInteger(n) || !/^[+-]?\d+$/.test(v.trim()))) return n;
  }
  return otherValue(v);
}

function temporalValue(v: unknown): XlsxValue {
  const ms = temporalMs(v);
  if (ms === null) return otherValue(v);
  return ms >= FIRST_EXACT_EXCEL_DATE ? new Date(ms) : formatTemporal(ms);
}

function booleanValue(v: unknown): XlsxValue {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  return otherValue(v);
}

/** Text and anything without a more specific cell type; exceljs writes strings as strings, never formulas. */
function otherValue(v: unknown): XlsxValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.length > EXCEL_MAX_CELL_CHARS ? v.slice(0, EXCEL_MAX_CELL_CHARS) : v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return numericValue(v);
  if (v instanceof Date) return temporalValue(v);
  return otherValue(jsonText(v));
}

const CONVERTERS: Record<number, (v: unknown) => XlsxValue> = {
  [GenericType.NUMERIC]: numericValue,
  [GenericType.STRING]: otherValue,
  [GenericType.TEMPORAL]: temporalValue,
  [GenericType.BOOLEAN]: booleanValue,
};

/** One cell's value for a column of generic type `coltype` (0 numeric, 1 string, 2 temporal, 3 boolean), as this writer types it. */
export function xlsxCell(coltype: number | undefined, v: unknown): XlsxValue {
  return (CONVERTERS[coltype ?? -1] ?? otherValue)(v);
}

/** Column width in characters: the header or the widest of the first rows, within bounds. */
function columnWidth(header: string, sample: readonly XlsxValue[]): number {
  let widest = header.length;
  for (const v of sample) {
    const len = v instanceof Date ? DATETIME_FORMAT.length : v === null ? 0 : String(v).length;
    if (len > widest) widest = len;
  }
  return Math.min(Math.max(widest + 2, 8), 60);
}

/**
 * The rows as an .xlsx workbook. `coltypes` gives each column's generic type (0 numeric, 1 string,
 * 2 temporal, 3 boolean): numeric cells are numbers, temporal cells are dates shown as
 * `yyyy-mm-dd hh:mm:ss` (UTC wall time), boolean cells are TRUE/FALSE.
 */
export async function recordsToXlsx(
  colnames: readonly string[],
  coltypes: readonly number[],
  rows: readonly (Record<string, unknown> | readonly unknown[])[],
  opts: XlsxOptions = {},
): Promise<Buffer> {
  const convert = colnames.map((_, i) => CONVERTERS[coltypes[i]] ?? otherValue);
  const toValues = (row: Record<string, unknown> | readonly unknown[]): XlsxValue[] => {
    const cells = rowCells(colnames, row);
    return convert.map((f, c) => f(cells[c]));
  };

  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // shared strings: chart results repeat their category values on many rows
  const excel = await excelJs();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(excelSheetName(opts.sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });

  const sample = rows.slice(0, WIDTH_SAMPLE_ROWS).map(toValues);
  sheet.columns = colnames.map((name, c) => ({
    width: columnWidth(
      name,
      sample.map((r) => r[c]),
    ),
    ...(coltypes[c] === GenericType.TEMPORAL && { style: { numFmt: DATETIME_FORMAT } }),
  }));

  const header = sheet.addRow([...colnames]);
  header.font = { bold: true };
  header.commit();
  for (let r = 0; r < rows.length; r++) {
    sheet.addRow(r < sample.length ? sample[r] : toValues(rows[r])).commit();
    // a large sheet takes seconds to write: let the server answer other requests meanwhile
    if (r % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
