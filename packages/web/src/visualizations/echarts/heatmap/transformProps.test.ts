import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { getSequentialScheme } from '@rama/shared';
import { sortAxisValues, transformProps } from './transformProps';
import { elementClickValues } from '../elementCrossFilter';
import { reply } from '../../testReplies';

/** Average delay by airport and weekday, ranked by the rank operation. */
const cells = reply(
  [
    { origin: 'SFO', Weekday: '1 Mon', avg_delay: 10, rank: 0.5 },
    { origin: 'LAX', Weekday: '1 Mon', avg_delay: 30, rank: 1 },
    { origin: 'SFO', Weekday: '2 Tue', avg_delay: 5, rank: 0.25 },
    { origin: 'LAX', Weekday: '2 Tue', avg_delay: 15, rank: 0.75 },
  ],
  ['origin', 'Weekday', 'avg_delay', 'rank'],
);
const fd: QueryFormData = {
  viz_type: 'heatmap_v2',
  datasource: '5__table',
  x_axis: 'origin',
  groupby: { expressionType: 'SQL', label: 'Weekday', sqlExpression: "strftime(date, '%w %a')" },
  metric: 'avg_delay',
  sort_x_axis: 'alpha_asc',
  sort_y_axis: 'alpha_asc',
  y_axis_format: ',.1f',
};

type AnyRecord = Record<string, unknown>;
const run = (formData: QueryFormData = fd) => transformProps({ formData, queriesData: [cells], datasource: null, width: 600, height: 400 });

describe('heatmap transformProps', () => {
  it('sorts axes by their values, numbers as numbers, or by the metric total', () => {
    expect(sortAxisValues(['10', '9', '100'], [], 'alpha_asc', 'm', 'x')).toEqual(['9', '10', '100']);
    expect(sortAxisValues(['b', 'a'], [], 'alpha_desc', 'm', 'x')).toEqual(['b', 'a']);
    const rows = [
      { x: 'a', m: 1 },
      { x: 'b', m: 5 },
      { x: 'a', m: 2 },
    ];
    expect(sortAxisValues(['a', 'b'], rows, 'value_desc', 'm', 'x')).toEqual(['b', 'a']);
  });

  it('cells at (x index, y index, value) on category axes, coloured by the sequential scheme', () => {
    const opt = run().echartOptions as AnyRecord;
    expect((opt.xAxis as AnyRecord).data).toEqual(['LAX', 'SFO']);
    expect((opt.yAxis as AnyRecord).data).toEqual(['1 Mon', '2 Tue']);
    const [series] = opt.series as AnyRecord[];
    expect(series.data).toEqual([
      [1, 0, 10],
      [0, 0, 30],
      [1, 1, 5],
      [0, 1, 15],
    ]);
    const vm = opt.visualMap as AnyRecord;
    expect(vm).toMatchObject({ min: 5, max: 30, dimension: 2, type: 'continuous' });
    expect((vm.inRange as AnyRecord).color).toEqual(getSequentialScheme('superset_seq_1').colors);
  });

  it('"Normalized" colours by the rank; value bounds fix the colour range', () => {
    const vm = run({ ...fd, normalized: true, value_bounds: [0, null] }).echartOptions.visualMap as AnyRecord;
    expect(vm).toMatchObject({ dimension: 3, min: 0, max: 1 });
  });

  it('the tooltip gives the value and its share of the column when normalizing across x', () => {
    const { formatter } = run({ ...fd, normalize_across: 'x' }).echartOptions.tooltip as { formatter: (p: unknown) => string };
    const html = formatter({ dataIndex: 1 });
    expect(html).toContain('LAX (1 Mon)');
    expect(html).toContain('avg_delay: 30.0 66.67% (LAX)');
  });

  it("the tooltip writes the chart's currency with the value", () => {
    const { formatter } = run({ ...fd, currency_format: { symbol: 'GBP', symbolPosition: 'prefix' } }).echartOptions.tooltip as {
      formatter: (p: unknown) => string;
    };
    expect(formatter({ dataIndex: 1 })).toMatch(/£ ?30\.0/);
  });

  it('a click on a cell filters the x column (the y axis is an adhoc column, not filterable)', () => {
    expect(elementClickValues(run().elements, 0, 0)?.values).toEqual([{ col: 'origin', val: 'SFO', formattedVal: 'SFO' }]);
  });
  it('names every cell on both axes when they fit, and keeps an interval the controls choose', () => {
    const opt = run().echartOptions as AnyRecord;
    expect((opt.xAxis as AnyRecord).axisLabel).toMatchObject({ interval: 0, rotate: 0 });
    expect((opt.yAxis as AnyRecord).axisLabel).toMatchObject({ interval: 0 });
    const chosen = run({ ...fd, xscale_interval: 3, yscale_interval: 2 }).echartOptions as AnyRecord;
    expect((chosen.xAxis as AnyRecord).axisLabel).toMatchObject({ interval: 2 });
    expect((chosen.yAxis as AnyRecord).axisLabel).toMatchObject({ interval: 1 });
  });
});
