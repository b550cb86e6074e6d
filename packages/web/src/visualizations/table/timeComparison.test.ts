import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { cellText } from './tableModel';
import { transformTableProps } from './transformProps';
import { comparedColumns, comparisonValues, shiftPartsOf, tableTimeShifts } from './timeComparison';
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
    expect(comparisonValues(5, -10)).toEqual({ Main: 5, '#': -10, '△': 15, '%': 1.5, Ratio: -0.5 });
    expect(comparisonValues(5, 0)['%']).toBeNull();
    expect(comparisonValues(5, 0).Ratio).toBeNull();
    expect(tableTimeShifts({ time_compare: ['1 week ago'] })).toEqual(['1 week ago']);
    expect(tableTimeShifts({ time_compare: 'inherit' })).toEqual([]);
    expect(comparedColumns(['a', 'm'], [1, 0], ['m'], ['1 day ago']).names).toEqual(['a', 'm']);
  });
});

const twoShifts = reply(
  [{ origin: 'SEA', count: 120, 'count__1 year ago': 100, 'count__1 week ago': 150 }],
  ['origin', 'count', 'count__1 year ago', 'count__1 week ago'],
  [1, 0, 0, 0],
);
const runTwo = (over: Record<string, unknown> = {}) =>
  transformTableProps({
    formData: fd({ metrics: ['count'], time_compare: ['1 year ago', '1 week ago'], ...over }),
    queriesData: [twoShifts],
    width: 800,
    height: 400,
    datasource,
  });

describe('table time comparison with several shifts', () => {
  it('shows Main once and, per shift, #, △ and % headed with the shift', () => {
    const p = runTwo();
    expect(p.columns.map((c) => c.label)).toEqual([
      'origin',
      'Main Flights',
      '# Flights (1 year ago)',
      '△ Flights (1 year ago)',
      '% Flights (1 year ago)',
      '# Flights (1 week ago)',
      '△ Flights (1 week ago)',
      '% Flights (1 week ago)',
    ]);
    const row = p.data[0];
    expect(row['△ count (1 year ago)']).toBe(20);
    expect(row['△ count (1 week ago)']).toBe(-30);
    expect(row['% count (1 week ago)']).toBe(-0.2);
  });

  it('narrows each shift to the chosen calculation: difference, percentage change or ratio', () => {
    expect(shiftPartsOf('values')).toEqual(['#', '△', '%']);
    expect(shiftPartsOf(undefined)).toEqual(['#', '△', '%']);
    expect(runTwo({ comparison_type: 'absolute' }).columns.map((c) => c.key)).toEqual([
      'origin',
      'Main count',
      '△ count (1 year ago)',
      '△ count (1 week ago)',
    ]);
    expect(runTwo({ comparison_type: 'percentage' }).columns.map((c) => c.key)).toEqual([
      'origin',
      'Main count',
      '% count (1 year ago)',
      '% count (1 week ago)',
    ]);
    const ratio = runTwo({ comparison_type: 'ratio' });
    const col = ratio.columns.find((c) => c.key === 'Ratio count (1 year ago)')!;
    expect(col.label).toBe('Ratio Flights (1 year ago)');
    expect(cellText(col, ratio.data[0][col.key])).toBe('1.200');
  });

  it('keeps the plain columns when a shift did not come back for a metric', () => {
    const p = runTwo({ time_compare: ['1 year ago', '2 years ago'] });
    expect(p.columns.map((c) => c.key)).toEqual(['origin', 'count', 'count__1 year ago', 'count__1 week ago']);
  });
});
