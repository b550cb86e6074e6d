import { describe, expect, it } from 'vitest';
import { NO_ACTION_LOG_FILTERS, actionLogListFilters, logSource, prettyLogJson } from './actionLog';

describe('Action log filters', () => {
  it('sends no filter when none is set', () => {
    expect(actionLogListFilters(NO_ACTION_LOG_FILTERS)).toEqual([]);
  });

  it('turns every filter into the rison filter the log list accepts', () => {
    expect(
      actionLogListFilters({
        action: '  render_chart ',
        userId: 3,
        dashboardId: 12,
        sliceId: 40,
        from: Date.UTC(2026, 0, 1),
        to: Date.UTC(2026, 0, 2),
      }),
    ).toEqual([
      { col: 'action', opr: 'ct', value: 'render_chart' },
      { col: 'user', opr: 'rel_o_m', value: 3 },
      { col: 'dashboard_id', opr: 'eq', value: 12 },
      { col: 'slice_id', opr: 'eq', value: 40 },
      { col: 'dttm', opr: 'gt', value: '2026-01-01T00:00:00.000Z' },
      { col: 'dttm', opr: 'lt', value: '2026-01-02T00:00:00.000Z' },
    ]);
  });
});

describe('Action log rows', () => {
  it('pretty-prints the event JSON and keeps text that is not JSON', () => {
    expect(prettyLogJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyLogJson('not json')).toBe('not json');
  });

  it('names where the event came from', () => {
    expect(logSource({ json: '{"source":"dashboard"}' })).toBe('Dashboard');
    expect(logSource({ json: '{"source":"explore"}' })).toBe('Explore');
    expect(logSource({ json: '{"source":"sqlLab"}' })).toBe('SQL Lab');
    expect(logSource({ json: '{}' })).toBeNull();
    expect(logSource({ json: '' })).toBeNull();
  });
});
