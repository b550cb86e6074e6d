import { describe, expect, it } from 'vitest';
import { disallowedCall } from './function-calls.js';
import { functionIsAllowed, NEVER_ALLOWED } from './functions.js';
import { duckdbSpec } from './duckdb/spec.js';
import { tokenize } from './lexer.js';
import { mariadbSpec, mysqlSpec } from './mysql/spec.js';
import { postgresSpec } from './postgres/spec.js';
import { sqliteSpec } from './sqlite/spec.js';

const SPECS = [postgresSpec, mysqlSpec, mariadbSpec, duckdbSpec, sqliteSpec];

/**
 * Functions that run text as SQL, read files, reach other servers, sleep, or read or touch
 * sessions and settings (issue 24), written out here rather than taken from NEVER_ALLOWED, so
 * that shortening that list does not shorten this test.
 */
const MUST_NEVER_BE_ALLOWED = [
  // PostgreSQL
  'ts_stat',
  'ts_rewrite',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'table_to_xml',
  'dblink',
  'dblink_exec',
  'dblink_connect',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'lo_import',
  'lo_export',
  'pg_sleep',
  'pg_sleep_for',
  'pg_show_all_settings',
  'pg_stat_get_activity',
  'current_setting',
  'set_config',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'nextval',
  // DuckDB
  'query',
  'query_table',
  'read_csv',
  'read_csv_auto',
  'read_parquet',
  'read_json',
  'read_json_auto',
  'read_text',
  'read_blob',
  'glob',
  'getenv',
  'sleep_ms',
  'parquet_scan',
  'duckdb_secrets',
  'duckdb_settings',
  // MySQL / MariaDB
  'load_file',
  'sleep',
  'benchmark',
  'get_lock',
  'release_lock',
  'sys_exec',
  'sys_eval',
  'master_pos_wait',
  // SQLite
  'load_extension',
  'readfile',
  'writefile',
  'edit',
  'fsdir',
  'fts3_tokenizer',
];

describe('the allow-lists', () => {
  it.each(SPECS.map((s) => [s.engine, s] as const))(
    '%s allows none of the functions that run text as SQL, read files or touch sessions',
    (_e, spec) => {
      const allowed = [...MUST_NEVER_BE_ALLOWED, ...NEVER_ALLOWED].filter((name) => functionIsAllowed(spec.expressionFunctions, name));
      expect(allowed).toEqual([]);
    },
  );

  it.each(SPECS.map((s) => [s.engine, s] as const))('%s allows what analysts write everywhere', (_e, spec) => {
    for (const name of [
      'COUNT',
      'sum',
      'avg',
      'min',
      'max',
      'coalesce',
      'nullif',
      'round',
      'abs',
      'lower',
      'upper',
      'cast',
      'row_number',
      'lag',
    ]) {
      expect(functionIsAllowed(spec.expressionFunctions, name), name).toBe(true);
    }
  });
});

/** The refused call's name in `expression` on `spec`, or null. */
const refusedCall = (spec: (typeof SPECS)[number], expression: string): string | null =>
  disallowedCall(spec.expressionFunctions, tokenize(expression, spec.syntax.lexer));

describe('finding calls in the tokens', () => {
  it('a keyword before a parenthesis is not a call; a type with a length is not either', () => {
    for (const spec of SPECS) {
      expect(refusedCall(spec, 'NOT (a) AND (b) OR c IN (1) OR d BETWEEN (1) AND (2)')).toBeNull();
      expect(refusedCall(spec, 'COUNT(DISTINCT (a)) FILTER (WHERE (b))')).toBeNull();
      expect(refusedCall(spec, 'CAST(a AS DECIMAL(10, 2))')).toBeNull();
      expect(refusedCall(spec, 'CAST(a AS CHARACTER VARYING(10))')).toBeNull();
      expect(refusedCall(spec, 'CAST(a AS my_type(1))')).toBeNull();
      expect(refusedCall(spec, 'my_udf(a)')).toBe('my_udf');
    }
    expect(refusedCall(postgresSpec, 'a::numeric(10, 2) + b::character varying(3)::int')).toBeNull();
  });

  it("DuckDB's glob is the operator after an operand and the file function otherwise", () => {
    expect(refusedCall(duckdbSpec, "name GLOB ('a*')")).toBeNull();
    expect(refusedCall(duckdbSpec, "name NOT GLOB ('a*')")).toBeNull();
    expect(refusedCall(duckdbSpec, "glob('/home/*')")).toBe('glob');
    expect(refusedCall(duckdbSpec, "length(glob('/home/*'))")).toBe('glob');
    expect(refusedCall(duckdbSpec, "a AND glob('/home/*') IS NOT NULL")).toBe('glob');
    expect(refusedCall(duckdbSpec, "NOT glob('/home/*')")).toBe('glob');
  });

  it('checks every spelling of a call and the qualifier', () => {
    expect(refusedCall(postgresSpec, 'pg_catalog.upper(a) || "pg_catalog"."lower"(b)')).toBeNull();
    expect(refusedCall(postgresSpec, 'public.upper(a)')).toBe('public.upper');
    expect(refusedCall(postgresSpec, '"Upper"(a)')).toBe('Upper');
    expect(refusedCall(postgresSpec, '(a).ts_stat')).toBe('ts_stat');
    expect(refusedCall(postgresSpec, '(a).upper')).toBeNull();
    expect(refusedCall(postgresSpec, 't.ts_stat')).toBe('ts_stat');
    expect(refusedCall(postgresSpec, 't.amount')).toBeNull();
    expect(refusedCall(duckdbSpec, 'a.upper().lower()')).toBeNull();
    expect(refusedCall(duckdbSpec, "'x'.getenv()")).toBe('getenv');
    expect(refusedCall(mysqlSpec, '`upper`(a)')).toBeNull();
    expect(refusedCall(mysqlSpec, 'sleep (1)')).toBe('sleep');
    expect(refusedCall(mysqlSpec, 'shop.upper(a)')).toBe('shop.upper');
    expect(refusedCall(sqliteSpec, '[upper](a)')).toBeNull();
    expect(refusedCall(sqliteSpec, '[readfile](a)')).toBe('readfile');
  });
});
