import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { MINIMUM_BUBBLE_SIZE, bubbleSize, transformProps } from './transformProps';
import { elementClickValues } from '../elementCrossFilter';
import { reply } from '../../testReplies';

/** Gapminder 2005. */
const countries = reply(
  [
    { country: 'China', Region: 'East Asia & Pacific', avg_fertility: 1.73, avg_life_expect: 72.96, sum_population: 1303182268 },
    { country: 'Japan', Region: 'East Asia & Pacific', avg_fertility: 1.27, avg_life_expect: 82.6, sum_population: 127417244 },
    { country: 'Nigeria', Region: 'Sub-Saharan Africa', avg_fertility: 5.32, avg_life_expect: 46.86, sum_population: 128765768 },
  ],
  ['country', 'Region', 'avg_fertility', 'avg_life_expect', 'sum_population'],
);
const fd: QueryFormData = {
  viz_type: 'bubble_v2',
  datasource: '6__table',
  entity: 'country',
  series: { expressionType: 'SQL', label: 'Region', sqlExpression: 'CASE cluster WHEN 0 THEN 1 END' },
  x: 'avg_fertility',
  y: 'avg_life_expect',
  size: 'sum_population',
  max_bubble_size: '25',
  tooltipSizeFormat: '.3s',
};
const datasource = {
  verbose_map: { avg_fertility: 'Fertility', avg_life_expect: 'Life expectancy', sum_population: 'Population' },
  column_formats: {},
  metrics: [],
} as unknown as ExploreDatasource;

type AnyRecord = Record<string, unknown>;
const run = () => transformProps({ formData: fd, queriesData: [countries], datasource, width: 800, height: 500 });

describe('bubble transformProps', () => {
  it('sizes bubbles linearly from the minimum to twice the max bubble size', () => {
    expect(bubbleSize(10, 10, 20, 25)).toBe(MINIMUM_BUBBLE_SIZE);
    expect(bubbleSize(20, 10, 20, 25)).toBe(55);
    expect(bubbleSize(15, 10, 20, 25)).toBe(30);
  });

  it('one series per region, each bubble at (fertility, life expectancy) named by its country', () => {
    const series = run().echartOptions.series as AnyRecord[];
    expect(series.map((s) => s.name)).toEqual(['East Asia & Pacific', 'Sub-Saharan Africa']);
    const china = (series[0].data as AnyRecord[])[0];
    expect(china).toMatchObject({ name: 'China', value: [1.73, 72.96, 1303182268], symbolSize: 55 });
    expect((series[0].data as AnyRecord[])[1].symbolSize).toBe(MINIMUM_BUBBLE_SIZE);
  });

  it('the tooltip names the country and region, with the verbose metric names and formats', () => {
    const { formatter } = run().echartOptions.tooltip as { formatter: (p: unknown) => string };
    const html = formatter({ seriesIndex: 0, data: { name: 'China', value: [1.73, 72.96, 1303182268] } });
    expect(html).toContain('China (East Asia &amp; Pacific)');
    expect(html).toContain('Population: 1.30G');
    expect(html).toContain('Life expectancy: 72.96');
  });

  it('a click on a bubble filters its country', () => {
    expect(elementClickValues(run().elements, 1, 0)?.values).toEqual([{ col: 'country', val: 'Nigeria', formattedVal: 'Nigeria' }]);
  });
});
