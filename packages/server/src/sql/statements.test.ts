import { describe, expect, it } from 'vitest';
import { checkScript, classifyStatement, splitStatements } from './statements.js';

const PG = 'PostgresQL';

describe('splitting scripts', () => {
  it('splits at top-level semicolons only', () => {
    expect(splitStatements("SELECT 1; SELECT ';' AS x; -- c;\nSELECT $$a;b$$", PG)).toEqual(["SELECT 1", "SELECT ';' AS x", 'SELECT $$a;b$$']);
    expect(splitStatements('SELECT 1;;  ;', PG)).toEqual(['SELECT 1']);
  });
});

describe('read-only check (DML refused where allow_dml is off)', () => {
  it('accepts selects, CTEs, set operations', () => {
    expect(classifyStatement('SELECT * FROM t WHERE a = 1', PG)).toBe('select');
    expect(classifyStatement('WITH x AS (SELECT 1 AS a) SELECT a FROM x UNION SELECT 2', PG)).toBe('select');
    expect(classifyStatement('SELECT count(*) FROM flights GROUP BY origin ORDER BY 1 DESC LIMIT 5', 'MySQL')).toBe('select');
  });

  it('refuses data-changing statements', () => {
    for (const sql of ['DELETE FROM t', 'UPDATE t SET a = 1', 'INSERT INTO t VALUES (1)', 'DROP TABLE t', 'CREATE TABLE x (a int)', 'TRUNCATE t', 'ALTER TABLE t ADD COLUMN b int']) {
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
    expect(checkScript('SELECT 1; COPY t TO PROGRAM \'rm -rf /\'', PG).readOnly).toBe(false);
  });

  it('never lets EXPLAIN ANALYZE through', () => {
    expect(classifyStatement('EXPLAIN ANALYZE DELETE FROM t', PG)).not.toBe('select');
  });

  it('allows read-only inspection statements', () => {
    expect(classifyStatement('SHOW TABLES', 'MySQL')).toBe('select');
    expect(classifyStatement('DESCRIBE flights', PG)).toBe('select');
  });
});
