/**
 * DuckDB values → Cells, decided once per column (not per cell) so 100k-row results convert in a
 * tight loop: numbers, strings and booleans pass through untouched.
 */
import {
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  JsonDuckDBValueConverter,
  type DuckDBDataChunk,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { Cell } from '../types.js';
import { dateFromEpochDays, finiteOrNull, fromBigInt, hexFromBytes, isoFromEpochMillis, jsonText } from '../rows.js';

/** null: the driver's value is already a Cell (number, string, boolean). */
export type CellConverter = ((value: DuckDBValue) => Cell) | null;

const text = (v: DuckDBValue): Cell => String(v);

const bigintCell = (v: DuckDBValue): Cell => (typeof v === 'bigint' ? fromBigInt(v) : typeof v === 'number' ? v : String(v));

const floatCell = (v: DuckDBValue): Cell => (typeof v === 'number' ? finiteOrNull(v) : String(v));

const dateCell = (v: DuckDBValue): Cell =>
  v instanceof DuckDBDateValue && v.isFinite ? (dateFromEpochDays(v.days) ?? v.toString()) : String(v);

const timestampCell = (v: DuckDBValue): Cell =>
  v instanceof DuckDBTimestampValue && v.isFinite
    ? (isoFromEpochMillis(Math.floor(Number(v.micros) / 1000), false) ?? v.toString())
    : String(v);

const timestampTzCell = (v: DuckDBValue): Cell =>
  v instanceof DuckDBTimestampTZValue && v.isFinite
    ? (isoFromEpochMillis(Math.floor(Number(v.micros) / 1000), true) ?? v.toString())
    : String(v);

const timestampSecondsCell = (v: DuckDBValue): Cell =>
  v instanceof DuckDBTimestampSecondsValue && v.isFinite
    ? (isoFromEpochMillis(Number(v.seconds) * 1000, false) ?? v.toString())
    : String(v);

const timestampMillisCell = (v: DuckDBValue): Cell =>
  v instanceof DuckDBTimestampMillisecondsValue && v.isFinite ? (isoFromEpochMillis(Number(v.millis), false) ?? v.toString()) : String(v);

const timestampNanosCell = (v: DuckDBValue): Cell =>
  v instanceof DuckDBTimestampNanosecondsValue && v.isFinite
    ? (isoFromEpochMillis(Math.floor(Number(v.nanos) / 1e6), false) ?? v.toString())
    : String(v);

const decimalCell = (v: DuckDBValue): Cell => {
  if (!(v instanceof DuckDBDecimalValue)) return String(v);
  return v.scale === 0 ? fromBigInt(v.value) : v.toDouble();
};

const blobCell = (v: DuckDBValue): Cell => (v instanceof DuckDBBlobValue ? hexFromBytes(v.bytes) : String(v));

function nestedCell(type: DuckDBType): (v: DuckDBValue) => Cell {
  return (v) => jsonText(JsonDuckDBValueConverter(v, type, JsonDuckDBValueConverter));
}

export function cellConverter(type: DuckDBType): CellConverter {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.VARCHAR:
    case DuckDBTypeId.ENUM:
    case DuckDBTypeId.SQLNULL:
      return null;
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return floatCell;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return bigintCell;
    case DuckDBTypeId.DECIMAL:
      return decimalCell;
    case DuckDBTypeId.DATE:
      return dateCell;
    case DuckDBTypeId.TIMESTAMP:
      return timestampCell;
    case DuckDBTypeId.TIMESTAMP_TZ:
      return timestampTzCell;
    case DuckDBTypeId.TIMESTAMP_S:
      return timestampSecondsCell;
    case DuckDBTypeId.TIMESTAMP_MS:
      return timestampMillisCell;
    case DuckDBTypeId.TIMESTAMP_NS:
      return timestampNanosCell;
    case DuckDBTypeId.BLOB:
      return blobCell;
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
    case DuckDBTypeId.STRUCT:
    case DuckDBTypeId.MAP:
    case DuckDBTypeId.UNION:
    case DuckDBTypeId.VARIANT:
      return nestedCell(type);
    default:
      // TIME, TIME_TZ, TIME_NS, INTERVAL, UUID, BIT, GEOMETRY: DuckDB's own text form
      return text;
  }
}

/**
 * Append a chunk's rows to `rows` (at most `room` of them), converting column by column.
 * Returns how many rows were appended.
 */
export function appendChunk(chunk: DuckDBDataChunk, converters: CellConverter[], rows: Cell[][], room: number, start = 0): number {
  const count = Math.max(0, Math.min(chunk.rowCount - start, room));
  const width = converters.length;
  const base = rows.length;
  for (let r = 0; r < count; r++) rows.push(new Array<Cell>(width));
  for (let c = 0; c < width; c++) {
    const vector = chunk.getColumnVector(c);
    const convert = converters[c];
    if (convert === null) {
      for (let r = 0; r < count; r++) rows[base + r][c] = vector.getItem(start + r) as Cell;
    } else {
      for (let r = 0; r < count; r++) {
        const v = vector.getItem(start + r);
        rows[base + r][c] = v === null ? null : convert(v);
      }
    }
  }
  return count;
}
