/**
 * PostgreSQL result values: per-query type parsers (text protocol) that produce Cells directly,
 * so no second pass over the rows is needed, plus display names for type oids.
 */
import type { CustomTypesConfig } from 'pg';
import type { Cell } from '../types.js';
import { pgDriver } from './driver.js';
import { finiteOrNull, fromDecimalText, fromIntegerText, hexFromBytes, isoFromSqlTimestamp, jsonText, toCell } from '../rows.js';

const identity = (v: string): Cell => v;
const float = (v: string): Cell => finiteOrNull(Number(v));
const bytea = (v: string): Cell => (v.startsWith('\\x') ? hexFromBytes(Buffer.from(v.slice(2), 'hex')) : v);

/** Element parsers for arrays whose default parsing would lose precision or shift dates. */
const ARRAY_ELEMENT: Record<number, (v: string) => Cell> = {
  1016: fromIntegerText, // int8[]
  1231: fromDecimalText, // numeric[]
  1182: identity, // date[]
  1115: isoFromSqlTimestamp, // timestamp[]
  1185: isoFromSqlTimestamp, // timestamptz[]
  1183: identity, // time[]
  1270: identity, // timetz[]
  1187: identity, // interval[]
  199: identity, // json[]
  3807: identity, // jsonb[]
};

const SCALAR: Record<number, (v: string) => Cell> = {
  20: fromIntegerText, // int8
  1700: fromDecimalText, // numeric
  700: float,
  701: float,
  1082: identity, // date
  1083: identity, // time
  1266: identity, // timetz
  1114: isoFromSqlTimestamp,
  1184: isoFromSqlTimestamp,
  1186: identity, // interval
  114: identity, // json as text
  3802: identity, // jsonb as text
  17: bytea,
  790: identity, // money (locale formatted)
};

type ArrayParse = (source: string, transform: (v: string) => Cell) => unknown;

/**
 * pg-types 2 exposes `arrayParser.create(…).parse()` although its typings declare a plain function.
 * Found on first use: pg is loaded by then (a connect), not when this module is.
 */
let pgArrayParser: ArrayParse | undefined;
const parsePgArray: ArrayParse = (source, transform) => (pgArrayParser ??= findArrayParser())(source, transform);

function findArrayParser(): ArrayParse {
  const ap: unknown = pgDriver.get().pg.types.arrayParser;
  if (typeof ap === 'function') return ap as ArrayParse;
  if (typeof ap === 'object' && ap !== null && 'create' in ap && typeof ap.create === 'function') {
    const create = ap.create as (source: string, transform: (v: string) => Cell) => { parse(): unknown };
    return (source, transform) => create(source, transform).parse();
  }
  throw new Error('pg-types arrayParser is not available');
}

function arrayParser(element: (v: string) => Cell): (v: string) => Cell {
  return (v) => jsonText(parsePgArray(v, element));
}

/** Parsers for user queries; everything else falls back to pg's own, made JSON-safe. */
export const cellTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return pgDriver.get().pg.types.getTypeParser(oid, 'binary');
    const scalar = SCALAR[oid];
    if (scalar) return scalar;
    const element = ARRAY_ELEMENT[oid];
    if (element) return arrayParser(element);
    const base: (v: string) => unknown = pgDriver.get().pg.types.getTypeParser(oid, 'text');
    return (v: string): Cell => toCell(base(v));
  }) as CustomTypesConfig['getTypeParser'],
};

/** Display names for the common built-in types; others are looked up in pg_type once per pool. */
export const BUILTIN_TYPE_NAMES: Record<number, string> = {
  16: 'BOOLEAN',
  17: 'BYTEA',
  18: 'CHAR',
  19: 'NAME',
  20: 'BIGINT',
  21: 'SMALLINT',
  23: 'INTEGER',
  25: 'TEXT',
  26: 'OID',
  114: 'JSON',
  142: 'XML',
  700: 'REAL',
  701: 'DOUBLE PRECISION',
  790: 'MONEY',
  1042: 'CHAR',
  1043: 'VARCHAR',
  1082: 'DATE',
  1083: 'TIME',
  1114: 'TIMESTAMP',
  1184: 'TIMESTAMPTZ',
  1186: 'INTERVAL',
  1266: 'TIMETZ',
  1560: 'BIT',
  1562: 'VARBIT',
  1700: 'NUMERIC',
  2950: 'UUID',
  3802: 'JSONB',
  869: 'INET',
  650: 'CIDR',
  829: 'MACADDR',
  705: 'UNKNOWN',
  2278: 'VOID',
  1000: 'BOOLEAN[]',
  1005: 'SMALLINT[]',
  1007: 'INTEGER[]',
  1016: 'BIGINT[]',
  1009: 'TEXT[]',
  1015: 'VARCHAR[]',
  1021: 'REAL[]',
  1022: 'DOUBLE PRECISION[]',
  1231: 'NUMERIC[]',
  1182: 'DATE[]',
  1115: 'TIMESTAMP[]',
  1185: 'TIMESTAMPTZ[]',
  199: 'JSON[]',
  3807: 'JSONB[]',
  2951: 'UUID[]',
};
