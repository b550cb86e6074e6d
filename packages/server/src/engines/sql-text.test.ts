import { describe, it, expect } from 'vitest';
import { GenericType } from './types.js';
import { duckdbSpec } from './duckdb/spec.js';
import { mysqlSpec } from './mysql/spec.js';
import { postgresSpec } from './postgres/spec.js';
import { sqliteSpec } from './sqlite/spec.js';
import { createAsStatement, nullSafeEqualsSql } from './sql-text.js';
import {
  dateFromEpochDays,
  fromDecimalText,
  fromIntegerText,
  hexFromBytes,
  isoFromEpochMillis,
  isoFromSqlTimestamp,
  dedupeNames,
  jsonText,
} from './rows.js';

const { NUMERIC, STRING, TEMPORAL, BOOLEAN } = GenericType;

describe('genericType maps each engine’s native types', () => {
  const cases: Array<[string, Array<[string, GenericType, boolean]>]> = [
    [
      'postgresql',
      [
        ['INTEGER', NUMERIC, false],
        ['int8', NUMERIC, false],
        ['NUMERIC(10,2)', NUMERIC, false],
        ['DOUBLE PRECISION', NUMERIC, false],
        ['real', NUMERIC, false],
        ['money', NUMERIC, false],
        ['bigserial', NUMERIC, false],
        ['DATE', TEMPORAL, true],
        ['TIMESTAMP WITHOUT TIME ZONE', TEMPORAL, true],
        ['timestamp(3) with time zone', TEMPORAL, true],
        ['TIMESTAMPTZ', TEMPORAL, true],
        ['time without time zone', TEMPORAL, false],
        ['timetz', TEMPORAL, false],
        ['interval', STRING, false],
        ['BOOLEAN', BOOLEAN, false],
        ['bool', BOOLEAN, false],
        ['CHARACTER VARYING(20)', STRING, false],
        ['text', STRING, false],
        ['jsonb', STRING, false],
        ['uuid', STRING, false],
        ['INTEGER[]', STRING, false],
        ['_int4', STRING, false],
      ],
    ],
    [
      'mysql',
      [
        ['TINYINT(1)', NUMERIC, false],
        ['INT(11) UNSIGNED', NUMERIC, false],
        ['BIGINT', NUMERIC, false],
        ['MEDIUMINT', NUMERIC, false],
        ['DECIMAL(12,4)', NUMERIC, false],
        ['DOUBLE', NUMERIC, false],
        ['FLOAT', NUMERIC, false],
        ['YEAR', NUMERIC, false],
        ['DATETIME(6)', TEMPORAL, true],
        ['TIMESTAMP', TEMPORAL, true],
        ['DATE', TEMPORAL, true],
        ['TIME', TEMPORAL, false],
        ['VARCHAR(255)', STRING, false],
        ['LONGTEXT', STRING, false],
        ["ENUM('a','b')", STRING, false],
        ['JSON', STRING, false],
        ['BLOB', STRING, false],
      ],
    ],
    [
      'duckdb',
      [
        ['HUGEINT', NUMERIC, false],
        ['UBIGINT', NUMERIC, false],
        ['UTINYINT', NUMERIC, false],
        ['DECIMAL(38,0)', NUMERIC, false],
        ['TIMESTAMP WITH TIME ZONE', TEMPORAL, true],
        ['TIMESTAMP_NS', TEMPORAL, true],
        ['TIMESTAMP_MS', TEMPORAL, true],
        ['TIME', TEMPORAL, false],
        ['INTERVAL', STRING, false],
        ['BOOLEAN', BOOLEAN, false],
        ['VARCHAR', STRING, false],
        ['INTEGER[]', STRING, false],
        ['STRUCT("a" INTEGER)', STRING, false],
        ['MAP(VARCHAR, INTEGER)', STRING, false],
        ['UUID', STRING, false],
      ],
    ],
    [
      'sqlite',
      [
        ['INTEGER', NUMERIC, false],
        ['UNSIGNED BIG INT', NUMERIC, false],
        ['REAL', NUMERIC, false],
        ['NUMERIC', NUMERIC, false],
        ['DATETIME', TEMPORAL, true],
        ['DATE', TEMPORAL, true],
        ['BOOLEAN', BOOLEAN, false],
        ['TEXT', STRING, false],
        ['VARCHAR(10)', STRING, false],
        ['BLOB', STRING, false],
        ['', STRING, false],
      ],
    ],
  ];
  const specs = { postgresql: postgresSpec, mysql: mysqlSpec, duckdb: duckdbSpec, sqlite: sqliteSpec };
  for (const [engine, list] of cases) {
    it(`${engine}`, () => {
      const spec = specs[engine as keyof typeof specs];
      for (const [native, type, dttm] of list) {
        expect({ native, ...spec.genericType(native) }).toEqual({ native, type_generic: type, is_dttm: dttm });
      }
    });
  }
});

describe('identifier quoting and the SELECT * preview', () => {
  it('quotes with the engine’s quote character, doubling it inside', () => {
    expect(postgresSpec.quoteIdentifier('we"ird')).toBe('"we""ird"');
    expect(duckdbSpec.quoteIdentifier('a b')).toBe('"a b"');
    expect(sqliteSpec.quoteIdentifier('x')).toBe('"x"');
    expect(mysqlSpec.quoteIdentifier('we`ird')).toBe('`we``ird`');
  });

  it('lays out the preview one column per line', () => {
    expect(postgresSpec.selectStar('orders', 'public', ['id', 'Total'], 100)).toBe(
      'SELECT "id",\n       "Total"\nFROM "public"."orders"\nLIMIT 100',
    );
    expect(mysqlSpec.selectStar('orders', null, [], 5)).toBe('SELECT *\nFROM `orders`\nLIMIT 5');
  });

  it('names the dialects for the parser and the formatter', () => {
    expect([postgresSpec.syntax.parser, postgresSpec.formatterDialect]).toEqual(['PostgresQL', 'postgresql']);
    expect([mysqlSpec.syntax.parser, mysqlSpec.formatterDialect]).toEqual(['MySQL', 'mysql']);
    expect([duckdbSpec.syntax.parser, duckdbSpec.formatterDialect]).toEqual(['PostgresQL', 'duckdb']);
    expect([sqliteSpec.syntax.parser, sqliteSpec.formatterDialect]).toEqual(['Sqlite', 'sqlite']);
  });
});

describe('cell values are JSON-safe', () => {
  it('keeps integers exact: number within 2^53, bigint beyond', () => {
    expect(fromIntegerText('42')).toBe(42);
    expect(fromIntegerText('9007199254740993')).toBe(9007199254740993n);
    expect(fromDecimalText('12345678901234567890')).toBe(12345678901234567890n);
    expect(fromDecimalText('1.50')).toBe(1.5);
    expect(fromDecimalText('NaN')).toBeNull();
  });

  it('writes timestamps as ISO text, with Z or the offset for time zones', () => {
    expect(isoFromSqlTimestamp('2024-01-02 03:04:05')).toBe('2024-01-02T03:04:05');
    expect(isoFromSqlTimestamp('2024-01-02 03:04:05.678901')).toBe('2024-01-02T03:04:05.678');
    expect(isoFromSqlTimestamp('2024-01-02 03:04:05.5+00')).toBe('2024-01-02T03:04:05.500Z');
    expect(isoFromSqlTimestamp('2024-01-02 03:04:05+05:30')).toBe('2024-01-02T03:04:05+05:30');
    expect(isoFromSqlTimestamp('infinity')).toBe('infinity');
    expect(isoFromEpochMillis(Date.UTC(2024, 0, 2, 3, 4, 5), false)).toBe('2024-01-02T03:04:05');
    expect(isoFromEpochMillis(Date.UTC(2024, 0, 2, 3, 4, 5, 6), true)).toBe('2024-01-02T03:04:05.006Z');
  });

  it('formats dates and timestamps like Date#toISOString across centuries, before 1970 too', () => {
    for (let days = -719_162; days < 2_932_896; days += 997) {
      const ms = days * 86_400_000 + 45_296_789;
      expect(dateFromEpochDays(days)).toBe(new Date(days * 86_400_000).toISOString().slice(0, 10));
      expect(isoFromEpochMillis(ms, true)).toBe(new Date(ms).toISOString());
    }
    expect(isoFromEpochMillis(-1, false)).toBe('1969-12-31T23:59:59.999');
    expect(dateFromEpochDays(4_000_000)).toBeNull();
  });

  it('shows binary as bounded hex and nested values as JSON text', () => {
    expect(hexFromBytes(Uint8Array.from([0, 255, 16]))).toBe('0x00ff10');
    expect(hexFromBytes(new Uint8Array(2000))).toMatch(/^0x(00){1024}…$/);
    expect(jsonText({ a: [1, 2n, 2n ** 60n] })).toBe('{"a":[1,2,"1152921504606846976"]}');
  });

  it('makes duplicate column names unique', () => {
    expect(dedupeNames(['a', 'a', 'b', 'a'])).toEqual(['a', 'a__1', 'b', 'a__2']);
  });
});

describe('CTAS / CVAS statements', () => {
  it('are standard SQL unless the spec writes its own (a storage engine clause, say)', () => {
    expect(createAsStatement(postgresSpec, 'TABLE', '"s"."t"', 'SELECT 1')).toBe('CREATE TABLE "s"."t" AS\nSELECT 1');
    expect(createAsStatement(mysqlSpec, 'VIEW', '`v`', 'SELECT 1')).toBe('CREATE VIEW `v` AS\nSELECT 1');
    const own = { createAs: (m: 'TABLE' | 'VIEW', t: string, s: string) => `CREATE ${m} ${t} ENGINE = Memory AS ${s}` };
    expect(createAsStatement(own, 'TABLE', 't', 'SELECT 1')).toBe('CREATE TABLE t ENGINE = Memory AS SELECT 1');
  });
});

describe('null-safe equality (the series limit join)', () => {
  it('is `=` or both NULL unless the spec writes its own', () => {
    expect(nullSafeEqualsSql(postgresSpec, 'a', 'b')).toBe('(a = b OR (a IS NULL AND b IS NULL))');
    const own = { nullSafeEquals: (l: string, r: string) => `isNull(${l}) = isNull(${r}) AND assumeNotNull(${l}) = assumeNotNull(${r})` };
    expect(nullSafeEqualsSql(own, 'a', 'b')).toBe('isNull(a) = isNull(b) AND assumeNotNull(a) = assumeNotNull(b)');
  });
});
