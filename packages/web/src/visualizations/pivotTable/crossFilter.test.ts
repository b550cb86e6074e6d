import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { transformPivotTableProps } from './transformProps';

describe('pivot table cross-filters', () => {
  const records = {
    colnames: ['origin', 'carrier', 'count'],
    coltypes: [1, 1, 0],
    data: [
      { origin: 'SEA', carrier: 'AA', count: 1 },
      { origin: 'SEA', carrier: 'AS', count: 2 },
      { origin: 'SFO', carrier: 'AA', count: 3 },
    ],
  } as unknown as ChartDataQueryResult;
  const pivotFd: QueryFormData = {
    viz_type: 'pivot_table_v2',
    datasource: '1__table',
    groupbyRows: ['origin', 'carrier'],
    groupbyColumns: [],
    metrics: ['count'],
    colTotals: true,
  };
  const props = transformPivotTableProps({ formData: pivotFd, queriesData: [records], datasource: null, width: 600, height: 400 });

  it('a value header filters on its value under the values it sits under', () => {
    const sea = props.rowHeaders[0][0];
    expect(sea.text).toBe('SEA');
    expect(sea.crossFilter).toEqual([{ col: 'origin', val: 'SEA', formattedVal: 'SEA' }]);
    const seaAs = props.rowHeaders[1][0];
    expect(seaAs.text).toBe('AS');
    expect(seaAs.filters).toEqual([
      { col: 'origin', val: 'SEA', formattedVal: 'SEA' },
      { col: 'carrier', val: 'AS', formattedVal: 'AS' },
    ]);
  });

  it('totals and metric names filter nothing', () => {
    const total = props.rowHeaders[props.rowHeaders.length - 1][0];
    expect(total.kind).toBe('total');
    expect(total.filters).toBeUndefined();
    expect(props.colHeaders.flat().every((h) => h.filters === undefined)).toBe(true);
  });
});
