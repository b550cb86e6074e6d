import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { transformProps } from './transformProps';
import { interactivePieOption, pieClickValues } from './interaction';

type AnyRecord = Record<string, unknown>;

const reply = (rows: AnyRecord[], colnames: string[], coltypes: number[]) =>
  ({ colnames, coltypes, data: rows, rowcount: rows.length }) as unknown as ChartDataQueryResult;

/** Flights by origin and carrier. */
const flights = reply(
  [
    { origin: 'SFO', carrier: 'AA', count: 300 },
    { origin: 'SEA', carrier: 'AS', count: 500 },
    { origin: null, carrier: 'UA', count: 5 },
  ],
  ['origin', 'carrier', 'count'],
  [1, 1, 0],
);

const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'pie',
  datasource: '3__table',
  groupby: ['origin', 'carrier'],
  metric: 'count',
  ...extra,
});

const run = (formData: QueryFormData, r = flights) =>
  transformProps({ formData, queriesData: [r], datasource: null, width: 600, height: 400 });

describe('pie cross-filters', () => {
  it('a slice (largest first) stands for its groupby values, raw, with the text it shows', () => {
    const { sliceFilters } = run(fd());
    expect(sliceFilters[0]).toEqual({
      label: 'SEA, AS',
      values: [
        { col: 'origin', val: 'SEA', formattedVal: 'SEA' },
        { col: 'carrier', val: 'AS', formattedVal: 'AS' },
      ],
    });
    expect(sliceFilters[2].values[0]).toEqual({ col: 'origin', val: null, formattedVal: '<NULL>' });
    expect(pieClickValues(sliceFilters, 1)?.label).toBe('SFO, AA');
    expect(pieClickValues(sliceFilters, 9)).toBeNull();
  });

  it('a temporal slice filters on the epoch value, shown in the date format', () => {
    const r = reply([{ month: Date.UTC(2023, 0, 1), count: 3 }], ['month', 'count'], [2, 0]);
    const { sliceFilters } = run(fd({ groupby: ['month'], date_format: '%Y-%m' }), r);
    expect(sliceFilters[0].values).toEqual([{ col: 'month', val: Date.UTC(2023, 0, 1), formattedVal: '2023-01' }]);
  });

  it('a slice of adhoc columns only filters nothing', () => {
    const adhoc = { sqlExpression: 'upper(origin)', label: 'O', expressionType: 'SQL' };
    const r = reply([{ O: 'SEA', count: 3 }], ['O', 'count'], [1, 0]);
    const { sliceFilters } = run(fd({ groupby: [adhoc] }), r);
    expect(pieClickValues(sliceFilters, 0)).toBeNull();
  });

  it('slices outside the selection are dimmed', () => {
    const { echartOptions, sliceFilters } = run(fd());
    const out = interactivePieOption(echartOptions, sliceFilters, { origin: ['SEA'] }, false) as AnyRecord;
    const data = (out.series as AnyRecord[])[0].data as AnyRecord[];
    expect(data.map((d) => (d.itemStyle as AnyRecord).opacity)).toEqual([undefined, 0.3, 0.3]);
    expect(out.animation).toBe(false);
    // nothing selected on these columns: drawn as it is
    const none = interactivePieOption(echartOptions, sliceFilters, { dest: ['JFK'] }, true) as AnyRecord;
    expect((none.series as AnyRecord[])[0]).toBe((echartOptions.series as AnyRecord[])[0]);
  });
});
