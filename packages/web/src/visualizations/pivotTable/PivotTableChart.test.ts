import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { PivotTableChart } from './PivotTableChart';
import { transformPivotTableProps } from './transformProps';

const result = {
  colnames: ['region', 'city', 'kind', 'm'],
  coltypes: [1, 1, 1, 0],
  data: [
    { region: 'east', city: 'a', kind: 'A', m: 1 },
    { region: 'east', city: 'b', kind: 'B', m: 2 },
    { region: 'west', city: 'c', kind: 'A', m: 3 },
  ],
} as unknown as ChartDataQueryResult;

const fd: QueryFormData = {
  viz_type: 'pivot_table_v2',
  datasource: '1__table',
  groupbyRows: ['region', 'city'],
  groupbyColumns: ['kind'],
  metrics: ['m'],
  rowTotals: true,
  colTotals: true,
  rowSubTotals: true,
};

const render = (formData: QueryFormData) =>
  renderToString(
    createElement(PivotTableChart, {
      ...transformPivotTableProps({ formData, queriesData: [result], width: 600, height: 400, datasource: null }),
      width: 600,
      height: 400,
    }),
  );

describe('pivot table chart', () => {
  it('merges a row group over its rows and its subtotal, and labels totals', () => {
    const html = render(fd);
    expect(html).toContain('rowSpan="3" colSpan="1">east</th>');
    expect(html).toContain('colSpan="2">Subtotal</th>');
    // the total row's label spans both row levels and the column-name column
    expect(html).toContain('colSpan="3">Total (Sum)</th>');
    // the total column's label spans the two column header rows and the row-name row
    expect(html).toMatch(/colSpan="1" rowSpan="3">Total \(Sum\)<span[^>]*>⇅<\/span><\/th>/);
    expect(html).toContain('<td class="pvt-total">6</td>');
  });

  it('lists the row dimension names under the column headers', () => {
    const html = render({ ...fd, rowTotals: false, colTotals: false, rowSubTotals: false });
    expect(html).toMatch(/scope="col">region<\/th><th class="pvt-axis-label" scope="col">city<\/th>/);
    expect(html).not.toContain('Total (Sum)');
  });
});
