import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { transformPivotTableProps } from './transformProps';
import { nextSort, sortPivotRows } from './sortRows';

const result = {
  colnames: ['region', 'city', 'kind', 'm'],
  coltypes: [1, 1, 1, 0],
  data: [
    { region: 'east', city: 'a', kind: 'A', m: 1 },
    { region: 'east', city: 'b', kind: 'A', m: 2 },
    { region: 'west', city: 'c', kind: 'A', m: 7 },
    { region: 'west', city: 'd', kind: 'B', m: 4 },
  ],
} as unknown as ChartDataQueryResult;

const fd: QueryFormData = {
  viz_type: 'pivot_table_v2',
  datasource: '1__table',
  groupbyRows: ['region', 'city'],
  groupbyColumns: ['kind'],
  metrics: ['m'],
  colTotals: true,
  rowSubTotals: true,
};

const props = transformPivotTableProps({ formData: fd, queriesData: [result], width: 600, height: 400, datasource: null });
const texts = (headers: { text: string }[][]) => headers.map((hs) => hs.map((h) => h.text).join('/'));

describe('pivot rows sorted by a column header', () => {
  it('cycles ascending, descending, then back to the query order', () => {
    const asc = nextSort(null, 2);
    expect(asc).toEqual({ column: 2, direction: 'asc' });
    const desc = nextSort(asc, 2);
    expect(desc).toEqual({ column: 2, direction: 'desc' });
    expect(nextSort(desc, 2)).toBeNull();
    expect(nextSort(desc, 0)).toEqual({ column: 0, direction: 'asc' });
  });

  it('moves whole groups with their subtotal and sorts the rows inside each group, the total staying last', () => {
    expect(texts(props.rowHeaders)).toEqual(['east/a', 'b', 'Subtotal', 'west/c', 'd', 'Subtotal', 'Total (Sum)']);
    const sorted = sortPivotRows(props, 2, 0, 'desc');
    // column A: west (7) before east (3); inside east, b (2) before a (1); d has no A value and goes last
    expect(texts(sorted.rowHeaders)).toEqual(['west/c', 'd', 'Subtotal', 'east/b', 'a', 'Subtotal', 'Total (Sum)']);
    expect(sorted.cells.map((r) => r[0].text)).toEqual(['7', '', '7', '2', '1', '3', '10']);
    expect(sorted.rowKinds).toEqual(['leaf', 'leaf', 'subtotal', 'leaf', 'leaf', 'subtotal', 'total']);
    // the group label still spans its rows and its subtotal
    expect(sorted.rowHeaders[0][0]).toMatchObject({ text: 'west', span: 3 });
  });

  it('sorts ascending by the other column, rows without a value last', () => {
    const sorted = sortPivotRows(props, 2, 1, 'asc');
    expect(texts(sorted.rowHeaders)).toEqual(['west/d', 'c', 'Subtotal', 'east/a', 'b', 'Subtotal', 'Total (Sum)']);
  });
});
