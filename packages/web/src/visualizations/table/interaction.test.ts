import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { TableChart } from './TableChart';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { transformTableProps } from './transformProps';
import { isCellSelected, rowDimensionValues, tableCellClick } from './interaction';

const main = {
  colnames: ['origin', 'ds', 'upper_dest', 'count'],
  coltypes: [1, 2, 1, 0],
  data: [
    { origin: 'SEA', ds: Date.UTC(2024, 0, 1), upper_dest: 'JFK', count: 3 },
    { origin: 'SFO', ds: Date.UTC(2024, 1, 1), upper_dest: 'LAX', count: 5 },
  ],
} as unknown as ChartDataQueryResult;

const fd = (over: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'table',
  datasource: '1__table',
  query_mode: 'aggregate',
  groupby: ['origin', 'ds', { sqlExpression: 'upper(dest)', label: 'upper_dest', expressionType: 'SQL' }],
  metrics: ['count'],
  time_grain_sqla: 'P1M',
  table_timestamp_format: '%Y-%m',
  ...over,
});

const run = (formData: QueryFormData) => transformTableProps({ formData, queriesData: [main], width: 800, height: 400, datasource: null });
const column = (p: ReturnType<typeof run>, key: string) => p.columns.find((c) => c.key === key)!;

describe('table cross-filters', () => {
  it('dimension columns filter; metrics and adhoc columns do not; a grained time drills but does not cross-filter', () => {
    const p = run(fd());
    expect(p.columns.map((c) => c.dimension ?? null)).toEqual([
      { col: 'origin', crossFilter: true },
      { col: 'ds', crossFilter: false },
      null,
      null,
    ]);
    // raw mode: every physical column is a dimension, times as they are
    const raw = run(fd({ query_mode: 'raw', all_columns: ['origin', 'ds'] }));
    expect(column(raw, 'ds').dimension).toEqual({ col: 'ds', crossFilter: true });
  });

  it('a click adds the value to its column selection and a second click takes it out', () => {
    const p = run(fd());
    const origin = column(p, 'origin');
    const first = tableCellClick(null, p.columns, origin, 'SEA');
    expect(first).toEqual({ filters: { origin: ['SEA'] }, label: 'SEA' });
    const second = tableCellClick(first!.filters, p.columns, origin, 'SFO');
    expect(second).toEqual({ filters: { origin: ['SEA', 'SFO'] }, label: 'SEA, SFO' });
    expect(tableCellClick(second!.filters, p.columns, origin, 'SEA')?.filters).toEqual({ origin: ['SFO'] });
    expect(tableCellClick({ origin: ['SFO'] }, p.columns, origin, 'SFO')).toEqual({ filters: null });
    expect(tableCellClick(null, p.columns, column(p, 'count'), 3)).toBeNull();
  });

  it('selected cells are the values of their column in the cross-filter', () => {
    const p = run(fd());
    expect(isCellSelected({ origin: ['SEA'] }, column(p, 'origin'), 'SEA')).toBe(true);
    expect(isCellSelected({ origin: ['SEA'] }, column(p, 'origin'), 'SFO')).toBe(false);
    expect(isCellSelected({ origin: ['SEA'] }, column(p, 'count'), 'SEA')).toBe(false);
    expect(isCellSelected(null, column(p, 'origin'), 'SEA')).toBe(false);
  });

  it('a right click drills on the row dimension values, times as epoch ms', () => {
    const p = run(fd());
    expect(rowDimensionValues(p.columns, p.data[1])).toEqual([
      { col: 'origin', val: 'SFO', formattedVal: 'SFO' },
      { col: 'ds', val: Date.UTC(2024, 1, 1), formattedVal: '2024-02' },
    ]);
  });
});

describe('table chart selection', () => {
  const render = (interaction?: Parameters<typeof TableChart>[0]['interaction']) =>
    renderToString(createElement(TableChart, { ...run(fd()), width: 600, height: 300, interaction }));

  it('highlights the selected values and marks the cells a click filters', () => {
    const html = render({ crossFilter: { origin: ['SFO'] }, emitCrossFilter: () => undefined });
    expect(html.match(/class="rtc-filterable rtc-selected"[^>]*>.*?SFO/g)).toHaveLength(1);
    expect(html.match(/rtc-filterable/g)).toHaveLength(2);
  });

  it('outside a dashboard (Explore) cells are drawn as before: no marks', () => {
    expect(render()).not.toMatch(/rtc-filterable|rtc-selected/);
  });
});
