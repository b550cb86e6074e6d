/** The pure parts of the ClickHouse engine: literals, grains, type mapping, TSV reading, URIs, errors, the allow-list. */
import { describe, expect, it } from 'vitest';
import { TIME_GRAIN_KEYS } from '../dialect.js';
import { functionIsAllowed } from '../functions.js';
import { parseUri } from '../uri.js';
import { GenericType } from '../types.js';
import { engineSpecForUri } from '../registry.js';
import { clickhouseMessage, clickhouseSpec, httpUrl, returnsRows } from './spec.js';
import { baseType, cellReader, clickhouseGenericType, readTsvRow, unescapeTsv } from './values.js';
import { refusedTableFunction } from './table-functions.js';

describe('URIs', () => {
  it('accepts clickhousedb://, clickhouse:// and clickhouse+http:// and reaches the HTTP port', () => {
    for (const raw of ['clickhousedb://u:p@h:8123/db', 'clickhouse://u:p@h:8123/db', 'clickhouse+http://u:p@h:8123/db']) {
      const uri = parseUri(raw);
      expect(engineSpecForUri(uri).engine, raw).toBe('clickhouse');
      expect(uri).toMatchObject({ backend: 'clickhouse', username: 'u', password: 'p', host: 'h', port: 8123, database: 'db' });
    }
    expect(httpUrl(parseUri('clickhousedb://h/db'))).toBe('http://h:8123');
    expect(httpUrl(parseUri('clickhousedb://h:8443/db'))).toBe('https://h:8443');
    expect(httpUrl(parseUri('clickhousedb://h/db?secure=true'))).toBe('https://h:8443');
    expect(clickhouseSpec.connectionTarget(parseUri('clickhousedb://h'))).toEqual({
      kind: 'server',
      host: 'h',
      port: 8123,
      database: 'default',
    });
  });
});

describe('literals', () => {
  it('escapes quotes and backslashes with backslashes (ClickHouse always reads them as escapes)', () => {
    expect(clickhouseSpec.stringLiteral("O'Brien")).toBe("'O\\'Brien'");
    expect(clickhouseSpec.stringLiteral('a\\')).toBe("'a\\\\'");
    expect(clickhouseSpec.stringLiteral("\\' OR 1=1 --")).toBe("'\\\\\\' OR 1=1 --'");
    expect(clickhouseSpec.stringLiteral('nul\0here')).toBe("'nulhere'");
    expect(clickhouseSpec.backslashEscapes).toBe(true);
  });

  it('writes time bounds as toDateTime, toDate for Date columns (18.16 compares Date with DateTime as raw numbers)', () => {
    const midnight = new Date('2024-01-31T00:00:00Z');
    const later = new Date('2024-01-31T13:47:29.123Z');
    expect(clickhouseSpec.dttmLiteral(later, 'DateTime')).toBe("toDateTime('2024-01-31 13:47:29')");
    expect(clickhouseSpec.dttmLiteral(later, null)).toBe("toDateTime('2024-01-31 13:47:29')");
    expect(clickhouseSpec.dttmLiteral(midnight, 'Date')).toBe("toDate('2024-01-31')");
    expect(clickhouseSpec.dttmLiteral(midnight, 'Nullable(Date)')).toBe("toDate('2024-01-31')");
    expect(clickhouseSpec.dttmLiteral(later, 'DateTime64(3)')).toBe("toDateTime64('2024-01-31 13:47:29.123', 3)");
    expect(clickhouseSpec.dttmLiteral(later, 'String')).toBe("'2024-01-31 13:47:29.123'");
    expect(() => clickhouseSpec.dttmLiteral(new Date(NaN), 'DateTime')).toThrow(RangeError);
  });
});

describe('time grains', () => {
  it('offers every grain key, in the canonical order, with functions 18.16 has', () => {
    expect(clickhouseSpec.timeGrains()).toEqual([...TIME_GRAIN_KEYS]);
    for (const grain of clickhouseSpec.timeGrains()) {
      const sql = clickhouseSpec.timeGrainExpression(grain, '`ts`');
      expect(sql, grain).toContain('`ts`');
      expect(sql, grain).not.toMatch(/toStartOfInterval|toStartOfTenMinutes|date_trunc/);
    }
    expect(clickhouseSpec.timeGrainExpression('P1M', '`ts`')).toBe('toDateTime(toStartOfMonth(toDateTime(`ts`)))');
    expect(clickhouseSpec.timeGrainExpression('PT10M', '`ts`')).toBe(
      'toStartOfHour(toDateTime(`ts`)) + intDiv(toMinute(toDateTime(`ts`)), 10) * 600',
    );
    expect(clickhouseSpec.timeGrainExpression('PT2M', '`ts`')).toBeNull();
    expect(clickhouseSpec.timeGrainExpression('__proto__', '`ts`')).toBeNull();
  });
});

describe('types and values', () => {
  it('maps ClickHouse types to generic ones through Nullable and LowCardinality', () => {
    expect(clickhouseGenericType('UInt64').type_generic).toBe(GenericType.NUMERIC);
    expect(clickhouseGenericType('Nullable(Decimal(10, 2))').type_generic).toBe(GenericType.NUMERIC);
    expect(clickhouseGenericType('LowCardinality(Nullable(String))').type_generic).toBe(GenericType.STRING);
    expect(clickhouseGenericType("DateTime('Etc/UTC')")).toEqual({ type_generic: GenericType.TEMPORAL, is_dttm: true });
    expect(clickhouseGenericType('DateTime64(3)').is_dttm).toBe(true);
    expect(clickhouseGenericType('Date').is_dttm).toBe(true);
    expect(clickhouseGenericType('Bool').type_generic).toBe(GenericType.BOOLEAN);
    expect(clickhouseGenericType('Array(UInt8)').type_generic).toBe(GenericType.STRING);
    expect(baseType('SimpleAggregateFunction(sum, Nullable(UInt64))')).toBe('UInt64');
  });

  it('reads TSV fields: escapes, \\N as NULL, exact 64-bit integers, non-finite floats as null, timestamps as ISO text', () => {
    expect(unescapeTsv("a\\tb\\nc\\\\d\\'e")).toBe("a\tb\nc\\d'e");
    const readers = ['UInt64', 'Int64', 'Float64', 'Nullable(String)', 'DateTime', 'Date', 'Decimal(10, 2)', 'UInt8', 'Bool'].map(
      cellReader,
    );
    const row = readTsvRow('18446744073709551615\t-5\tnan\t\\N\t2024-01-31 13:47:29\t2024-01-31\t1.50\t7\ttrue', readers);
    expect(row).toEqual([18446744073709551615n, -5, null, null, '2024-01-31T13:47:29', '2024-01-31', 1.5, 7, true]);
    expect(readTsvRow('inf\t-inf', [cellReader('Float32'), cellReader('Float64')])).toEqual([null, null]);
  });
});

describe('statements', () => {
  it('tells statements answering with rows from commands by their first word', () => {
    for (const sql of [
      'SELECT 1',
      ' -- c\nselect 1',
      '/* x */ WITH a AS (SELECT 1) SELECT * FROM a',
      '(SELECT 1)',
      'SHOW TABLES',
      'DESCRIBE t',
      'EXISTS t',
    ])
      expect(returnsRows(sql), sql).toBe(true);
    for (const sql of [
      'INSERT INTO t VALUES (1)',
      'CREATE TABLE t (x UInt8) ENGINE = Memory',
      'DROP TABLE t',
      'ALTER TABLE t DELETE WHERE 1',
      '',
    ])
      expect(returnsRows(sql), sql).toBe(false);
  });

  it('limits with a LIMIT ClickHouse reads, and quotes names with backticks', () => {
    expect(clickhouseSpec.applyLimit('SELECT * FROM t', 10)).toMatch(/LIMIT 10$/);
    expect(clickhouseSpec.quoteIdentifier('a`b')).toBe('`a``b`');
    expect(clickhouseSpec.selectStar('t', 'db', ['x'], 5)).toBe('SELECT `x`\nFROM `db`.`t`\nLIMIT 5');
  });

  it('keeps only the message ClickHouse meant for the user, old and new formats', () => {
    expect(clickhouseMessage("Code: 60, e.displayText() = DB::Exception: Table default.x doesn't exist., e.what() = DB::Exception\n")).toBe(
      "Table default.x doesn't exist.",
    );
    expect(clickhouseMessage('Code: 60. DB::Exception: Table default.x does not exist. (UNKNOWN_TABLE) (version 24.3.1.1)')).toBe(
      'Table default.x does not exist. (UNKNOWN_TABLE)',
    );
  });
});

describe('the expression allow-list', () => {
  it('allows what analysts use and refuses what reads files, URLs, other servers, dictionaries, the session or sleeps', () => {
    const policy = clickhouseSpec.expressionFunctions;
    for (const name of [
      'count',
      'uniq',
      'uniqExact',
      'quantile',
      'sumIf',
      'toStartOfMonth',
      'formatDateTime',
      'lowerUTF8',
      'multiIf',
      'round',
    ])
      expect(functionIsAllowed(policy, name), name).toBe(true);
    for (const name of [
      'file',
      'url',
      'remote',
      'remoteSecure',
      'cluster',
      'mysql',
      's3',
      'jdbc',
      'odbc',
      'hdfs',
      'input',
      'numbers',
      'merge',
    ])
      expect(functionIsAllowed(policy, name), name).toBe(false);
    for (const name of ['dictGet', 'dictGetString', 'dictHas', 'joinGet', 'sleep', 'sleepEachRow', 'currentUser', 'hostName', 'getSetting'])
      expect(functionIsAllowed(policy, name), name).toBe(false);
    for (const name of ['repeat', 'space', 'leftPad', 'range', 'replicate', 'arrayJoin', 'randomString'])
      expect(functionIsAllowed(policy, name), name).toBe(false);
  });
});

describe('table functions on a read-only session', () => {
  it('refuses those that reach outside ClickHouse in every FROM, JOIN and TABLE place', () => {
    expect(refusedTableFunction("SELECT * FROM url('http://169.254.169.254/', TSV, 'x String')")).toBe('url');
    expect(refusedTableFunction("SELECT * FROM t, file('x.csv')")).toBe('file');
    expect(refusedTableFunction("SELECT a FROM t JOIN remote('h', db, t2) USING a")).toBe('remote');
    expect(refusedTableFunction("SELECT * FROM (SELECT * FROM s3('http://x/y'))")).toBe('s3');
    expect(refusedTableFunction("SELECT x IN (SELECT y FROM mysql('h:3306', 'db', 't', 'u', 'p')) FROM numbers(1)")).toBe('mysql');
    expect(refusedTableFunction("DESCRIBE TABLE url('http://x/', CSV)")).toBe('url');
    expect(refusedTableFunction("SELECT * FROM `URL`('http://x/', CSV, 'a String')")).toBe('URL');
  });

  it('allows the ones that only make rows or read this server, and ordinary functions after commas', () => {
    expect(refusedTableFunction('SELECT count() FROM numbers(10)')).toBeNull();
    expect(refusedTableFunction("SELECT a, lower(b), toStartOfMonth(ts) FROM t WHERE c IN ('x', 'y') GROUP BY a, lower(b)")).toBeNull();
    expect(refusedTableFunction("SELECT * FROM merge(currentDatabase(), '^events_')")).toBeNull();
    expect(refusedTableFunction("SELECT 'FROM url(' AS s")).toBeNull();
    expect(refusedTableFunction('SELECT * FROM t1, t2 WHERE t1.a = t2.a ORDER BY coalesce(t1.b, 0), abs(t2.c)')).toBeNull();
  });
});
