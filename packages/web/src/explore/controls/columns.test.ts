import { describe, expect, it } from 'vitest';
import { adhocColumn, cleanColumns, columnKind, columnLabel, columnsFor } from './columns';
import { flights } from './testDatasource';

const names = (filter: Parameters<typeof columnsFor>[1]) => columnsFor(flights.columns, filter).map((c) => c.column_name);

describe('columns', () => {
  it('offers the columns a control takes: groupable, temporal, numeric, filterable', () => {
    expect(names('groupable')).toEqual(['origin', 'dep_delay', 'flight_date', 'cancelled']);
    expect(names('temporal')).toEqual(['flight_date']);
    expect(names('numeric')).toEqual(['dep_delay']);
    expect(names('filterable')).not.toContain('notes');
    expect(names(undefined)).toHaveLength(5);
  });

  it('shows # for numbers, abc for text and a clock for dates', () => {
    expect(flights.columns.map(columnKind)).toEqual(['string', 'numeric', 'temporal', 'boolean', 'string']);
  });

  it('labels a column by its verbose name and an adhoc one by its label or SQL', () => {
    expect(columnLabel('origin', flights.columns)).toBe('Origin airport');
    expect(columnLabel(adhocColumn('upper(origin)'), flights.columns)).toBe('upper(origin)');
    expect(adhocColumn(' upper(origin) ', 'Origin (upper)')).toEqual({
      sqlExpression: 'upper(origin)',
      label: 'Origin (upper)',
      expressionType: 'SQL',
    });
  });

  it('removes duplicate columns and drops empty names (spec section 5)', () => {
    expect(cleanColumns(['origin', '', 'origin', '  ', adhocColumn('a + 1'), adhocColumn('a + 1'), 7])).toEqual([
      'origin',
      adhocColumn('a + 1'),
    ]);
  });
});
