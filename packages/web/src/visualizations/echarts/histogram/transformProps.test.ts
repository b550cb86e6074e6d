import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { binEdges, transformProps } from './transformProps';
import { elementClickValues } from '../elementCrossFilter';
import { reply } from '../../testReplies';

const BINS = ['46.0 - 92.0', '92.0 - 138.0', '138.0 - 184.0', '184.0 - 230.0'];
/** origin is the one text column; the bins are counts. */
const originIsText = (c: string) => (c === 'origin' ? 1 : 0);

/** The histogram operation's reply: horsepower of cars by origin in four bins. */
const byOrigin = reply(
  [
    { origin: 'Europe', [BINS[0]]: 30, [BINS[1]]: 38, [BINS[2]]: 2, [BINS[3]]: 0 },
    { origin: 'USA', [BINS[0]]: 20, [BINS[1]]: 130, [BINS[2]]: 80, [BINS[3]]: 24 },
  ],
  ['origin', ...BINS],
  originIsText,
);
const fd: QueryFormData = {
  viz_type: 'histogram_v2',
  datasource: '9__table',
  column: 'horsepower',
  groupby: ['origin'],
  bins: 4,
  x_axis_format: ',d',
};

type AnyRecord = Record<string, unknown>;
const run = (formData = fd, r = byOrigin) => transformProps({ formData, queriesData: [r], datasource: null, width: 600, height: 400 });

describe('histogram transformProps', () => {
  it('reads bin edges from the column names', () => {
    expect(binEdges('46.0 - 92.0')).toEqual([46, 92]);
    expect(binEdges('-1.5e-05 - 2.0')).toEqual([-0.000015, 2]);
    expect(binEdges('origin')).toBeNull();
  });

  it('one bar series per origin over the bins, the bins labelled in the x format', () => {
    const { echartOptions } = run();
    expect((echartOptions.xAxis as AnyRecord).data).toEqual(['46 - 92', '92 - 138', '138 - 184', '184 - 230']);
    const series = echartOptions.series as AnyRecord[];
    expect(series.map((s) => s.name)).toEqual(['Europe', 'USA']);
    expect(series[1].data).toEqual([20, 130, 80, 24]);
    expect((echartOptions.legend as AnyRecord).show).toBe(true);
  });

  it('the tooltip gives each origin with its share of the bin and the total', () => {
    const tooltip = run().echartOptions.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter([
      { seriesIndex: 0, value: 38, dataIndex: 1 },
      { seriesIndex: 1, value: 130, dataIndex: 1 },
    ]);
    expect(html).toContain('92 - 138');
    expect(html).toContain('USA: 130 (77.38%)');
    expect(html).toContain('Total: 168');
  });

  it('without dimensions one series named after the column, and no legend', () => {
    const single = reply([{ [BINS[0]]: 50, [BINS[1]]: 168, [BINS[2]]: 82, [BINS[3]]: 24 }], BINS, originIsText);
    const { echartOptions } = run({ ...fd, groupby: [] }, single);
    expect((echartOptions.series as AnyRecord[]).map((s) => s.name)).toEqual(['horsepower']);
    expect((echartOptions.legend as AnyRecord).show).toBe(false);
  });

  it('a click on a bar filters its origin', () => {
    expect(elementClickValues(run().elements, 1, 2)?.values).toEqual([{ col: 'origin', val: 'USA', formattedVal: 'USA' }]);
  });
});
