/** MySQL / MariaDB result columns: wire type codes → type names, and per-column value converters. */
import type { FieldPacket } from 'mysql2';
import type { Cell } from '../types.js';
import { finiteOrNull, fromDecimalText, fromIntegerText, hexFromBytes, isoFromSqlTimestamp, toCell } from '../rows.js';

const BINARY_CHARSET = 63;

const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  242: 'VECTOR',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};

const TEXT_FOR_BLOB: Record<number, string> = { 249: 'TINYTEXT', 250: 'MEDIUMTEXT', 251: 'LONGTEXT', 252: 'TEXT' };

function code(field: FieldPacket): number {
  return field.columnType ?? field.type ?? 253;
}

function charset(field: FieldPacket): number | undefined {
  return field.characterSet ?? field.charsetNr;
}

/** The SQL type name of a result column (`INT`, `VARCHAR`, `DATETIME`, `JSON` …). */
export function mysqlTypeName(field: FieldPacket): string {
  const c = code(field);
  if (field.extendedFormat === 'json') return 'JSON';
  if (field.extendedTypeName) return field.extendedTypeName.toUpperCase();
  const binary = charset(field) === BINARY_CHARSET;
  if (TEXT_FOR_BLOB[c] && !binary) return TEXT_FOR_BLOB[c];
  if (c === 253 && binary) return 'VARBINARY';
  if (c === 254 && binary) return 'BINARY';
  return TYPE_NAMES[c] ?? 'UNKNOWN';
}

export type MysqlConverter = ((value: unknown) => Cell) | null;

const integerText = (v: unknown): Cell => (typeof v === 'string' ? fromIntegerText(v) : toCell(v));
const decimalText = (v: unknown): Cell => (typeof v === 'string' ? fromDecimalText(v) : toCell(v));
const float = (v: unknown): Cell => (typeof v === 'number' ? finiteOrNull(v) : toCell(v));
const timestamp = (v: unknown): Cell => (typeof v === 'string' ? isoFromSqlTimestamp(v) : toCell(v));
const bytes = (v: unknown): Cell => (v instanceof Uint8Array ? hexFromBytes(v) : toCell(v));
/** BIT(n) arrives as big-endian bytes; it is a number to the user. */
const bit = (v: unknown): Cell => {
  if (!(v instanceof Uint8Array)) return toCell(v);
  let n = 0n;
  for (const b of v) n = (n << 8n) | BigInt(b);
  return toCell(n);
};

/**
 * The converter for a column under the pool's options (dateStrings, supportBigNumbers +
 * bigNumberStrings, jsonStrings); null when the driver's value is already a Cell.
 */
export function mysqlConverter(field: FieldPacket): MysqlConverter {
  const c = code(field);
  switch (c) {
    case 1:
    case 2:
    case 3:
    case 9:
    case 13:
      return null;
    case 8:
      return integerText;
    case 0:
    case 246:
      return decimalText;
    case 4:
    case 5:
      return float;
    case 7:
    case 12:
      return timestamp;
    case 16:
      return bit;
    case 255:
      return bytes;
    case 6:
    case 10:
    case 11:
    case 14:
    case 245:
      // NULL, dates, times and JSON text arrive as strings
      return null;
    default:
      // binary strings and blobs arrive as Buffers; text ones as strings
      return charset(field) === BINARY_CHARSET ? bytes : null;
  }
}

/** Convert rows in place, column by column, only for the columns that need it. */
export function convertRows(rows: unknown[][], converters: MysqlConverter[]): Cell[][] {
  for (let c = 0; c < converters.length; c++) {
    const convert = converters[c];
    if (convert === null) continue;
    for (let r = 0; r < rows.length; r++) {
      const v = rows[r][c];
      rows[r][c] = v === null || v === undefined ? null : convert(v);
    }
  }
  return rows as Cell[][];
}
