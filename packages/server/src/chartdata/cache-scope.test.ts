import { describe, expect, it } from 'vitest';
import { CACHE_KEY_PATTERN, ChartCacheKeys, rlsHash } from './cache-scope.js';

const query = { ds: 3, changed: '2024-01-01T00:00:00.000', sql: 'SELECT origin, COUNT(*) FROM flights GROUP BY origin', rt: 'full' };

describe('chart cache keys', () => {
  it('are stable for one server and one query, in the shape the GET route reads', () => {
    const keys = new ChartCacheKeys('first-secret-key-0123456789-abcdefghij');
    const key = keys.of(query, { userId: null });
    expect(key).toMatch(CACHE_KEY_PATTERN);
    expect(keys.of({ ...query }, { userId: null })).toBe(key);
  });

  it('cannot be worked out from the query alone: another secret gives another key', () => {
    const one = new ChartCacheKeys('first-secret-key-0123456789-abcdefghij').of(query, { userId: null });
    const two = new ChartCacheKeys('other-secret-key-0123456789-abcdefghij').of(query, { userId: null });
    expect(one).not.toBe(two);
  });

  it('differ per caller when the caller scope names a user, and per query', () => {
    const keys = new ChartCacheKeys('first-secret-key-0123456789-abcdefghij');
    const shared = keys.of(query, { userId: null });
    expect(keys.of(query, { userId: 1 })).not.toBe(shared);
    expect(keys.of(query, { userId: 1 })).not.toBe(keys.of(query, { userId: 2 }));
    expect(keys.of({ ...query, changed: '2024-01-01T00:00:00.001' }, { userId: null })).not.toBe(shared);
  });
});

describe('row level security in the cache scope', () => {
  it('gives callers with other clauses other keys, and leaves keys without clauses as they were', () => {
    const keys = new ChartCacheKeys('first-secret-key-0123456789-abcdefghij');
    const none = keys.of(query, { userId: null });
    expect(keys.of(query, { userId: null, rls: ["origin = 'SEA'"] })).not.toBe(none);
    expect(keys.of(query, { userId: null, rls: ["origin = 'SEA'"] })).not.toBe(keys.of(query, { userId: null, rls: ["origin = 'BOS'"] }));
  });

  it('records a short digest of the clauses, never the clauses', () => {
    expect(rlsHash(["origin = 'SEA'"])).toMatch(/^[0-9a-f]{32}$/);
    expect(rlsHash(["origin = 'SEA'"])).not.toBe(rlsHash([]));
    expect(rlsHash(['a', 'b'])).not.toBe(rlsHash(['a AND b']));
  });
});
