import { describe, expect, it } from 'vitest';
import { classifyStatement } from './statements.js';
import { postgresSyntax } from '../engines/postgres/syntax.js';

const PG = postgresSyntax;

describe('functions that run SQL given as text', () => {
  it('count as changes in SQL Lab without DML: the text could hide a function refused on its own', () => {
    for (const sql of [
      "SELECT * FROM ts_stat('SELECT to_tsvector(''simple'', pg_read_file(''/etc/hostname''))')",
      "SELECT ts_rewrite(to_tsquery('a'), 'SELECT to_tsquery(v), to_tsquery(v) FROM t')",
      "SELECT pg_catalog.TS_STAT('SELECT 1')",
    ]) {
      expect(classifyStatement(sql, PG), sql).toBe('mutating');
    }
    expect(classifyStatement("SELECT to_tsvector('simple', 'ts_stat(x)')", PG)).toBe('select');
  });
});
