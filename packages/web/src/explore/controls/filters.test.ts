import { describe, expect, it } from 'vitest';
import {
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
