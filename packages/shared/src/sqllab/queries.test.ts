import { describe, expect, it } from 'vitest';
import type { QueryRecord } from '../api/sqllab.js';
import {
  clearInactiveQueries,
  needsResults,
  queryFailed,
  querySuccess,
  queryStopped,
  refreshQueries,
  startQuery,
  type ClientQuery,
} from './queries.js';
import { pruneQueriesForStorage } from './storage.js';

const q = (over: Partial<ClientQuery> = {}): ClientQuery => ({
  id: 'q1',
  sqlEditorId: 't1',
  state: 'running',
  progress: 0,
  startDttm: 0,
  results: null,
  errorMessage: null,
  ...over,
});
const ok = { status: 'success', query: { rows: 1, resultsKey: 'k' }, data: [{ a: 1 }], columns: [] };

describe('query lifecycle (§4)', () => {
  it('start puts the query in the store and clears previous result data', () => {
    const s = startQuery({}, q({ results: { data: [{ x: 1 }], columns: [] } }));
    expect(s.q1.results).toBeNull();
  });

  it('success sets progress 100, rows and results key, clears the error', () => {
    const s = querySuccess({ q1: q({ errorMessage: 'old' }) }, 'q1', ok);
    expect(s.q1).toMatchObject({ state: 'success', progress: 100, rows: 1, resultsKey: 'k', errorMessage: null });
  });

  it('a success is ignored if the query was stopped or the result status is not success', () => {
    const stopped = { q1: q({ state: 'stopped' }) };
    expect(querySuccess(stopped, 'q1', ok)).toBe(stopped);
    const running = { q1: q() };
    expect(querySuccess(running, 'q1', { ...ok, status: 'failed' })).toBe(running);
  });

  it('stop empties the results and records when the run ended', () => {
    const s = queryStopped({ q1: q({ results: { data: [{ a: 1 }], columns: [] } }) }, 'q1', 42);
    expect(s.q1).toMatchObject({ state: 'stopped', results: null, endDttm: 42 });
  });

  it('a failure is ignored if the query was stopped', () => {
    const stopped = { q1: q({ state: 'stopped' }) };
    expect(queryFailed(stopped, 'q1', 'boom')).toBe(stopped);
    expect(queryFailed({ q1: q() }, 'q1', 'boom').q1).toMatchObject({ state: 'failed', errorMessage: 'boom' });
  });

  it('stopped empties the results', () => {
    expect(queryStopped({ q1: q({ results: { data: [], columns: [] } }) }, 'q1').q1).toMatchObject({ state: 'stopped', results: null });
  });

  it('server refresh does not overwrite stopped or failed queries', () => {
    const server = [{ id: 'q1', state: 'success' } as QueryRecord];
    expect(refreshQueries({ q1: q({ state: 'stopped' }) }, server).q1.state).toBe('stopped');
    expect(refreshQueries({ q1: q({ state: 'failed' }) }, server).q1.state).toBe('failed');
  });

  it('a server success does not override a local fetching, success or running state', () => {
    const server = [{ id: 'q1', state: 'success' } as QueryRecord];
    for (const state of ['fetching', 'success', 'running'] as const)
      expect(refreshQueries({ q1: q({ state }) }, server).q1.state).toBe(state);
    expect(refreshQueries({ q1: q({ state: 'pending' }) }, server).q1.state).toBe('success');
  });

  it('a server success does take over an async run that an earlier poll marked running (its results are then fetched by key)', () => {
    const server = [{ id: 'q1', state: 'success', resultsKey: 'k' } as QueryRecord];
    const s = refreshQueries({ q1: q({ state: 'running', runAsync: true }) }, server);
    expect(s.q1.state).toBe('success');
    expect(needsResults(s.q1)).toBe(true);
  });

  it("start makes the new query empty and clears the result data of the editor's previous latest query", () => {
    const before = { old: q({ id: 'old', state: 'success', results: { data: [{ a: 1 }], columns: [] } }) };
    const s = startQuery(before, q({ id: 'new' }), 'old');
    expect(s.old.results).toBeNull();
    expect(s.old.state).toBe('success');
    expect(s.new).toMatchObject({ results: null, progress: 0 });
  });

  it('clearing inactive queries drops running/pending ones with zero progress past the interval', () => {
    const s = clearInactiveQueries(
      { a: q({ id: 'a', startDttm: 0 }), b: q({ id: 'b', state: 'success', startDttm: 0 }), c: q({ id: 'c', startDttm: 9000 }) },
      5000,
      10000,
    );
    expect(Object.keys(s)).toEqual(['b', 'c']);
  });
});

describe('local storage (§4: results older than 1 day or over 1024 KB are dropped)', () => {
  it('drops old and big results, keeps the rest', () => {
    const now = 10 * 864e5;
    const big = { data: [{ s: 'x'.repeat(1100 * 1024) }], columns: [] };
    const s = pruneQueriesForStorage(
      {
        old: q({ id: 'old', endDttm: now - 864e5 - 1, results: { data: [], columns: [] } }),
        big: q({ id: 'big', endDttm: now, results: big }),
        fresh: q({ id: 'fresh', endDttm: now - 1000, results: { data: [{ a: 1 }], columns: [] } }),
      },
      now,
    );
    expect(s.old.results).toBeNull();
    expect(s.big.results).toBeNull();
    expect(s.fresh.results).not.toBeNull();
  });
});
