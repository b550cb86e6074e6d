import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { transformProps } from './transformProps';

const W = (d: number) => Date.UTC(2001, 0, d);
/** Weekly departures at three airports, as the legacy time-series query returns them (largest first). */
const reply = {
  colnames: ['__timestamp', 'origin', 'count'],
  coltypes: [2, 1, 0],
  data: [
    { __timestamp: W(8), origin: 'ORD', count: 700 },
    { __timestamp: W(1), origin: 'ORD', count: 680 },
    { __timestamp: W(1), origin: 'ATL', count: 720 },
    { __timestamp: W(8), origin: 'ATL', count: 760 },
    { __timestamp: W(15), origin: 'DFW', count: 500 },
  ],
  rowcount: 5,
} as unknown as ChartDataQueryResult;

const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'horizon',
  granularity_sqla: 'date',
  time_grain_sqla: 'P1W',
  metrics: ['count'],
  groupby: ['origin'],
  series_height: '40',
  horizon_color_scale: 'series',
};
const run = (extra: Partial<QueryFormData> = {}, datasource: ExploreDatasource | null = null) =>
  transformProps({ formData: { ...fd, ...extra }, queriesData: [reply], datasource, width: 600, height: 400 });

describe('horizon transformProps', () => {
  it('one row per airport, sorted, on every week (missing weeks null), with the row height', () => {
    const p = run();
    expect(p.rows.map((r) => r.title)).toEqual(['ATL', 'DFW', 'ORD']);
    expect(p.rows[0].values).toEqual([720, 760, null]);
    expect(p.rows[2].values).toEqual([680, 700, null]);
    expect(p.times).toEqual(['2001-01-01', '2001-01-08', '2001-01-15']);
    expect(p.seriesHeight).toBe(40);
    expect(p.yDomain).toBeNull();
  });

  it('a row cross-filters on its airport', () => {
    expect(run().rows[1].filters).toEqual([{ col: 'origin', val: 'DFW', formattedVal: 'DFW' }]);
  });

  it('overall shares one domain; change starts every row at 0; contribution shows shares', () => {
    expect(run({ horizon_color_scale: 'overall' }).yDomain).toEqual([500, 760]);
    expect(run({ horizon_color_scale: 'change' }).rows[0].values).toEqual([0, 40, null]);
    const shares = run({ contribution: true });
    expect(shares.rows[0].values[0]).toBeCloseTo(720 / 1400);
    expect(shares.formatValue(0.5)).toBe('50.0%');
  });

  it('several metrics: rows are named by metric (verbose) and group', () => {
    const two = {
      ...reply,
      colnames: ['__timestamp', 'count', 'avg_delay'],
      data: [{ __timestamp: W(1), count: 3, avg_delay: 4 }],
    } as unknown as ChartDataQueryResult;
    const ds = { verbose_map: { avg_delay: 'Average delay' }, metrics: [] } as unknown as ExploreDatasource;
    const p = transformProps({
      formData: { ...fd, groupby: [], metrics: ['count', 'avg_delay'] },
      queriesData: [two],
      datasource: ds,
      width: 1,
      height: 1,
    });
    expect(p.rows.map((r) => r.title)).toEqual(['count', 'Average delay']);
    expect(p.rows[0].filters).toEqual([]);
  });
});
