import { describe, expect, it } from 'vitest';
import {
  adhocMetricSql,
  havingConditionSql,
  withHavingFiltersAsSql,
  clauseForSubject,
  coerceHavingComparator,
  metricSubjects,
  coerceComparator,
  comparatorFor,
  defaultAdhocFilters,
  filterLabel,
  isFilterComplete,
  operatorsFor,
  simpleFilter,
  sqlFilter,
} from './filters';
import { flights } from './testDatasource';

const col = (name: string) => flights.columns.find((c) => c.column_name === name) ?? null;

describe('filter operators', () => {
  it('offers the time range first on temporal columns, LIKE on text, IS TRUE / IS FALSE on booleans', () => {
    expect(operatorsFor(col('flight_date'))[0]).toBe('TEMPORAL_RANGE');
    expect(operatorsFor(col('origin'))).toEqual(expect.arrayContaining(['LIKE', 'ILIKE', 'IN', 'NOT_IN', 'IS_NULL', 'IS_NOT_NULL']));
    expect(operatorsFor(col('origin'))).not.toContain('TEMPORAL_RANGE');
    expect(operatorsFor(col('dep_delay'))).not.toContain('LIKE');
    expect(operatorsFor(col('cancelled'))).toEqual(expect.arrayContaining(['IS_TRUE', 'IS_FALSE']));
  });

  it('never offers LATEST_PARTITION (no supported engine has partitions)', () => {
    for (const c of flights.columns) expect(operatorsFor(c)).not.toContain('LATEST_PARTITION');
  });
});

describe('adhoc filters', () => {
  it('builds the BI server shape', () => {
    const f = simpleFilter('origin', 'IN', ['SFO', 'LAX'], { filterOptionName: 'filter_1' });
    expect(f).toEqual({
      expressionType: 'SIMPLE',
      subject: 'origin',
      operator: 'IN',
      operatorId: 'IN',
      comparator: ['SFO', 'LAX'],
      clause: 'WHERE',
      isExtra: false,
      filterOptionName: 'filter_1',
    });
    expect(sqlFilter('dep_delay > 0', 'HAVING', 'f')).toEqual({
      expressionType: 'SQL',
      sqlExpression: 'dep_delay > 0',
      clause: 'HAVING',
      filterOptionName: 'f',
    });
  });

  it('carries no value with IS NULL or IS NOT NULL (spec section 5)', () => {
    expect('comparator' in simpleFilter('origin', 'IS_NULL', 'SFO')).toBe(false);
    expect('comparator' in simpleFilter('origin', 'IS_NOT_NULL', ['SFO'])).toBe(false);
    expect(isFilterComplete(simpleFilter('origin', 'IS_NULL', undefined))).toBe(true);
  });

  it('keeps the value when the operator changes: one value becomes a list and back', () => {
    expect(comparatorFor('IN', 'SFO')).toEqual(['SFO']);
    expect(comparatorFor('EQUALS', ['SFO', 'LAX'])).toBe('SFO');
    expect(comparatorFor('TEMPORAL_RANGE', undefined)).toBe('No filter');
  });

  it('labels chips the way users read them', () => {
    expect(filterLabel(simpleFilter('origin', 'IN', ['SFO', 'LAX']), flights)).toBe('Origin airport IN (SFO, LAX)');
    expect(filterLabel(simpleFilter('dep_delay', 'GREATER_THAN', 10))).toBe('dep_delay > 10');
    expect(filterLabel(simpleFilter('origin', 'IS_NOT_NULL', null))).toBe('origin IS NOT NULL');
    expect(filterLabel(simpleFilter('flight_date', 'TEMPORAL_RANGE', 'Last week'))).toBe('flight_date (Last week)');
    expect(filterLabel(sqlFilter('dep_delay > 0'))).toBe('dep_delay > 0');
  });

  it('is incomplete without values for IN and without a value for comparisons', () => {
    expect(isFilterComplete(simpleFilter('origin', 'IN', []))).toBe(false);
    expect(isFilterComplete(simpleFilter('origin', 'EQUALS', ''))).toBe(false);
    expect(isFilterComplete(sqlFilter('  '))).toBe(false);
  });

  it('sends numbers typed into a numeric column as numbers', () => {
    expect(coerceComparator(['1', 'x', '2.5'], col('dep_delay'))).toEqual([1, 'x', 2.5]);
    expect(coerceComparator('10', col('origin'))).toBe('10');
  });

  it('gives a new chart a "time column (No filter)" range filter on the main datetime column', () => {
    const [f] = defaultAdhocFilters(flights);
    expect(f).toMatchObject({ subject: 'flight_date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', clause: 'WHERE' });
    expect(filterLabel(f)).toBe('flight_date (No filter)');
    expect(defaultAdhocFilters({ ...flights, columns: flights.columns.filter((c) => !c.is_dttm), main_dttm_col: null })).toEqual([]);
  });
});

describe('Simple filters on a metric (HAVING)', () => {
  const sumDelay = { expressionType: 'SIMPLE' as const, aggregate: 'SUM', column: { column_name: 'dep_delay' }, label: 'SUM(dep_delay)' };

  it("offers the chart's metrics first, then the dataset's saved metrics, each once", () => {
    const subjects = metricSubjects(flights, { viz_type: 'table', datasource: '3__table', metrics: [sumDelay, 'count'] });
    expect(subjects).toEqual([
      { name: 'SUM(dep_delay)', label: 'SUM(dep_delay)', saved: false, sql: 'SUM(dep_delay)' },
      { name: 'count', label: 'COUNT(*)', saved: true, sql: 'COUNT(*)' },
    ]);
    expect(metricSubjects(flights, null)).toEqual([{ name: 'count', label: 'COUNT(*)', saved: true, sql: 'COUNT(*)' }]);
  });

  it('gives a metric subject clause HAVING and a column subject clause WHERE', () => {
    const subjects = metricSubjects(flights, null);
    expect(clauseForSubject('count', subjects, flights.columns)).toBe('HAVING');
    expect(clauseForSubject('origin', subjects, flights.columns)).toBe('WHERE');
    expect(clauseForSubject(null, subjects, flights.columns)).toBe('WHERE');
  });

  it('builds a HAVING filter in the peer shape, compares numbers, and labels it by the metric', () => {
    const f = simpleFilter('count', 'GREATER_THAN', coerceHavingComparator('1000'), { clause: 'HAVING' });
    expect(f).toMatchObject({ expressionType: 'SIMPLE', subject: 'count', operator: '>', comparator: 1000, clause: 'HAVING' });
    expect(isFilterComplete(f)).toBe(true);
    expect(filterLabel(f, flights)).toBe('COUNT(*) > 1000');
    expect(operatorsFor(null, 'HAVING')).not.toContain('LIKE');
  });

  it("writes the condition as SQL on the metric's aggregate", () => {
    expect(havingConditionSql('COUNT(*)', 'GREATER_THAN', 1000)).toBe('(COUNT(*)) > 1000');
    expect(havingConditionSql('SUM(x)', 'EQUALS', 5)).toBe('(SUM(x)) = 5');
    expect(havingConditionSql('SUM(x)', 'NOT_EQUALS', 5)).toBe('(SUM(x)) <> 5');
    expect(havingConditionSql('MAX(origin)', 'IN', ['SFO', "O'Hare"])).toBe("(MAX(origin)) IN ('SFO', 'O''Hare')");
    expect(havingConditionSql(null, 'GREATER_THAN', 1)).toBeNull();
    expect(havingConditionSql('COUNT(*)', 'GREATER_THAN', '')).toBeNull();
    expect(adhocMetricSql({ expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'origin' } })).toBe(
      'COUNT(DISTINCT origin)',
    );
    expect(adhocMetricSql({ expressionType: 'SQL', sqlExpression: ' AVG(dep_delay) ' })).toBe('AVG(dep_delay)');
  });

  it('queries a Simple HAVING filter as its SQL HAVING clause and leaves WHERE filters as they are', () => {
    const having = { ...simpleFilter('count', 'GREATER_THAN', 1000, { clause: 'HAVING' }), sqlExpression: '(COUNT(*)) > 1000' };
    const where = simpleFilter('origin', 'IN', ['SFO']);
    const fd = { viz_type: 'table', datasource: '3__table', adhoc_filters: [where, having] };
    const out = withHavingFiltersAsSql(fd);
    expect(out.adhoc_filters).toEqual([
      where,
      expect.objectContaining({ expressionType: 'SQL', clause: 'HAVING', sqlExpression: '(COUNT(*)) > 1000' }),
    ]);
    const plain = { viz_type: 'table', datasource: '3__table', adhoc_filters: [where] };
    expect(withHavingFiltersAsSql(plain)).toBe(plain);
  });
});
