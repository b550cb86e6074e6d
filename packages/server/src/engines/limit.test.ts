import { describe, it, expect } from 'vitest';
import { applyLimitForSyntax, existingLimit } from './limit.js';
import { duckdbSpec } from './duckdb/spec.js';
import { mariadbSpec, mysqlSpec } from './mysql/spec.js';
import { postgresSpec } from './postgres/spec.js';
import { sqliteSpec } from './sqlite/spec.js';
import { mariadbSyntax, mysqlSyntax } from './mysql/syntax.js';
import { postgresSyntax } from './postgres/syntax.js';
import { sqliteSyntax } from './sqlite/syntax.js';

describe('applyLimit: a trailing top-level LIMIT is tightened in place', () => {
  it('lowers a larger LIMIT to the cap and keeps the rest of the text', () => {
    expect(postgresSpec.applyLimit('SELECT * FROM t WHERE x = 1 LIMIT 5000', 1000)).toBe('SELECT * FROM t WHERE x = 1 LIMIT 1000');
  });

  it('keeps a smaller LIMIT as the user wrote it', () => {
    expect(postgresSpec.applyLimit('select a from t limit 10', 1000)).toBe('select a from t limit 10');
  });

  it('keeps OFFSET and a trailing semicolon', () => {
    expect(postgresSpec.applyLimit('SELECT * FROM t LIMIT 5000 OFFSET 20;', 100)).toBe('SELECT * FROM t LIMIT 100 OFFSET 20;');
  });

  it('tightens the row count of MySQL `LIMIT offset, count`', () => {
    expect(mysqlSpec.applyLimit('SELECT * FROM t LIMIT 10, 5000', 100)).toBe('SELECT * FROM t LIMIT 10, 100');
    expect(sqliteSpec.applyLimit('SELECT * FROM t LIMIT 10, 5000', 100)).toBe('SELECT * FROM t LIMIT 10, 100');
  });

  it('applies to the LIMIT of a whole UNION', () => {
    expect(postgresSpec.applyLimit('SELECT 1 UNION SELECT 2 LIMIT 500', 10)).toBe('SELECT 1 UNION SELECT 2 LIMIT 10');
  });

  it('works with a CTE', () => {
    expect(mariadbSpec.applyLimit('WITH a AS (SELECT 1 AS x) SELECT * FROM a LIMIT 99', 5)).toBe(
      'WITH a AS (SELECT 1 AS x) SELECT * FROM a LIMIT 5',
    );
  });
});

describe('applyLimit: a SELECT without a top-level LIMIT gets one appended', () => {
  it('appends on a new line', () => {
    expect(postgresSpec.applyLimit('SELECT * FROM t', 1000)).toBe('SELECT * FROM t\nLIMIT 1000');
  });

  it('ignores a LIMIT inside a subquery', () => {
    expect(mysqlSpec.applyLimit('SELECT * FROM (SELECT * FROM t LIMIT 3) x', 50)).toBe(
      'SELECT * FROM (SELECT * FROM t LIMIT 3) x\nLIMIT 50',
    );
  });

  it('ignores a LIMIT inside the last parenthesized branch of a UNION', () => {
    expect(postgresSpec.applyLimit('SELECT 1 UNION (SELECT 2 LIMIT 4)', 50)).toBe('SELECT 1 UNION (SELECT 2 LIMIT 4)\nLIMIT 50');
  });

  it('ignores LIMIT in strings and comments', () => {
    expect(postgresSpec.applyLimit("SELECT 'LIMIT 5' AS s -- LIMIT 7", 50)).toBe("SELECT 'LIMIT 5' AS s\nLIMIT 50");
    expect(sqliteSpec.applyLimit('SELECT 1 /* limit 3 */', 50)).toBe('SELECT 1\nLIMIT 50');
  });

  it('drops a trailing semicolon before appending', () => {
    expect(postgresSpec.applyLimit('SELECT * FROM t;  ', 10)).toBe('SELECT * FROM t\nLIMIT 10');
  });
});

describe('applyLimit: statements the parser cannot read are wrapped', () => {
  it('wraps DuckDB-only syntax', () => {
    expect(duckdbSpec.applyLimit('FROM t SELECT a', 10)).toBe('SELECT * FROM (\nFROM t SELECT a\n) AS rama_limit LIMIT 10');
    expect(duckdbSpec.applyLimit('SELECT * EXCLUDE (a) FROM t LIMIT 20;', 10)).toBe(
      'SELECT * FROM (\nSELECT * EXCLUDE (a) FROM t LIMIT 20\n) AS rama_limit LIMIT 10',
    );
  });

  it('wraps a LIMIT that is not a number literal', () => {
    expect(postgresSpec.applyLimit('SELECT * FROM t LIMIT ALL', 10)).toBe(
      'SELECT * FROM (\nSELECT * FROM t LIMIT ALL\n) AS rama_limit LIMIT 10',
    );
  });
});

describe('applyLimit: statements that do not return rows are left alone', () => {
  it('leaves DML, DDL and SHOW unchanged', () => {
    expect(postgresSpec.applyLimit('INSERT INTO t VALUES (1)', 10)).toBe('INSERT INTO t VALUES (1)');
    expect(mysqlSpec.applyLimit('SHOW TABLES', 10)).toBe('SHOW TABLES');
    expect(duckdbSpec.applyLimit('PRAGMA version', 10)).toBe('PRAGMA version');
    expect(sqliteSpec.applyLimit('CREATE TABLE x (a INT)', 10)).toBe('CREATE TABLE x (a INT)');
  });
});

describe('existingLimit tells whether the query limited itself', () => {
  it('reads the top-level row count', () => {
    expect(existingLimit('SELECT * FROM t LIMIT 25', postgresSyntax)).toBe(25);
    expect(existingLimit('SELECT * FROM t LIMIT 25 OFFSET 5', postgresSyntax)).toBe(25);
    expect(existingLimit('SELECT * FROM t LIMIT 5, 25', mysqlSyntax)).toBe(25);
    expect(existingLimit('select 1 union all select 2 limit 3;', sqliteSyntax)).toBe(3);
  });

  it('is null without one, or when it is nested or not a number', () => {
    expect(existingLimit('SELECT * FROM t', postgresSyntax)).toBeNull();
    expect(existingLimit('SELECT * FROM (SELECT * FROM t LIMIT 3) x', mysqlSyntax)).toBeNull();
    expect(existingLimit('SELECT * FROM t LIMIT ALL', postgresSyntax)).toBeNull();
    expect(existingLimit('SELECT * FROM t LIMIT $1', postgresSyntax)).toBeNull();
    expect(existingLimit('DELETE FROM t', postgresSyntax)).toBeNull();
  });

  it('still reads a plain trailing LIMIT the parser does not understand (DuckDB)', () => {
    expect(existingLimit('FROM t SELECT a LIMIT 7', postgresSyntax)).toBe(7);
  });

  it('agrees with applyForDialect on dialect names', () => {
    expect(applyLimitForSyntax('SELECT `a` FROM t LIMIT 2000', 100, mariadbSyntax)).toBe('SELECT `a` FROM t LIMIT 100');
  });
});
