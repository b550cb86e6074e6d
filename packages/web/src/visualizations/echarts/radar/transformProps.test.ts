import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { datasourceWith, reply } from '../../testReplies';
import { spokeRange, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const cars = reply(
  [
    { origin: 'USA', avg_mpg: 20, avg_horsepower: 120 },
    { origin: 'Japan', avg_mpg: 30, avg_horsepower: 80 },
  ],
  ['origin', 'avg_mpg', 'avg_horsepower'],
  [1, 0, 0],
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'radar',
  datasource: '1__table',
  groupby: ['origin'],
  metrics: ['avg_mpg', 'avg_horsepower'],
  ...extra,
});
const run = (extra: AnyRecord = {}) =>
  transformProps({
    formData: fd(extra),
    queriesData: [cars],
    datasource: datasourceWith({ avg_mpg: 'Miles per gallon', avg_horsepower: 'Horsepower' }),
    width: 500,
    height: 400,
  });

describe('radar transformProps', () => {
  it('one polygon per origin, one spoke per metric named as the dataset names it', () => {
    const { echartOptions } = run();
    const radar = echartOptions.radar as { indicator: AnyRecord[] };
    expect(radar.indicator).toEqual([
      { name: 'Miles per gallon', min: 0 },
      { name: 'Horsepower', min: 0 },
    ]);
    const data = (echartOptions.series as AnyRecord[])[0].data as AnyRecord[];
    expect(data.map((d) => [d.name, d.value])).toEqual([
      ['USA', [20, 120]],
      ['Japan', [30, 80]],
    ]);
  });

  it('normalizes each polygon by its largest value, labels keep the real values', () => {
    const { echartOptions } = run({ is_normalized: true, number_format: ',d' });
    const data = (echartOptions.series as AnyRecord[])[0].data as AnyRecord[];
    expect(data[0].value).toEqual([20 / 120, 1]);
    const label = (data[0].label as { formatter: (p: AnyRecord) => string }).formatter;
    expect(label({ dimensionIndex: 0 })).toBe('20');
  });

  it('spokes take configured bounds; an empty min follows the data', () => {
    expect(spokeRange([5, 9], undefined)).toEqual({ min: 0 });
    expect(spokeRange([5, 9], { radarMetricMaxValue: 50 })).toEqual({ min: 0, max: 50 });
    expect(spokeRange([5, 9], { radarMetricMinValue: null })).toEqual({ min: 5 });
  });

  it('a click filters on the polygon group; the tooltip lists every spoke', () => {
    const { echartOptions, elements } = run();
    expect(elements[0][1]).toEqual([{ col: 'origin', val: 'Japan', formattedVal: 'Japan' }]);
    const html = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter({ dataIndex: 1 });
    expect(html).toContain('Japan');
    expect(html).toContain('Horsepower');
  });
});
