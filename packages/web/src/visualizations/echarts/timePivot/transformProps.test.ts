import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;
const M = (y: number, m: number) => Date.UTC(y, m - 1, 1);
/** Monthly unemployed (thousands), three years. */
const rows = [2008, 2009, 2010].flatMap((y, k) => [1, 2, 3].map((m) => ({ __timestamp: M(y, m), sum_unemployed: 1000 * (k + 1) + m })));
const reply = {
  colnames: ['__timestamp', 'sum_unemployed'],
  coltypes: [2, 0],
  data: rows,
  rowcount: rows.length,
} as unknown as ChartDataQueryResult;

const fd: QueryFormData = {
  datasource: '14__table',
  viz_type: 'time_pivot',
  granularity_sqla: 'date',
  time_grain_sqla: 'P1M',
  metric: 'sum_unemployed',
  freq: 'AS',
  color_picker: { r: 0, g: 122, b: 135, a: 1 },
  line_interpolation: 'linear',
  y_axis_format: ',d',
};
const run = (extra: Partial<QueryFormData> = {}) =>
  transformProps({ formData: { ...fd, ...extra }, queriesData: [reply], datasource: null, width: 600, height: 400 })
    .echartOptions as AnyRecord;

describe('time pivot transformProps', () => {
  it('a line per year over the latest year, oldest first, the current one solid and older ones fainter', () => {
    const series = run().series as AnyRecord[];
    expect(series.map((s) => s.name)).toEqual(['2008', '2009', '2010']);
    expect(series.map((s) => s.color)).toEqual(['rgba(0,122,135,0.167)', 'rgba(0,122,135,0.333)', 'rgba(0,122,135,1)']);
    const oldest = series[0].data as { value: [number, number]; own: number }[];
    expect(oldest[1]).toEqual({ value: [M(2010, 2), 1002], own: M(2008, 2) });
  });

  it('interpolation, log scale, bounds and margins follow the controls', () => {
    expect((run({ line_interpolation: 'step-before' }).series as AnyRecord[])[0].step).toBe('start');
    expect((run({ line_interpolation: 'monotone' }).series as AnyRecord[])[0]).toMatchObject({ smooth: true, smoothMonotone: 'x' });
    const opt = run({ y_log_scale: true, y_axis_bounds: [10, null], left_margin: 100, bottom_margin: 'auto' });
    expect(opt.yAxis).toMatchObject({ type: 'log', min: 10, max: undefined });
    expect(opt.grid).toMatchObject({ left: 100, containLabel: true });
  });

  it('the tooltip escapes the metric name and shows each line with its own date', () => {
    const opt = transformProps({
      formData: { ...fd, metric: { expressionType: 'SQL', sqlExpression: 'x', label: '<b>jobs</b>' } },
      queriesData: [
        {
          ...reply,
          data: rows.map((r) => ({ __timestamp: r.__timestamp, '<b>jobs</b>': r.sum_unemployed })),
        } as unknown as ChartDataQueryResult,
      ],
      datasource: null,
      width: 600,
      height: 400,
    }).echartOptions as AnyRecord;
    const formatter = (opt.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ seriesIndex: 2, data: { value: [M(2010, 1), 3001], own: M(2010, 1) } }]);
    expect(html).toContain('&lt;b&gt;jobs&lt;/b&gt;');
    expect(html).toContain('2010');
    expect(html).toContain('2010-01-01 00:00');
    expect(html).toContain('3,001');
  });
});
