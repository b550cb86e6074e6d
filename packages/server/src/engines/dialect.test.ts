import { describe, it, expect } from 'vitest';
import { boundKind, literalText, shortestText, TIME_GRAIN_KEYS, utcText } from './dialect.js';
import { duckdbSpec } from './duckdb/spec.js';
import { mariadbSpec, mysqlSpec } from './mysql/spec.js';
import { postgresSpec } from './postgres/spec.js';
import { sqliteSpec } from './sqlite/spec.js';

const SPECS = [duckdbSpec, postgresSpec, mysqlSpec, mariadbSpec, sqliteSpec];
const at = (iso: string): Date => new Date(`${iso}Z`);

describe('time grains', () => {
  it.each(SPECS.map((s) => [s.engine, s] as const))('%s offers every grain, in the picker order', (_name, spec) => {
    expect(spec.timeGrains()).toEqual([...TIME_GRAIN_KEYS]);
    for (const grain of TIME_GRAIN_KEYS) expect(spec.timeGrainExpression(grain, '"ts"')).toContain('"ts"');
  });

  it.each(SPECS.map((s) => [s.engine, s] as const))('%s has no expression for an unknown grain', (_name, spec) => {
    for (const grain of ['P2W', 'PT2H', '', 'constructor', 'toString', '__proto__'])
      expect(spec.timeGrainExpression(grain, 'ts')).toBeNull();
  });

  it('uses the quoted column as given (the compiler quotes it)', () => {
    expect(duckdbSpec.timeGrainExpression('P1D', '"Order ""Date"""')).toBe(`date_trunc('day', CAST("Order ""Date""" AS TIMESTAMP))`);
    expect(mysqlSpec.timeGrainExpression('P1D', '`when`')).toBe('CAST(DATE(`when`) AS DATETIME)');
    expect(sqliteSpec.timeGrainExpression('P1M', '"ts"')).toBe(`datetime("ts", 'start of month')`);
  });
});

describe('dttmLiteral: a bound read as UTC calendar time', () => {
  const bound = at('2024-01-31T13:47:29.123');
  const midnight = at('2024-01-31T00:00:00');

  it('DuckDB and PostgreSQL write typed timestamp literals with microseconds', () => {
    for (const spec of [duckdbSpec, postgresSpec]) {
      expect(spec.dttmLiteral(bound, 'TIMESTAMP')).toBe("TIMESTAMP '2024-01-31 13:47:29.123000'");
      expect(spec.dttmLiteral(midnight, null)).toBe("TIMESTAMP '2024-01-31 00:00:00.000000'");
      expect(spec.dttmLiteral(midnight, 'timestamp with time zone')).toBe("TIMESTAMP '2024-01-31 00:00:00.000000'");
    }
  });

  it('a DATE column at midnight gets a DATE literal; with a time of day, a timestamp', () => {
    expect(postgresSpec.dttmLiteral(midnight, 'DATE')).toBe("DATE '2024-01-31'");
    expect(duckdbSpec.dttmLiteral(bound, 'DATE')).toBe("TIMESTAMP '2024-01-31 13:47:29.123000'");
    expect(mysqlSpec.dttmLiteral(midnight, 'date')).toBe("STR_TO_DATE('2024-01-31', '%Y-%m-%d')");
  });

  it('MySQL and MariaDB write STR_TO_DATE with microseconds', () => {
    for (const spec of [mysqlSpec, mariadbSpec]) {
      expect(spec.dttmLiteral(bound, 'DATETIME(6)')).toBe("STR_TO_DATE('2024-01-31 13:47:29.123000', '%Y-%m-%d %H:%i:%s.%f')");
    }
  });

  it('text columns and SQLite compare as text, in the shortest form that keeps rows on the bound', () => {
    expect(sqliteSpec.dttmLiteral(midnight, 'DATETIME')).toBe("'2024-01-31'");
    expect(sqliteSpec.dttmLiteral(at('2024-01-31T13:47:29'), null)).toBe("'2024-01-31 13:47:29'");
    expect(sqliteSpec.dttmLiteral(bound, 'TEXT')).toBe("'2024-01-31 13:47:29.123'");
    expect(postgresSpec.dttmLiteral(midnight, 'character varying(20)')).toBe("'2024-01-31'");
    expect(mysqlSpec.dttmLiteral(bound, 'VARCHAR(32)')).toBe("'2024-01-31 13:47:29.123'");
  });

  it('years outside 1–9999 are clamped; an invalid date is refused', () => {
    expect(postgresSpec.dttmLiteral(new Date(Date.UTC(20000, 0, 1)), null)).toBe("TIMESTAMP '9999-12-31 23:59:59.999000'");
    expect(postgresSpec.dttmLiteral(new Date(-8.64e15), null)).toBe("TIMESTAMP '0001-01-01 00:00:00.000000'");
    expect(sqliteSpec.dttmLiteral(at('0099-03-04T00:00:00'), null)).toBe("'0099-03-04'");
    expect(() => duckdbSpec.dttmLiteral(new Date(NaN), null)).toThrow(RangeError);
  });

  it('classifies native types for bounds', () => {
    expect(boundKind(null)).toBe('timestamp');
    expect(boundKind('Date')).toBe('date');
    expect(boundKind('TIMESTAMP_NS')).toBe('timestamp');
    expect(boundKind('nvarchar(max)')).toBe('text');
    expect(boundKind('STRING')).toBe('text');
    expect(shortestText(utcText(at('2024-02-29T00:00:00.001')))).toBe('2024-02-29 00:00:00.001');
  });
});

describe('stringLiteral', () => {
  it('doubles quotes everywhere, and doubles backslashes only where they escape (MySQL/MariaDB)', () => {
    for (const spec of [duckdbSpec, postgresSpec, sqliteSpec]) {
      expect(spec.stringLiteral("O'Brien")).toBe("'O''Brien'");
      expect(spec.stringLiteral("'; DROP TABLE t; --")).toBe("'''; DROP TABLE t; --'");
    }
    for (const spec of [duckdbSpec, sqliteSpec]) expect(spec.stringLiteral('back\\slash')).toBe("'back\\slash'");
    for (const spec of [mysqlSpec, mariadbSpec]) {
      expect(spec.stringLiteral("O'Brien")).toBe("'O''Brien'");
      expect(spec.stringLiteral('back\\slash')).toBe("'back\\\\slash'");
      expect(spec.stringLiteral("\\'; DROP TABLE t; --")).toBe("'\\\\''; DROP TABLE t; --'");
    }
  });

  it('PostgreSQL writes text with a backslash as an E-string: it reads the same whatever standard_conforming_strings says', () => {
    expect(postgresSpec.stringLiteral('back\\slash')).toBe("E'back\\\\slash'");
    expect(postgresSpec.stringLiteral("\\' UNION SELECT 1 --")).toBe("E'\\\\'' UNION SELECT 1 --'");
    expect(postgresSpec.stringLiteral('plain')).toBe("'plain'");
  });

  it('drops NUL and replaces unpaired surrogates; keeps real astral characters', () => {
    expect(postgresSpec.stringLiteral('a\0b')).toBe("'ab'");
    expect(mysqlSpec.stringLiteral('\0\\\0')).toBe("'\\\\'");
    expect(literalText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(literalText('😀')).toBe('😀');
    expect(duckdbSpec.stringLiteral('é😀')).toBe("'é😀'");
  });
});
