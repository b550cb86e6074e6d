/** Identifier quoting, generic type classification and preview SQL shared by the engine specs. */
import { GenericType, type EngineSpec, type TableRef } from './types.js';

export function quoteDouble(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function quoteBacktick(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

/** A SQL string literal with standard escaping (`'` doubled); not for MySQL, which also honours `\`. */
export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * `SELECT a,\n       b\nFROM schema.table\nLIMIT n`, laid out as the preview SQL the web client shows
 * (the BI server's `select_star` with indentation).
 */
/** The spec's CTAS / CVAS statement: its own `createAs`, else standard SQL's `CREATE TABLE|VIEW target AS select`. */
export function createAsStatement(spec: Pick<EngineSpec, 'createAs'>, method: 'TABLE' | 'VIEW', target: string, select: string): string {
  return spec.createAs ? spec.createAs(method, target, select) : `CREATE ${method} ${target} AS\n${select}`;
}

/** The spec's null-safe equality of two SQL expressions: its own `nullSafeEquals`, else `=` or both NULL. */
export function nullSafeEqualsSql(spec: Pick<EngineSpec, 'nullSafeEquals'>, left: string, right: string): string {
  return spec.nullSafeEquals ? spec.nullSafeEquals(left, right) : `(${left} = ${right} OR (${left} IS NULL AND ${right} IS NULL))`;
}

export function buildSelectStar(
  quote: (name: string) => string,
  table: string,
  schema: string | null,
  columns: string[],
  limit: number,
): string {
  const from = schema ? `${quote(schema)}.${quote(table)}` : quote(table);
  const cols = columns.length ? columns.map(quote).join(',\n       ') : '*';
  return `SELECT ${cols}\nFROM ${from}\nLIMIT ${Math.max(0, Math.floor(limit))}`;
}

export interface GenericInfo {
  type_generic: GenericType;
  is_dttm: boolean;
}

const NUMERIC_INFO: GenericInfo = { type_generic: GenericType.NUMERIC, is_dttm: false };
const STRING_INFO: GenericInfo = { type_generic: GenericType.STRING, is_dttm: false };
const BOOLEAN_INFO: GenericInfo = { type_generic: GenericType.BOOLEAN, is_dttm: false };
const DTTM_INFO: GenericInfo = { type_generic: GenericType.TEMPORAL, is_dttm: true };
const TIME_INFO: GenericInfo = { type_generic: GenericType.TEMPORAL, is_dttm: false };

const NUMERIC_NAMES = new Set([
  'tinyint',
  'smallint',
  'mediumint',
  'int',
  'integer',
  'bigint',
  'hugeint',
  'uhugeint',
  'utinyint',
  'usmallint',
  'uinteger',
  'ubigint',
  'int1',
  'int2',
  'int3',
  'int4',
  'int8',
  'int16',
  'int32',
  'int64',
  'int128',
  'long',
  'short',
  'serial',
  'serial2',
  'serial4',
  'serial8',
  'smallserial',
  'bigserial',
  'decimal',
  'dec',
  'numeric',
  'number',
  'fixed',
  'float',
  'float4',
  'float8',
  'double',
  'double precision',
  'real',
  'money',
  'smallmoney',
  'varint',
  'bignum',
  'year',
  'oid',
  'newdecimal',
  'longlong',
  'int24',
  'tiny',
]);
const BOOLEAN_NAMES = new Set(['bool', 'boolean', 'logical']);
const DTTM_NAMES = new Set([
  'date',
  'datetime',
  'datetime2',
  'smalldatetime',
  'timestamp',
  'timestamptz',
  'timestamp_s',
  'timestamp_ms',
  'timestamp_ns',
  'timestamp with time zone',
  'timestamp without time zone',
  'datetimeoffset',
  'newdate',
]);
const TIME_NAMES = new Set(['time', 'timetz', 'time with time zone', 'time without time zone', 'time_ns']);

/** Lower-case, without length/precision modifiers, `unsigned`/`zerofill` or an array marker. */
export function normalizeTypeName(nativeType: string): string {
  return nativeType
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/\b(unsigned|zerofill)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Map a native type name to the generic type the API reports. Arrays, lists, structs, maps,
 * JSON and intervals are strings (their values are sent as text).
 */
export function classifyType(nativeType: string): GenericInfo {
  const raw = nativeType.trim();
  if (!raw) return STRING_INFO;
  if (/\[\s*\d*\s*\]$/.test(raw) || /^_/.test(raw) || /^(list|struct|map|union|array)\b/i.test(raw)) return STRING_INFO;
  const name = normalizeTypeName(raw);
  if (NUMERIC_NAMES.has(name)) return NUMERIC_INFO;
  if (BOOLEAN_NAMES.has(name)) return BOOLEAN_INFO;
  if (DTTM_NAMES.has(name)) return DTTM_INFO;
  if (TIME_NAMES.has(name)) return TIME_INFO;
  // `timestamp(3) with time zone` and friends, once modifiers are gone
  if (/^timestamp\b/.test(name)) return DTTM_INFO;
  if (/^time\b/.test(name)) return TIME_INFO;
  return STRING_INFO;
}

/** Code-point order, so every engine lists tables the same way whatever its collation. */
export function sortTableRefs(refs: TableRef[]): TableRef[] {
  return refs.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** Base type without modifiers, upper case: `VARCHAR(20)` → `VARCHAR`. */
export function shortTypeName(longType: string): string {
  return longType
    .replace(/\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}
