import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { transformProps, waterfallBars } from './transformProps';
import { reply } from '../../testReplies';

/** A yearly budget's changes by quarter. */
const quarters = reply(
  [
    { quarter: 'Q1', change: 100 },
    { quarter: 'Q2', change: -30 },
    { quarter: 'Q3', change: -120 },
    { quarter: 'Q4', change: 80 },
  ],
  ['quarter', 'change'],
  [1, 0],
);
const fd: QueryFormData = { viz_type: 'waterfall', datasource: '1__table', x_axis: 'quarter', metric: 'change', y_axis_format: ',d' };

type AnyRecord = Record<string, unknown>;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const input = (formData: QueryFormData, r = quarters) => ({ formData, queriesData: [r], datasource: null, width: 600, height: 400 });

describe('waterfall transformProps', () => {
  it('bars with the running total, and the total at the end', () => {
    const bars = waterfallBars(fd, input(fd));
    expect(bars.map((b) => [b.label, b.value, b.total, b.isTotal])).toEqual([
      ['Q1', 100, 100, false],
      ['Q2', -30, 70, false],
      ['Q3', -120, -50, false],
      ['Q4', 80, 30, false],
      ['Total', 30, 30, true],
    ]);
  });

  it('stacks an invisible assist under each change; a change crossing zero splits above and below it', () => {
    const [assist, increase, decrease, total] = transformProps(input(fd)).echartOptions.series as AnyRecord[];
    expect(assist.data).toEqual([
      0,
      70,
      { value: -50, itemStyle: { color: 'rgba(224,67,85,1)' } },
      { value: -50, itemStyle: { color: 'rgba(90,193,137,1)' } },
      '-',
    ]);
    expect(increase.data).toEqual([100, '-', '-', 30, '-']);
    expect(decrease.data).toEqual(['-', 30, 70, '-', '-']);
    expect(total.data).toEqual(['-', '-', '-', '-', 30]);
    expect((increase.itemStyle as AnyRecord).color).toBe('rgba(90,193,137,1)');
    expect((total.itemStyle as AnyRecord).color).toBe('rgba(102,102,102,1)');
  });

  it('takes the chosen colours and labels', () => {
    const opt = transformProps(input({ ...fd, increase_color: { r: 0, g: 0, b: 255, a: 1 }, total_label: 'Year' })).echartOptions;
    const series = opt.series as AnyRecord[];
    expect((series[1].itemStyle as AnyRecord).color).toBe('rgba(0,0,255,1)');
    expect(series[3].name).toBe('Year');
    expect(((opt.xAxis as AnyRecord).data as string[]).at(-1)).toBe('Year');
  });

  it('with a breakdown each period ends in its total', () => {
    const byType = reply(
      [
        { month: Date.UTC(2015, 0, 1), weather: 'rain', p: 50 },
        { month: Date.UTC(2015, 0, 1), weather: 'snow', p: 10 },
        { month: Date.UTC(2015, 1, 1), weather: 'rain', p: 20 },
      ],
      ['month', 'weather', 'p'],
      [2, 1, 0],
    );
    const f: QueryFormData = { ...fd, x_axis: 'month', groupby: ['weather'], metric: 'p', x_axis_time_format: '%b %Y' };
    const bars = waterfallBars(f, input(f, byType));
    // the axis names the breakdown's values, and the period under its total (the tooltip names both)
    expect(bars.map((b) => [b.label, b.title, b.total, b.isTotal])).toEqual([
      ['rain', 'Jan 2015 · rain', 50, false],
      ['snow', 'Jan 2015 · snow', 60, false],
      ['Jan 2015', 'Jan 2015 · Total', 60, true],
      ['rain', 'Feb 2015 · rain', 80, false],
      ['Feb 2015', 'Feb 2015 · Total', 80, true],
    ]);
    expect(bars[0].dimensions).toEqual([{ col: 'weather', val: 'rain', formattedVal: 'rain' }]);
  });

  it('values show on the bars, except on a change of nothing (it draws no bar)', () => {
    const flat = reply(
      [
        { quarter: 'Q1', change: 100 },
        { quarter: 'Q2', change: 0 },
      ],
      ['quarter', 'change'],
      [1, 0],
    );
    const series = transformProps(input({ ...fd, show_value: true }, flat)).echartOptions.series as AnyRecord[];
    const labelOf = (s: AnyRecord, dataIndex: number) => ((s.label as AnyRecord).formatter as (p: unknown) => string)({ dataIndex });
    expect(labelOf(series[1], 0)).toBe('100');
    expect(labelOf(series[1], 1)).toBe('');
    expect(labelOf(series[3], 2)).toBe('100');
  });

  it('the tooltip names the change and the running total', () => {
    const { formatter } = transformProps(input(fd)).echartOptions.tooltip as { formatter: (p: unknown) => string };
    expect(formatter([{ dataIndex: 2 }])).toContain('Decrease: -120<br/>Total: -50');
  });
  it('turns 24 month labels 45° as asked and thins them only when a small tile has no room for every one', () => {
    const months = reply(
      Array.from({ length: 24 }, (_, i) => ({ month: `${MONTH_NAMES[i % 12]} 20${10 + Math.floor(i / 12)}`, change: i - 12 })),
      ['month', 'change'],
      [1, 0],
    );
    const asked = { ...fd, x_axis: 'month', x_ticks_layout: '45°' };
    const at = (width: number, height: number) =>
      (transformProps({ formData: asked, queriesData: [months], datasource: null, width, height }).echartOptions.xAxis as AnyRecord)
        .axisLabel as AnyRecord;
    expect(at(960, 560)).toMatchObject({ rotate: -45, interval: 0 });
    // 480 px: every second month keeps the turned lines a line apart
    expect(at(480, 320)).toMatchObject({ rotate: -45, interval: 1 });
    // a long label ends in an ellipsis rather than running off the chart
    expect(at(960, 560)).toMatchObject({ overflow: 'truncate', ellipsis: '…' });
  });
});
