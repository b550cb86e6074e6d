import { describe, expect, it } from 'vitest';
import { canTransition, effectiveLimit, initialQueryState, isFinal, isInProgress, limitingFactor } from './states.js';

describe('query states (sql-editor.md §4)', () => {
  it('in progress: running, started, pending, fetching, scheduled; final: stopped, failed, success, timed_out', () => {
    for (const s of ['running', 'started', 'pending', 'fetching', 'scheduled']) expect(isInProgress(s)).toBe(true);
    for (const s of ['stopped', 'failed', 'success', 'timed_out']) expect(isFinal(s)).toBe(true);
  });

  it('a run starts as pending for async databases, else as running', () => {
    expect(initialQueryState(true)).toBe('pending');
    expect(initialQueryState(false)).toBe('running');
  });

  it('a success after a stop is ignored; final states are final', () => {
    expect(canTransition('stopped', 'success')).toBe(false);
    expect(canTransition('failed', 'success')).toBe(false);
    expect(canTransition('running', 'success')).toBe(true);
    expect(canTransition('pending', 'running')).toBe(true);
    expect(canTransition('running', 'pending')).toBe(false);
  });
});

describe('row limit (§5, §9)', () => {
  it('the limit may not exceed SQL_MAX_ROW', () => {
    expect(effectiveLimit(1000, 100000)).toBe(1000);
    expect(effectiveLimit(500000, 100000)).toBe(100000);
    expect(effectiveLimit(null, 100000)).toBe(100000);
  });

  it('limiting factor names the limit that applied', () => {
    // rows fetched with LIMIT limit + 1: one more than the limit means more rows were available
    expect(limitingFactor(null, 1000, 1001)).toBe('DROPDOWN');
    expect(limitingFactor(null, 1000, 1000)).toBe('NOT_LIMITED');
    expect(limitingFactor(null, 1000, 10)).toBe('NOT_LIMITED');
    expect(limitingFactor(10, 1000, 10)).toBe('QUERY');
    expect(limitingFactor(1000, 1000, 1000)).toBe('QUERY_AND_DROPDOWN');
    expect(limitingFactor(5000, 1000, 1001)).toBe('DROPDOWN');
  });
});
