import { describe, it, expect } from 'vitest';
import { checkSqlExpression, MAX_EXPRESSION_LENGTH, SqlExpressionError, type ExpressionKind } from './expression.js';
import { duckdbSpec } from '../engines/duckdb/spec.js';
import { mariadbSpec, mysqlSpec } from '../engines/mysql/spec.js';
import { postgresSpec } from '../engines/postgres/spec.js';
import { sqliteSpec } from '../engines/sqlite/spec.js';
import type { EngineSpec } from '../engines/types.js';
import { PARSE_LIMIT_MS } from '../engines/parse-bounded.js';

const SPECS: Record<string, EngineSpec> = {
  duckdb: duckdbSpec,
  postgresql: postgresSpec,
  mysql: mysqlSpec,
  mariadb: mariadbSpec,
  sqlite: sqliteSpec,
};
const ALL = Object.keys(SPECS);
const PG_LIKE = ['duckdb', 'postgresql'];
const MYSQL_LIKE = ['mysql', 'mariadb'];

/** The refusal message, or null when the expression is accepted. */
function verdict(engine: string, expression: string, kind: ExpressionKind): string | null {
  try {
    checkSqlExpression(SPECS[engine], expression, kind);
    return null;
  } catch (e) {
    if (!(e instanceof SqlExpressionError)) throw e;
    return e.message;
  }
}

type Case = [expression: string, kind: ExpressionKind];

function accepts(engines: string[], cases: Case[]): void {
  for (const engine of engines) {
    it.each(cases)(`${engine} accepts %s (%s)`, (expression, kind) => {
      expect(verdict(engine, expression, kind)).toBeNull();
    });
  }
}

function refuses(engines: string[], cases: Array<[expression: string, kind: ExpressionKind, message: string]>): void {
  for (const engine of engines) {
    it.each(cases)(`${engine} refuses %s (%s)`, (expression, kind, message) => {
      expect(verdict(engine, expression, kind)).toContain(message);
    });
  }
}

describe('what analysts write is accepted', () => {
  accepts(ALL, [
    ['COUNT(*)', 'metric'],
    ['count(distinct user_id)', 'metric'],
    ['SUM(amount) / NULLIF(COUNT(*), 0)', 'metric'],
    ['ROUND(AVG(price), 2)', 'metric'],
    ["CASE WHEN status = 'done' THEN 1 ELSE 0 END", 'column'],
    ["SUM(CASE WHEN status IN ('a', 'b') THEN amount END)", 'metric'],
    ['CAST(amount AS DECIMAL(10, 2))', 'column'],
    ['COALESCE(region, country, 0)', 'column'],
    ['UPPER(name)', 'column'],
    ["name LIKE '%;%'", 'where'],
    ["note = 'a -- b /* c */'", 'where'],
    ["name = 'it''s'", 'where'],
    ["name = 'select * from t; drop table t'", 'where'],
    ['amount BETWEEN 1 AND 10 AND region IS NOT NULL', 'where'],
    ['NOT (a > 1 OR b < 2)', 'where'],
    ['SUM(amount) > 100', 'having'],
    ['COUNT(DISTINCT user_id) >= 2', 'having'],
    ['SUM(amount) OVER (PARTITION BY region ORDER BY day)', 'column'],
    ['ROW_NUMBER() OVER (ORDER BY amount DESC)', 'column'],
    ['a + -1', 'column'],
    ['COUNT(*) * 2', 'metric'],
    ['MAX(load) - MIN(copy)', 'metric'],
    ['COUNT(CASE WHEN (copy IS NOT NULL) THEN 1 END)', 'metric'],
    ['status > 0 AND level < 2', 'where'],
    // keywords before a parenthesis are not calls; type names with a length are not either
    ['NOT (a > 1) AND (b < 2) OR (c IN (1, 2))', 'where'],
    ['COUNT(DISTINCT (user_id))', 'metric'],
    ['a BETWEEN (1) AND (2)', 'where'],
    ['CASE a WHEN 1 THEN (2) ELSE (3) END', 'column'],
    ['SUM(CASE WHEN amount > 0 THEN 1 ELSE 0 END)', 'metric'],
    ['CAST(amount AS NUMERIC(12, 4))', 'column'],
    ['MAX(amount) - MIN(amount)', 'metric'],
    ['ROUND(ABS(amount), 1)', 'column'],
    ['LOWER(TRIM(name))', 'column'],
    ['RANK() OVER (PARTITION BY region ORDER BY amount DESC)', 'column'],
    ['LAG(amount, 1) OVER (ORDER BY day)', 'column'],
  ]);
  accepts(
    ['duckdb', 'postgresql', 'sqlite'],
    [
      ['"Order Date" IS NOT NULL', 'where'],
      ['SUM("unit price" * "quantity sold")', 'metric'],
      ["first_name || ' ' || last_name", 'column'],
    ],
  );
  accepts(MYSQL_LIKE, [
    ['`Order Date` IS NOT NULL', 'where'],
    ['SUM(`unit price` * `quantity sold`)', 'metric'],
    ["DATE_FORMAT(ts, '%Y-%m')", 'column'],
    ['IF(amount > 1, 1, 0)', 'column'],
    ["GROUP_CONCAT(DISTINCT name ORDER BY name SEPARATOR ', ')", 'metric'],
    ["name REGEXP '^a'", 'where'],
    ['a <=> b', 'where'],
    ['ts >= NOW() - INTERVAL 7 DAY', 'where'],
    ['TIMESTAMPDIFF(DAY, created, closed)', 'column'],
    ["REPLACE(name, 'a', 'b')", 'column'],
    ["INSERT(name, 1, 2, 'ab')", 'column'],
    ['SUBSTRING(name FROM 1 FOR 3)', 'column'],
    ["name = 'back\\\\slash'", 'where'],
    ['name = "double quoted text"', 'where'],
    ['CONVERT(amount, DECIMAL(10, 2))', 'column'],
    ['CONVERT(name USING utf8mb4)', 'column'],
    ["STR_TO_DATE(day, '%Y-%m-%d')", 'column'],
    ['STDDEV(amount)', 'metric'],
    ['IFNULL(region, 0)', 'column'],
    ["JSON_UNQUOTE(JSON_EXTRACT(payload, '$.kind'))", 'column'],
  ]);
  accepts(PG_LIKE, [
    ['SUM(amount) FILTER (WHERE status = 1)', 'metric'],
    ['COUNT(*) FILTER (WHERE amount > 0) * 1.0 / COUNT(*)', 'metric'],
    ['created::date', 'column'],
    ["date_trunc('month', created)", 'column'],
    ["created >= TIMESTAMP '2024-01-01 00:00:00'", 'where'],
    ["created > now() - INTERVAL '7 days'", 'where'],
    ['EXTRACT(YEAR FROM created)', 'column'],
    ['a IS DISTINCT FROM b', 'where'],
    ['a IS NOT DISTINCT FROM b', 'where'],
    ['SUBSTRING(name FROM 1 FOR 3)', 'column'],
    ["string_agg(name, ', ' ORDER BY name)", 'metric'],
    ['amount ^ 2', 'column'],
    ['CAST(created AS TIMESTAMP WITH TIME ZONE)', 'column'],
    ["created AT TIME ZONE 'UTC'", 'column'],
    ["name ~ '^a'", 'where'],
    ["name ILIKE '%a%'", 'where'],
    ["name = 'C:\\temp'", 'where'],
    ['amount ISNULL', 'where'],
  ]);
  accepts(
    ['postgresql'],
    [
      ['percentile_cont(0.5) WITHIN GROUP (ORDER BY amount)', 'metric'],
      ["name = $$it's$$", 'where'],
      ["name = E'it\\'s'", 'where'],
      ["payload->>'kind' = 'a'", 'where'],
      ['pg_catalog.lower(name)', 'column'],
      ['"lower"(name)', 'column'],
      ['amount::numeric(10, 2)', 'column'],
      ['CAST(name AS CHARACTER VARYING(10))', 'column'],
      ["to_char(created, 'YYYY-MM')", 'column'],
      ['stddev_samp(amount) / NULLIF(avg(amount), 0)', 'metric'],
      ['percentile_disc(0.9) WITHIN GROUP (ORDER BY amount)', 'metric'],
      ["regexp_replace(name, '[0-9]+', '')", 'column'],
      ["date_part('dow', created)", 'column'],
      ['greatest(a, b, 0)', 'column'],
      ['created + make_interval(days => 1) > now()', 'where'],
      ["name ~* 'x' AND length(name) > 2", 'where'],
    ],
  );
  accepts(
    ['duckdb'],
    [
      ['TRY_CAST(code AS INTEGER)', 'column'],
      ['amount // 2', 'column'],
      ['list_contains([1, 2, 3], code)', 'where'],
      ["strftime(created, '%Y')", 'column'],
      ['median(amount)', 'metric'],
      ['quantile_cont(amount, 0.5)', 'metric'],
      ['epoch(created)', 'column'],
      ['arg_max(name, amount)', 'metric'],
      ['name.upper()', 'column'],
      ['hash(amount) % 7', 'column'],
      ["date_diff('day', created, closed)", 'column'],
      ['approx_count_distinct(user_id)', 'metric'],
      ['quantile_disc(amount, 0.9)', 'metric'],
      ["regexp_extract(name, '[0-9]+')", 'column'],
      ['list_transform([1, 2], x -> x + 1)', 'column'],
    ],
  );
  accepts(
    ['sqlite'],
    [
      ["strftime('%Y', created)", 'column'],
      ['IIF(amount > 1, 1, 0)', 'column'],
      ["name GLOB 'a*'", 'where'],
      ['[Order Date] IS NOT NULL', 'where'],
      ["date(created, 'start of month')", 'column'],
      ['julianday(closed) - julianday(created)', 'column'],
    ],
  );
});

describe('a single expression: statements, comments and extra clauses are refused', () => {
  refuses(ALL, [
    ['SUM(x); DROP TABLE t', 'metric', '";"'],
    ['SUM(x);', 'metric', '";"'],
    ['SUM(x) -- the rest is hidden', 'metric', 'Comments'],
    ['SUM(x) /* hidden */', 'metric', 'Comments'],
    ['x = 1 --', 'where', 'Comments'],
    ["name = 'unterminated", 'where', 'is not closed'],
    ['SUM(x))', 'metric', 'brackets'],
    ['SUM((x)', 'metric', 'brackets'],
    ['a = 1) OR (1 = 1', 'where', 'brackets'],
    ['a, b', 'column', 'one expression'],
    ['SUM(x) AS total', 'metric', 'alias'],
    ['a = 1 ORDER BY b', 'where', 'not a single SQL expression'],
    ['a = 1 LIMIT 1', 'where', 'not a single SQL expression'],
    ['a GROUP BY b', 'column', 'not a single SQL expression'],
    ['a b c', 'column', 'not a single SQL expression'],
    ['', 'metric', 'empty'],
    ['   ', 'where', 'empty'],
    ['a\0', 'column', 'NUL'],
  ]);
  refuses(MYSQL_LIKE, [
    ['SUM(x) # hidden', 'metric', 'Comments'],
    ['/*! 50000 SUM(x) */ 1', 'metric', 'Comments'],
    ["name = 'a\\'", 'where', 'is not closed'],
    ['@x := 1', 'column', 'Variables'],
    ['@@version', 'column', 'Variables'],
  ]);
  refuses(['postgresql'], [['name = $$open', 'where', 'is not closed']]);
  // read as text here, as code by a server that reads backslash escapes (or the other way round)
  refuses(PG_LIKE, [
    ["name = 'a\\' OR x = ' OR pg_sleep(10) IS NULL OR '", 'where', 'backslash before a quote'],
    ["name = 'O\\'Brien'", 'where', 'is not closed'],
  ]);
  refuses(MYSQL_LIKE, [
    ["name = 'a\\' OR sleep(10) OR '", 'where', 'backslash before a quote'],
    ["name = 'O\\'Brien'", 'where', 'backslash before a quote'],
  ]);
  refuses(['duckdb', 'postgresql', 'sqlite'], [['"open name', 'column', 'is not closed']]);

  it('refuses an expression longer than the limit', () => {
    const long = `a + ${'1 + '.repeat(MAX_EXPRESSION_LENGTH / 4)}1`;
    expect(verdict('duckdb', long, 'column')).toContain('too long');
  });
});

describe('sub-queries, set operations and statements are refused', () => {
  const SUBQUERY = 'cannot contain sub-queries';
  refuses(ALL, [
    ['(SELECT MAX(x) FROM t)', 'metric', SUBQUERY],
    ['x IN (select id from secrets)', 'where', SUBQUERY],
    ['EXISTS (SELECT 1)', 'where', SUBQUERY],
    ['x IN (VALUES (1))', 'where', SUBQUERY],
    ['x IN (TABLE secrets)', 'where', SUBQUERY],
    ['WITH s AS (SELECT 1) SELECT * FROM s', 'column', SUBQUERY],
    ['x = 1 UNION ALL SELECT 1', 'where', 'Set operations'],
    ['x INTERSECT y', 'column', 'Set operations'],
    ['DROP TABLE t', 'column', 'DROP is not allowed'],
    ['DELETE FROM t', 'where', 'DELETE is not allowed'],
    ['INSERT INTO t VALUES (1)', 'column', 'INSERT is not allowed'],
    ['UPDATE t SET x = 1', 'column', 'UPDATE is not allowed'],
    ['x INTO OUTFILE', 'column', 'INTO is not allowed'],
  ]);
  refuses(
    ['duckdb'],
    [
      ['x IN (FROM secrets)', 'where', SUBQUERY],
      ["x IN (FROM 'data.csv')", 'where', SUBQUERY],
      ['(SUMMARIZE secrets)', 'column', 'SUMMARIZE is not allowed'],
      ['(DESCRIBE secrets)', 'column', SUBQUERY],
      ['(PIVOT t ON a USING SUM(b))', 'column', 'PIVOT is not allowed'],
      ["(COPY t TO 'x.csv')", 'column', 'COPY is not allowed'],
    ],
  );
});

describe("functions off the engine's allow-list are refused however they are written", () => {
  const denied = (name: string) => `The function ${name} is not allowed in a SQL expression.`;
  refuses(
    ['duckdb'],
    [
      ["read_csv('/etc/passwd')", 'column', denied('read_csv')],
      ["READ_CSV_AUTO('/etc/passwd')", 'column', denied('READ_CSV_AUTO')],
      ['"read_csv"(\'/etc/passwd\')', 'column', denied('read_csv')],
      ["main.read_parquet('s3://bucket/x.parquet')", 'column', denied('read_parquet')],
      ["read_json_objects('x.json')", 'column', denied('read_json_objects')],
      ["read_text('/etc/passwd')", 'column', denied('read_text')],
      ["read_blob('/etc/passwd')", 'column', denied('read_blob')],
      ["length(glob('/home/*'))", 'column', denied('glob')],
      ["parquet_scan('x')", 'column', denied('parquet_scan')],
      ["getenv('HOME')", 'column', denied('getenv')],
      ["query('SELECT 1')", 'column', denied('query')],
      ["query_table('secrets')", 'column', denied('query_table')],
      ["current_setting('secret_directory')", 'column', denied('current_setting')],
      ["'HOME'.getenv()", 'column', denied('getenv')],
      ['duckdb_secrets()', 'column', denied('duckdb_secrets')],
    ],
  );
  refuses(
    ['postgresql'],
    [
      ["pg_read_file('/etc/passwd')", 'column', denied('pg_read_file')],
      ['pg_catalog.pg_sleep(10)', 'where', denied('pg_sleep')],
      ['"pg_sleep"(10)', 'where', denied('pg_sleep')],
      ["PG_SLEEP_FOR('1 minute')", 'where', denied('PG_SLEEP_FOR')],
      ["pg_ls_dir('.')", 'column', denied('pg_ls_dir')],
      ["current_setting('data_directory')", 'column', denied('current_setting')],
      ["set_config('default_transaction_read_only', 'off', false)", 'column', denied('set_config')],
      ["dblink('host=x', 'select 1')", 'column', denied('dblink')],
      ["lo_import('/etc/passwd')", 'column', denied('lo_import')],
      ["lo_export(1, '/tmp/x')", 'column', denied('lo_export')],
      ["query_to_xml('select * from secrets', true, true, '')", 'column', denied('query_to_xml')],
      ["table_to_xml('secrets', true, true, '')", 'column', denied('table_to_xml')],
      ["nextval('seq')", 'column', denied('nextval')],
      ['pg_terminate_backend(1)', 'column', denied('pg_terminate_backend')],
      ['(x).pg_sleep', 'column', denied('pg_sleep')],
      ['U&"pg_sl\\0065ep"(1)', 'where', 'Unicode escapes'],
    ],
  );
  refuses(MYSQL_LIKE, [
    ["LOAD_FILE('/etc/passwd')", 'column', denied('LOAD_FILE')],
    ['SLEEP(5)', 'where', denied('SLEEP')],
    ['sleep (5)', 'where', denied('sleep')],
    ['BENCHMARK(1000000, MD5(1))', 'column', denied('BENCHMARK')],
    ["GET_LOCK('a', 10)", 'column', denied('GET_LOCK')],
    ['`sleep`(1)', 'where', denied('sleep')],
    ["sys_exec('id')", 'column', denied('sys_exec')],
  ]);
  refuses(
    ['sqlite'],
    [
      ["load_extension('evil')", 'column', denied('load_extension')],
      ["readfile('/etc/passwd')", 'column', denied('readfile')],
      ["writefile('/tmp/x', 'y')", 'column', denied('writefile')],
      ["fts3_tokenizer('simple')", 'column', denied('fts3_tokenizer')],
      ["[readfile]('/etc/passwd')", 'column', denied('readfile')],
    ],
  );
  refuses(ALL, [["set_config('a', 'b', false)", 'column', denied('set_config')]]);

  // issue 24: functions that run SQL given as text, or show settings and other sessions
  refuses(
    ['postgresql'],
    [
      ["ts_stat('SELECT to_tsvector(''simple'', pg_read_file(''/etc/hostname''))')", 'column', denied('ts_stat')],
      ["ts_rewrite(to_tsquery('a'), 'SELECT * FROM secrets')", 'column', denied('ts_rewrite')],
      ['pg_show_all_settings()', 'column', denied('pg_show_all_settings')],
      ['pg_stat_get_activity(NULL)', 'column', denied('pg_stat_get_activity')],
      ["query_to_xml_and_xmlschema('select 1', true, true, '')", 'column', denied('query_to_xml_and_xmlschema')],
      ["cursor_to_xml('c', 1, true, true, '')", 'column', denied('cursor_to_xml')],
      ["'SELECT 1'.ts_stat()", 'column', denied('ts_stat')],
      ["('SELECT 1').ts_stat", 'column', denied('ts_stat')],
      ['(name)[1].ts_stat', 'column', denied('ts_stat')],
      ['"TS_STAT"(x)', 'column', denied('TS_STAT')],
      ['"LOWER"(name)', 'column', denied('LOWER')],
      ['public.lower(name)', 'column', denied('public.lower')],
      ['"public"."lower"(name)', 'column', denied('"public".lower')],
      ['db.pg_catalog.lower(name)', 'column', denied('pg_catalog.lower')],
      ['1 OPERATOR(pg_catalog.+) 2 > 0', 'where', denied('OPERATOR')],
      ['my_function(amount)', 'column', denied('my_function')],
      ["xpath('/a', x::xml)", 'column', denied('xpath')],
      ['generate_series(1, 1000000000)', 'column', denied('generate_series')],
    ],
  );
  refuses(
    ['duckdb'],
    [
      ['glob(name)', 'where', denied('glob')],
      ["name = 'a' AND glob('/home/*') IS NOT NULL", 'where', denied('glob')],
      ['name.read_text()', 'column', denied('read_text')],
      ['range(1000000000)', 'column', denied('range')],
      ["getvariable('x')", 'column', denied('getvariable')],
      ['COLUMNS(*)', 'column', denied('COLUMNS')],
    ],
  );
  refuses(MYSQL_LIKE, [
    ['test.my_function(amount)', 'column', denied('my_function')],
    ['test.lower(name)', 'column', denied('test.lower')],
    ['DATABASE()', 'column', denied('DATABASE')],
    ['VERSION()', 'column', denied('VERSION')],
  ]);
  refuses(['sqlite'], [['main.lower(name)', 'column', denied('main.lower')]]);
  refuses(ALL, [
    ['UPDATE(t) = 1', 'where', denied('UPDATE')],
    ['RETURNING(1)', 'column', denied('RETURNING')],
  ]);

  it('a denied name inside a string or as a plain column is not a call', () => {
    expect(verdict('duckdb', "name = 'read_csv(x)'", 'where')).toBeNull();
    expect(verdict('duckdb', 'query IS NOT NULL', 'where')).toBeNull();
    expect(verdict('mysql', 'sleep > 0', 'where')).toBeNull();
  });
});

describe('the check takes bounded time', () => {
  it('refuses an expression the parser would take hours on within the time limit, and goes on working', () => {
    // MySQL's grammar backtracks on nested CASTs: each level multiplies the parse time
    const nested = `${'CAST('.repeat(20)}amount${' AS SIGNED)'.repeat(20)}`;
    const started = Date.now();
    expect(verdict('mysql', nested, 'column')).toContain('too complex to check');
    expect(Date.now() - started).toBeLessThan(PARSE_LIMIT_MS + 2_000);
    expect(verdict('mysql', 'SUM(amount) / COUNT(*)', 'metric')).toBeNull();
  });
});
