/**
 * ClickHouse results as Rama reads them: `TabSeparatedWithNamesAndTypes` (every ClickHouse from
 * 18.16 on has it, streams line by line, names and types come first, in order, duplicates kept),
 * each field unescaped and turned into a Cell by its column's type. 64-bit and wider integers stay
 * exact (numbers when they fit in 2^53, bigint beyond); non-finite floats become null.
 */
import type { Cell } from '../types.js';
import { fromDecimalText, fromIntegerText, isoFromSqlTimestamp } from '../rows.js';
import { GenericType } from '../types.js';
import type { GenericInfo } from '../sql-text.js';

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', r: '\r', n: '\n', t: '\t', '0': '\0', "'": "'", '\\': '\\' };

/** One TSV field as text: ClickHouse's backslash escapes undone (`\N`, NULL, is told apart by the caller). */
export function unescapeTsv(field: string): string {
  if (!field.includes('\\')) return field;
  let out = '';
  for (let i = 0; i < field.length; i++) {
    const c = field[i];
    if (c === '\\' && i + 1 < field.length) {
      const next = field[++i];
      out += ESCAPES[next] ?? next;
    } else out += c;
  }
  return out;
}

/** The fields of one TSV line (a raw tab always separates: tabs inside values are escaped). */
export function splitTsvLine(line: string): string[] {
  return line.split('\t');
}

/**
 * A type name without the wrappers that do not change how values read: `Nullable(…)`,
 * `LowCardinality(…)`, `SimpleAggregateFunction(f, …)`.
 */
export function baseType(type: string): string {
  let t = type.trim();
  for (;;) {
    const m = /^(?:Nullable|LowCardinality)\((.*)\)$/s.exec(t);
    if (!m) break;
    t = m[1].trim();
  }
  const simple = /^SimpleAggregateFunction\([^,]+,\s*(.*)\)$/s.exec(t);
  return simple ? baseType(simple[1]) : t;
}

/** How a column's text becomes a Cell. */
export type CellReader = (text: string) => Cell;

const asText: CellReader = (s) => s;
const asNumber: CellReader = (s) => {
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};
const asInteger: CellReader = (s) => fromIntegerText(s);
const asDecimal: CellReader = (s) => fromDecimalText(s);
const asBool: CellReader = (s) => s === 'true' || s === '1';
const asTimestamp: CellReader = (s) => isoFromSqlTimestamp(s);

/** The reader for a column of this ClickHouse type (nested and other types keep their text). */
export function cellReader(type: string): CellReader {
  const t = baseType(type);
  if (/^U?Int(8|16|32)$/.test(t)) return asNumber;
  if (/^U?Int(64|128|256)$/.test(t)) return asInteger;
  if (/^Float(32|64)$/.test(t)) return asNumber;
  if (/^Decimal/.test(t)) return asDecimal;
  if (t === 'Bool' || t === 'Boolean') return asBool;
  if (/^DateTime(64)?\b/.test(t)) return asTimestamp;
  return asText;
}

/** One TSV line as Cells, by the columns' readers. */
export function readTsvRow(line: string, readers: readonly CellReader[]): Cell[] {
  const fields = splitTsvLine(line);
  const row = new Array<Cell>(readers.length);
  for (let i = 0; i < readers.length; i++) {
    const f = fields[i];
    row[i] = f === undefined || f === '\\N' ? null : readers[i](unescapeTsv(f));
  }
  return row;
}

const NUMERIC: GenericInfo = { type_generic: GenericType.NUMERIC, is_dttm: false };
const STRING: GenericInfo = { type_generic: GenericType.STRING, is_dttm: false };
const BOOLEAN: GenericInfo = { type_generic: GenericType.BOOLEAN, is_dttm: false };
const TEMPORAL: GenericInfo = { type_generic: GenericType.TEMPORAL, is_dttm: true };

/** ClickHouse type → generic type: integers, floats and decimals numeric, Date/DateTime temporal. */
export function clickhouseGenericType(type: string): GenericInfo {
  const t = baseType(type);
  if (/^U?Int(8|16|32|64|128|256)$/.test(t) || /^Float(32|64)$/.test(t) || /^Decimal/.test(t)) return NUMERIC;
  if (t === 'Bool' || t === 'Boolean') return BOOLEAN;
  if (/^(Date|Date32)$/.test(t) || /^DateTime(64)?\b/.test(t)) return TEMPORAL;
  return STRING;
}
