import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import { roseIncrements, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const JAN = Date.UTC(2015, 0, 1);
const FEB = Date.UTC(2015, 1, 1);
/** Seattle days by weather per month, pivoted and flattened as the rose's query returns them. */
const weather = reply(
  [
    { __timestamp: FEB, 'count, rain': 20, 'count, sun': 8 },
    { __timestamp: JAN, 'count, rain': 15, 'count, sun': 16 },
  ],
  ['__timestamp', 'count, rain', 'count, sun'],
  [2, 0, 0],
  { label_map: { 'count, rain': ['count', 'rain'], 'count, sun': ['count', 'sun'] } },
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'rose',
  datasource: '1__table',
  granularity_sqla: 'date',
  metrics: ['count'],
  groupby: ['weather'],
  date_time_format: '%b',
  ...extra,
});
const run = (extra: AnyRecord = {}) =>
  transformProps({ formData: fd(extra), queriesData: [weather], datasource: null, width: 500, height: 500 });

describe('rose transformProps', () => {
  it('a wedge per month in time order, a stacked series per group named without the metric', () => {
    const { echartOptions } = run();
    expect((echartOptions.angleAxis as AnyRecord).data).toEqual(['Jan', 'Feb']);
    const series = echartOptions.series as AnyRecord[];
    expect(series.map((s) => s.name)).toEqual(['rain', 'sun']);
    expect(series.map((s) => s.data)).toEqual([
      [15, 20],
      [16, 8],
    ]);
    expect(series.every((s) => s.stack === 'rose' && s.coordinateSystem === 'polar')).toBe(true);
    expect((echartOptions.radiusAxis as AnyRecord).max).toBe(31);
  });

  it('with area proportions a segment grows the radius so its ring area is its value', () => {
    const { increments, max } = roseIncrements(
      [
        { column: 'a', name: 'a', values: [9, 4] },
        { column: 'b', name: 'b', values: [16, 0] },
      ],
      2,
      true,
    );
    expect(max).toBe(25);
    // r1 = √(25·9) = 15; r2 = √(25·16 + 15²) = 25
    expect(increments[0][0]).toBeCloseTo(15);
    expect(increments[1][0]).toBeCloseTo(10);
    expect(increments[0][1]).toBeCloseTo(10);
  });

  it('the rich tooltip lists every series at that month; a click filters on the group', () => {
    const { echartOptions, elements } = run({ number_format: ',d' });
    const html = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter({ seriesIndex: 1, dataIndex: 0 });
    expect(html).toContain('Jan');
    expect(html).toContain('rain');
    expect(html).toContain('16');
    expect(elements[1][0]).toEqual([{ col: 'weather', val: 'sun', formattedVal: 'sun' }]);
  });
});
