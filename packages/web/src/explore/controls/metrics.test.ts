import { describe, expect, it } from 'vitest';
import {
  aggregatesFor,
  dedupeMetrics,
  defaultAggregateFor,
  isMetricComplete,
  metricLabel,
  metricList,
  moveItem,
  simpleMetric,
  sqlMetric,
} from './metrics';
import { flights } from './testDatasource';

describe('adhoc metrics', () => {
  it('labels a simple metric AGG(column) unless the user titled it', () => {
    const m = simpleMetric({ column: 'dep_delay', aggregate: 'AVG' }, '');
    expect(m).toMatchObject({
      expressionType: 'SIMPLE',
      column: { column_name: 'dep_delay' },
      aggregate: 'AVG',
      label: 'AVG(dep_delay)',
      hasCustomLabel: false,
    });
    expect(m.optionName).toMatch(/^metric_/);
    const titled = simpleMetric({ column: 'dep_delay', aggregate: 'AVG' }, ' Average delay ');
    expect(titled).toMatchObject({ label: 'Average delay', hasCustomLabel: true });
    expect(metricLabel(titled)).toBe('Average delay');
  });

  it('labels a SQL metric by its SQL, shortened when long', () => {
    expect(sqlMetric('SUM(a) / COUNT(*)').label).toBe('SUM(a) / COUNT(*)');
    const long = sqlMetric(`SUM(${'x'.repeat(80)})`);
    expect(long.label?.length).toBe(43);
    expect(long.label?.endsWith('...')).toBe(true);
  });

  it('shows a saved metric by its verbose name, else its name', () => {
    expect(metricLabel('count', flights)).toBe('COUNT(*)');
    expect(metricLabel('unknown', flights)).toBe('unknown');
  });

  it('removes duplicate metrics, keeping the first (spec section 5)', () => {
    const a = simpleMetric({ column: 'dep_delay', aggregate: 'SUM' });
    const b = simpleMetric({ column: 'dep_delay', aggregate: 'SUM' });
    expect(dedupeMetrics(['count', a, 'count', b])).toEqual(['count', a]);
  });

  it('offers SUM and AVG only for numeric columns and starts a dropped column on a fitting aggregate', () => {
    expect(aggregatesFor(0)).toContain('AVG');
    expect(aggregatesFor(1)).not.toContain('SUM');
    expect(defaultAggregateFor(0)).toBe('SUM');
    expect(defaultAggregateFor(1)).toBe('COUNT_DISTINCT');
  });

  it('reads the control value as a list and knows when a metric is complete', () => {
    expect(metricList(null)).toEqual([]);
    expect(metricList('count')).toEqual(['count']);
    expect(metricList(['count', 3, { foo: 1 }])).toEqual(['count']);
    expect(isMetricComplete({ expressionType: 'SIMPLE', column: { column_name: 'x' }, aggregate: null })).toBe(false);
    expect(isMetricComplete({ expressionType: 'SQL', sqlExpression: '  ' })).toBe(false);
  });

  it('moves a chip to another place', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
