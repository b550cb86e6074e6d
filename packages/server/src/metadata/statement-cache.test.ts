import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './db.js';

describe('the metadata store keeps prepared statements by SQL text', () => {
  it('hands out the same statement for the same SQL, and a new one while it is busy', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite, 2);
    sqlite.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    const a = db.prepare('SELECT x FROM t ORDER BY x') as SQLite.Statement;
    expect(db.prepare('SELECT x FROM t ORDER BY x')).toBe(a);
    // an unfinished iteration keeps a statement busy: a second user gets its own
    const rows = a.iterate();
    rows.next();
    const b = db.prepare('SELECT x FROM t ORDER BY x') as SQLite.Statement;
    expect(b).not.toBe(a);
    expect(b.all()).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    rows.return?.();
    expect(db.prepare('SELECT x FROM t ORDER BY x')).toBe(a);
    sqlite.close();
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite, 2);
    const one = db.prepare('SELECT 1');
    const two = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(one);
    db.prepare('SELECT 3');
    // SELECT 2 was the least recently used
    expect(db.prepare('SELECT 2')).not.toBe(two);
    expect(db.prepare('SELECT 1')).not.toBe(one);
    sqlite.close();
  });
});
