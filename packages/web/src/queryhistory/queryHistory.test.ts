import { describe, expect, it } from 'vitest';
import { NO_HISTORY_FILTERS, formatDuration, historyListFilters, queryDuration, stateLabel, stateTone } from './queryHistory';

describe('query history filters', () => {
  it('sends no filter when none is set', () => {
    expect(historyListFilters(NO_HISTORY_FILTERS)).toEqual([]);
    expect(historyListFilters({ ...NO_HISTORY_FILTERS, sqlText: '   ' })).toEqual([]);
  });

  it('maps each filter to the server columns and operators', () => {
    expect(historyListFilters({ sqlText: ' airports ', databaseId: 1, states: ['success'], userId: 4, from: 1000, to: 2000 })).toEqual([
      { col: 'sql', opr: 'ct', value: 'airports' },
      { col: 'database', opr: 'rel_o_m', value: 1 },
      { col: 'status', opr: 'eq', value: 'success' },
      { col: 'user', opr: 'rel_o_m', value: 4 },
      { col: 'start_time', opr: 'gt', value: 1000 },
      { col: 'start_time', opr: 'lt', value: 2000 },
    ]);
  });

  it('several states become one "in" filter', () => {
    expect(historyListFilters({ ...NO_HISTORY_FILTERS, states: ['failed', 'timed_out'] })).toEqual([
      { col: 'status', opr: 'in', value: ['failed', 'timed_out'] },
    ]);
  });
});

describe('durations', () => {
  it('reads at a glance from milliseconds to hours', () => {
    expect(formatDuration(412.4)).toBe('412 ms');
    expect(formatDuration(3254)).toBe('3.25 s');
    expect(formatDuration(42_100)).toBe('42.1 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 min');
    expect(formatDuration(-1)).toBe('');
  });

  it('a finished query ran from start to end; a running one until now; a failed one without end has none', () => {
    expect(queryDuration({ start_time: 1000, end_time: 1500, status: 'success' }, 9999)).toBe(500);
    expect(queryDuration({ start_time: 1000, end_time: null, status: 'running' }, 4000)).toBe(3000);
    expect(queryDuration({ start_time: 1000, end_time: null, status: 'failed' }, 4000)).toBeNull();
    expect(queryDuration({ start_time: null, end_time: null, status: 'pending' }, 4000)).toBeNull();
  });
});

describe('state tags', () => {
  it('colours success green, failures red, running blue, waiting amber, stopped grey', () => {
    expect(['success', 'failed', 'timed_out', 'running', 'pending', 'stopped'].map(stateTone)).toEqual([
      'success',
      'error',
      'error',
      'processing',
      'warning',
      'default',
    ]);
    expect(stateLabel('timed_out')).toBe('Timed out');
  });
});
