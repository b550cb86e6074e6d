import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '@rama/shared';
import { alteredControls, describeValue } from './altered';

const controls: Record<string, ControlConfig> = {
  metrics: { type: 'MetricsControl', label: 'Metrics' },
  row_limit: { type: 'SelectControl', label: 'Row limit' },
};

describe('the unsaved-changes marker', () => {
  it('is empty for a chart that was never saved', () => {
    expect(alteredControls({ viz_type: 'table', datasource: '1__table' }, null, controls)).toEqual([]);
  });
  it('lists changed controls by their labels with before and after values', () => {
    const saved = { viz_type: 'table', metrics: ['count'], row_limit: 1000 };
    const current = { viz_type: 'table', metrics: ['count', 'sum__x'], row_limit: 1000 };
    expect(alteredControls(current, saved, controls)).toEqual([
      { name: 'metrics', label: 'Metrics', before: ['count'], after: ['count', 'sum__x'] },
    ]);
  });
  it('does not count empty values, key order or bookkeeping keys as changes', () => {
    const saved = { adhoc_filters: [], where: '', metric: { a: 1, b: 2 }, slice_id: 3 };
    const current = { where: null, metric: { b: 2, a: 1 }, slice_id: 4, url_params: { x: '1' } };
    expect(alteredControls(current, saved, controls)).toEqual([]);
  });
  it('names a control the panel does not know by its key', () => {
    expect(alteredControls({ foo: 1 }, {}, controls).map((c) => c.label)).toEqual(['foo']);
  });
  it('describes values briefly', () => {
    expect(describeValue([])).toBe('None');
    expect(describeValue(['a', { label: 'AVG(x)' }])).toBe('a, AVG(x)');
  });

  it("does not count the dashboard's filters (Explore opened from a dashboard) as an edit", () => {
    const own = { expressionType: 'SIMPLE', subject: 'dep_delay', operator: '>', comparator: 10, clause: 'WHERE', isExtra: false };
    const fromDashboard = {
      expressionType: 'SIMPLE',
      subject: 'origin',
      operator: 'IN',
      comparator: ['ORD'],
      clause: 'WHERE',
      isExtra: true,
    };
    expect(alteredControls({ adhoc_filters: [own, fromDashboard] }, { adhoc_filters: [own] })).toEqual([]);
    expect(alteredControls({ adhoc_filters: [fromDashboard] }, { adhoc_filters: [own] }).map((c) => c.name)).toEqual(['adhoc_filters']);
  });
});
