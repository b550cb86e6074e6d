import { describe, expect, it } from 'vitest';
import { checkScript, classifyStatement, splitStatements, unparseableMessage } from './statements.js';
import { mariadbSyntax, mysqlSyntax } from '../engines/mysql/syntax.js';
import { postgresSyntax } from '../engines/postgres/syntax.js';
import { sqliteSyntax } from '../engines/sqlite/syntax.js';

const PG = postgresSyntax;

describe('splitting scripts', () => {
  it('splits at top-level semicolons only', () => {
    expect(splitStatements("SELECT 1; SELECT ';' AS x; -- c;\nSELECT $$a;b$$", PG)).toEqual([
      'SELECT 1',
      "SELECT ';' AS x",
      'SELECT $$a;b$$',
    ]);
    expect(splitStatements('SELECT 1;;  ;', PG)).toEqual(['SELECT 1']);
  });
});

describe('read-only check (DML refused where allow_dml is off)', () => {
  it('accepts selects, CTEs, set operations', () => {
    expect(classifyStatement('SELECT * FROM t WHERE a = 1', PG)).toBe('select');
    expect(classifyStatement('WITH x AS (SELECT 1 AS a) SELECT a FROM x UNION SELECT 2', PG)).toBe('select');
    expect(classifyStatement('SELECT count(*) FROM flights GROUP BY origin ORDER BY 1 DESC LIMIT 5', mysqlSyntax)).toBe('select');
  });

  it('refuses data-changing statements', () => {
    for (const sql of [
      'DELETE FROM t',
      'UPDATE t SET a = 1',
      'INSERT INTO t VALUES (1)',
      'DROP TABLE t',
      'CREATE TABLE x (a int)',
      'TRUNCATE t',
      'ALTER TABLE t ADD COLUMN b int',
    ]) {
      expect(classifyStatement(sql, PG)).not.toBe('select');
    }
  });

  it('refuses SELECT INTO and data-changing CTEs', () => {
    expect(classifyStatement('SELECT * INTO new_t FROM t', PG)).not.toBe('select');
    expect(classifyStatement('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', PG)).not.toBe('select');
  });

  it('refuses a script hiding a DML statement', () => {
    const r = checkScript('SELECT 1; DELETE FROM t; SELECT 2', PG);
    expect(r.statements).toHaveLength(3);
    expect(r.readOnly).toBe(false);
  });

  it('fails closed on SQL it cannot parse', () => {
    expect(classifyStatement('SELEKT frobnicate', PG)).toBe('unknown');
    expect(checkScript("SELECT 1; COPY t TO PROGRAM 'rm -rf /'", PG).readOnly).toBe(false);
  });

  it('never lets EXPLAIN ANALYZE through', () => {
    expect(classifyStatement('EXPLAIN ANALYZE DELETE FROM t', PG)).not.toBe('select');
    expect(classifyStatement('EXPLAIN ANALYZE SELECT 1', PG)).not.toBe('select');
    // it runs the statement, so it changes what the statement changes
    expect(classifyStatement('EXPLAIN ANALYZE DELETE FROM t', PG)).toBe('mutating');
    expect(classifyStatement("EXPLAIN ANALYZE SELECT set_config('a', 'b', false)", PG)).toBe('mutating');
  });

  it('allows read-only inspection statements', () => {
    expect(classifyStatement('SHOW TABLES', mysqlSyntax)).toBe('select');
    expect(classifyStatement('DESCRIBE flights', PG)).toBe('select');
  });
});

describe('a statement the parser cannot read says where it stopped', () => {
  it('gives line and column in the whole script, an excerpt and a message', () => {
    const r = checkScript('SELECT 1;\nSELECT a, b\nFROM t WHERE x = 1 FORM t', PG);
    expect(r.kinds).toEqual(['select', 'unknown']);
    expect(r.errors[0]).toBeNull();
    expect(r.errors[1]).toEqual({ line: 3, column: 20, excerpt: 'FORM t', message: 'unexpected "FORM"' });
    expect(unparseableMessage(r.errors[1])).toBe(
      'The SQL could not be parsed (line 3, column 20, near "FORM t"), so it cannot be confirmed to only read data. Please check the syntax.',
    );
    expect(unparseableMessage(null)).toBe(
      'The SQL could not be parsed, so it cannot be confirmed to only read data. Please check the syntax.',
    );
  });

  it('counts columns from 1 and skips comments before the statement', () => {
    const r = checkScript('-- totals\n  SELEKT frobnicate', PG);
    expect(r.kinds).toEqual(['unknown']);
    expect(r.errors[0]).toMatchObject({ line: 2 });
    expect(r.errors[0]!.column).toBeGreaterThanOrEqual(3);
  });

  it('quotes the end of the text when the statement stops short', () => {
    const err = checkScript('SELECT 1 FROM', mysqlSyntax).errors[0]!;
    expect(err).toMatchObject({ line: 1, column: 14, message: 'unexpected end of the statement' });
    expect(err.excerpt).toBe('SELECT 1 FROM');
  });

  it('keeps the excerpt on one line and short', () => {
    const err = checkScript(`SELECT a FROM t WHERE x = 1 FORM\n${'very_long_identifier '.repeat(20)}`, PG).errors[0]!;
    expect(err.excerpt.startsWith('FORM very_long_identifier')).toBe(true);
    expect(err.excerpt).not.toContain('\n');
    expect(err.excerpt.length).toBeLessThanOrEqual(60);
  });

  it('has no parse error for statements it could read, allowed or not', () => {
    expect(checkScript('SELECT 1; DELETE FROM t', PG).errors).toEqual([null, null]);
  });
});

describe('read-only means read-only: side effects count as changes', () => {
  const DIALECTS = [postgresSyntax, mysqlSyntax, mariadbSyntax];
  const LARGE_OBJECTS = [
    'lo_creat',
    'lo_create',
    'lo_import',
    'lo_export',
    'lo_unlink',
    'lo_put',
    'lo_get',
    'lo_from_bytea',
    'lo_open',
    'lo_close',
    'loread',
    'lowrite',
    'lo_lseek',
    'lo_lseek64',
    'lo_tell',
    'lo_tell64',
    'lo_truncate',
    'lo_truncate64',
  ];
  const OTHERS = [
    'pg_terminate_backend',
    'pg_cancel_backend',
    'pg_reload_conf',
    'pg_rotate_logfile',
    'pg_switch_wal',
    'pg_create_restore_point',
    'pg_advisory_lock',
    'pg_advisory_xact_lock_shared',
    'pg_try_advisory_lock',
    'pg_advisory_unlock_all',
    'dblink',
    'dblink_exec',
    'dblink_connect',
    'pg_notify',
    'nextval',
    'setval',
    'txid_current',
    'pg_current_xact_id',
    'pg_read_file',
    'pg_read_binary_file',
    'pg_ls_dir',
    'pg_stat_file',
    'query_to_xml',
    'load_file',
    'get_lock',
  ];

  it('refuses set_config in any case, schema-qualified, anywhere in the statement', () => {
    for (const d of DIALECTS) {
      for (const sql of [
        "SELECT set_config('default_transaction_read_only', 'off', false)",
        "select SET_CONFIG('default_transaction_read_only', 'off', false)",
        "SELECT pg_catalog.set_config('default_transaction_read_only', 'off', false)",
        "SELECT a FROM t WHERE set_config('x', 'y', false) IS NOT NULL",
        "SELECT a FROM t WHERE a IN (SELECT set_config('x', 'y', false))",
        "WITH s AS (SELECT set_config('x', 'y', false) AS v) SELECT v FROM s",
        "SELECT CASE WHEN a > 1 THEN set_config('x', 'y', false) END FROM t",
        "SELECT count(DISTINCT set_config('x', 'y', false)) FROM t",
        "SELECT * FROM t ORDER BY set_config('x', 'y', false)",
      ]) {
        expect(classifyStatement(sql, d), `${d}: ${sql}`).toBe('mutating');
      }
    }
  });

  it('refuses every server-side large-object function', () => {
    for (const d of DIALECTS) {
      for (const fn of LARGE_OBJECTS) expect(classifyStatement(`SELECT ${fn}(0)`, d), `${d}: ${fn}`).toBe('mutating');
      expect(classifyStatement("SELECT * FROM lo_import('/etc/passwd')", d)).toBe('mutating');
    }
    // PostgreSQL-only syntax the parser cannot read is still recognised as a call
    expect(classifyStatement('SELECT lo_from_bytea(0, $$abc$$::bytea)', PG)).toBe('mutating');
  });

  it('refuses signalling, locks, dblink, notifications, sequences, xid assignment and file access', () => {
    for (const d of DIALECTS) {
      for (const fn of OTHERS) expect(classifyStatement(`SELECT ${fn}('a', 1)`, d), `${d}: ${fn}`).toBe('mutating');
    }
    expect(classifyStatement("SELECT * FROM dblink('dbname=x', 'DELETE FROM t') AS r(a int)", PG)).toBe('mutating');
    expect(classifyStatement('SELECT NEXT VALUE FOR s', mariadbSyntax)).toBe('mutating');
  });

  it('refuses session and transaction statements in every dialect, parsed or not', () => {
    const statements = [
      'SET default_transaction_read_only = off',
      "SET SESSION default_transaction_read_only TO 'off'",
      'SET TRANSACTION READ WRITE',
      'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
      'SET SESSION TRANSACTION READ WRITE',
      'SET @@session.transaction_read_only = 0',
      'SET @@SESSION.tx_read_only = OFF',
      'SET GLOBAL read_only = 0',
      'RESET ALL',
      'RESET default_transaction_read_only',
      'BEGIN',
      'BEGIN READ WRITE',
      'START TRANSACTION READ WRITE',
      'COMMIT',
      'ROLLBACK',
      'DISCARD ALL',
      'LISTEN channel',
      "COPY t TO PROGRAM 'rm -rf /'",
      'DO $$ BEGIN PERFORM 1; END $$',
    ];
    for (const d of [...DIALECTS, sqliteSyntax]) {
      for (const sql of statements) {
        const r = checkScript(`SELECT 1; ${sql}`, d);
        expect(r.kinds[1], `${d}: ${sql}`).toBe('mutating');
        expect(r.errors[1], `${d}: ${sql}`).toBeNull();
      }
    }
  });

  it('keeps ordinary selects as selects (look-alike names, literals, comments)', () => {
    for (const d of DIALECTS) {
      for (const sql of [
        'SELECT lo_count, nextval_total, set_config_note FROM t',
        "SELECT 'set_config(' AS x FROM t",
        "SELECT a FROM t WHERE note = 'call lo_create(0) later'",
        'SELECT 1 AS a /* set_config( */',
        'SELECT count(*) AS n, max(setting) AS s FROM settings GROUP BY name',
        "SELECT current_setting('default_transaction_read_only') AS ro",
      ]) {
        expect(classifyStatement(sql, d), `${d}: ${sql}`).toBe('select');
      }
    }
  });
});

describe('literals the parser misreads', () => {
  it('reads a PostgreSQL literal ending in a backslash as the engine does, and still refuses what changes data', () => {
    expect(classifyStatement("SELECT 'O''Brien\\''; DROP TABLE t; --' AS v", postgresSyntax)).toBe('select');
    expect(classifyStatement("SELECT 'a\\' AS v", postgresSyntax)).toBe('select');
    expect(classifyStatement("SELECT set_config('a\\', 'off', false)", postgresSyntax)).toBe('mutating');
    expect(classifyStatement("DELETE FROM t WHERE x = 'a\\'", postgresSyntax)).toBe('mutating');
  });
});
