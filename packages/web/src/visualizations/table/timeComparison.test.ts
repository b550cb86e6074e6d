import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { cellText } from './tableModel';
import { transformTableProps } from './transformProps';
import { comparedColumns, comparisonValues, tableTimeShift } from './timeComparison';
import { reply } from '../testReplies';

const datasource = {
  verbose_map: { count: 'Flights' },
  column_formats: { count: ',d' },
  currency_formats: { revenue: { symbol: 'USD', symbolPosition: 'prefix' } },
} as unknown as ExploreDatasource;

const shifted = reply(
  [
    { origin: 'SEA', count: 120, 'count__1 year ago': 100, revenue: 10, 'revenue__1 year ago': 20 },
    { origin: 'SFO', count: 50, 'count__1 year ago': null, revenue: 5, 'revenue__1 year ago': 0 },
  ],
  ['origin', 'count', 'count__1 year ago', 'revenue', 'revenue__1 year ago'],
  [1, 0, 0, 0, 0],
);

const fd = (over: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'table',
  datasource: '1__table',
  query_mode: 'aggregate',
  groupby: ['origin'],
  metrics: ['count', 'revenue'],
  time_compare: '1 year ago',
  ...over,
});

const run = (formData: QueryFormData) => transformTableProps({ formData, queriesData: [shifted], width: 800, height: 400, datasource });

describe('table time comparison', () => {
  it('shows each metric as Main, #, △ and % columns and hides the shifted column', () => {
    const p = run(fd());
    expect(p.columns.map((c) => c.label)).toEqual([
      'origin',
      'Main Flights',
      '# Flights',
      '△ Flights',
      '% Flights',
      'Main revenue',
      '# revenue',
      '△ revenue',
      '% revenue',
    ]);
    expect(p.columns.some((c) => c.key.includes('__'))).toBe(false);
  });

  it('computes the shifted value, the difference and the percentage change per row, in the metric format', () => {
    const p = run(fd());
    const cell = (key: string, row: number) =>
      cellText(
        p.columns.find((c) => c.key === key)!,
        p.data[row][key],
      );
    expect(cell('Main count', 0)).toBe('120');
    expect(cell('# count', 0)).toBe('100');
    expect(cell('△ count', 0)).toBe('20');
    expect(cell('% count', 0)).toBe('20.000%');
    // no value a year ago: no difference and no change
    expect(p.data[1]['△ count']).toBeNull();
    // the metric's currency applies to its value columns, not to the change
    expect(cell('△ revenue', 0)).toBe('$ -10');
    expect(cell('% revenue', 0)).toBe('-50.000%');
  });

  it('draws the plain metrics without a time shift', () => {
    const p = run(fd({ time_compare: [] }));
    expect(p.columns.map((c) => c.key)).toContain('count__1 year ago');
    expect(p.columns.map((c) => c.key)).toContain('count');
  });

  it('divides the change by the size of the earlier value and leaves a zero base empty', () => {
    expect(comparisonValues(5, -10)).toEqual({ Main: 5, '#': -10, '△': 15, '%': 1.5 });
    expect(comparisonValues(5, 0)['%']).toBeNull();
    expect(tableTimeShift({ time_compare: ['1 week ago'] })).toBe('1 week ago');
    expect(tableTimeShift({ time_compare: 'inherit' })).toBeNull();
    expect(comparedColumns(['a', 'm'], [1, 0], ['m'], '1 day ago').names).toEqual(['a', 'm']);
  });
});
