import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { transformProps } from './transformProps';

const W1 = Date.UTC(2001, 0, 1);
const W2 = Date.UTC(2001, 0, 8);
const W3 = Date.UTC(2001, 0, 15);

/** Weekly average delay and departures at three airports (the reply of the legacy time-series query). */
const reply = {
  colnames: ['__timestamp', 'origin', 'avg_delay', 'count'],
  coltypes: [2, 1, 0, 0],
  data: [
    { __timestamp: W2, origin: 'ORD', avg_delay: 14, count: 700 },
    { __timestamp: W1, origin: 'ORD', avg_delay: 12, count: 680 },
    { __timestamp: W1, origin: 'ATL', avg_delay: 9, count: 720 },
    { __timestamp: W2, origin: 'ATL', avg_delay: 10, count: 760 },
    { __timestamp: W3, origin: 'ATL', avg_delay: 8, count: 740 },
    { __timestamp: W3, origin: null, avg_delay: 5, count: 20 },
  ],
  rowcount: 6,
} as unknown as ChartDataQueryResult;

const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'paired_ttest',
  groupby: ['origin'],
  metrics: ['avg_delay', 'count'],
  significance_level: '0.01',
  pvalue_precision: 4,
  liftvalue_precision: 2,
};
const datasource = { verbose_map: { avg_delay: 'Average delay (min)', origin: 'Origin' } } as unknown as ExploreDatasource;

describe('paired t-test transformProps', () => {
  it('one table per metric, one series per group sorted, on every week (missing weeks null)', () => {
    const props = transformProps({ formData: fd, queriesData: [reply], datasource, width: 600, height: 400 });
    expect(props.groups).toEqual(['Origin']);
    expect(props.tables.map((t) => [t.metric, t.title])).toEqual([
      ['avg_delay', 'Average delay (min)'],
      ['count', 'count'],
    ]);
    expect(props.tables[0].series).toEqual([
      { group: ['ATL'], values: [9, 10, 8] },
      { group: ['ORD'], values: [12, 14, null] },
      { group: ['<NULL>'], values: [null, null, 5] },
    ]);
    expect(props).toMatchObject({ alpha: 0.01, pValuePrecision: 4, liftPrecision: 2 });
  });

  it('contribution: each value as its share of the week total of the metric', () => {
    const props = transformProps({
      formData: { ...fd, contribution: true },
      queriesData: [reply],
      datasource: null,
      width: 600,
      height: 400,
    });
    const [atl, ord] = props.tables[1].series;
    expect(atl.values[0]).toBeCloseTo(720 / 1400);
    expect(ord.values[1]).toBeCloseTo(700 / 1460);
  });

  it('the defaults: alpha 0.05, 6 and 4 decimals', () => {
    const props = transformProps({
      formData: { ...fd, significance_level: undefined, pvalue_precision: undefined, liftvalue_precision: undefined },
      queriesData: [reply],
      datasource: null,
      width: 1,
      height: 1,
    });
    expect(props).toMatchObject({ alpha: 0.05, pValuePrecision: 6, liftPrecision: 4 });
  });
});
