import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { transformBigNumberProps, transformBigNumberTotalProps } from './transformProps';
import { reply } from '../testReplies';

const datasource = {
  metrics: [{ metric_name: 'revenue', d3format: ',.2f' }],
  column_formats: {},
  currency_formats: { revenue: { symbol: 'USD', symbolPosition: 'prefix' } },
} as unknown as ExploreDatasource;

const run = (extra: Record<string, unknown>) => {
  const formData = { viz_type: 'big_number_total', datasource: '1__table', metric: 'revenue', ...extra } as QueryFormData;
  return transformBigNumberTotalProps({
    formData,
    queriesData: [reply([{ revenue: 1234.5 }], ['revenue'], [0])],
    datasource,
    width: 400,
    height: 300,
  });
};

describe('big number currency', () => {
  it("writes the metric's saved currency before the figure, in the metric's format", () => {
    expect(run({}).headline).toBe('$ 1,234.50');
  });

  it("uses the chart's currency over the metric's, after the figure when asked", () => {
    expect(run({ currency_format: { symbol: 'EUR', symbolPosition: 'suffix' }, y_axis_format: ',d' }).headline).toBe('1,235 €');
  });

  it("writes the chart's currency on the trendline's latest value too", () => {
    const p = transformBigNumberProps({
      formData: {
        viz_type: 'big_number',
        datasource: '1__table',
        metric: 'count',
        x_axis: 'ds',
        y_axis_format: ',d',
        currency_format: { symbol: 'GBP', symbolPosition: 'prefix' },
      } as QueryFormData,
      queriesData: [reply([{ ds: Date.UTC(2024, 0, 1), count: 1200 }], ['ds', 'count'], [2, 0])],
      datasource,
      width: 400,
      height: 300,
    });
    expect(p.headline).toBe('£ 1,200');
  });
});
