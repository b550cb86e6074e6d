import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { getCategoricalScheme } from '@rama/shared';
import { transformProps } from './transformProps';
import { elementClickValues, interactiveElementOption } from '../elementCrossFilter';
import { reply } from '../../testReplies';

/** origin is the one text column; the statistics (outliers too) are numeric. */
const originIsText = (c: string) => (c === 'origin' ? 1 : 0);

const stats = (m: string, min: number, q1: number, median: number, q3: number, max: number, outliers: number[]) => ({
  [`${m}__mean`]: (q1 + q3) / 2,
  [`${m}__median`]: median,
  [`${m}__max`]: max,
  [`${m}__min`]: min,
  [`${m}__q1`]: q1,
  [`${m}__q3`]: q3,
  [`${m}__count`]: 181,
  [`${m}__outliers`]: outliers,
});

/** The boxplot operation's reply: daily average delays at two airports. */
const boxes = reply(
  [
    { origin: 'LAX', ...stats('avg_delay', -2, 3, 6.5, 10, 20, [35.2, -9]) },
    { origin: 'SFO', ...stats('avg_delay', 0, 5, 8, 12, 22, []) },
  ],
  ['origin', ...Object.keys(stats('avg_delay', 0, 0, 0, 0, 0, []))],
  originIsText,
);

const fd: QueryFormData = { viz_type: 'box_plot', datasource: '5__table', groupby: ['origin'], metrics: ['avg_delay'], columns: ['day'] };
const datasource = {
  verbose_map: { avg_delay: 'Average delay (min)' },
  column_formats: {},
  metrics: [{ metric_name: 'avg_delay', d3format: ',.1f' }],
} as unknown as ExploreDatasource;

type AnyRecord = Record<string, unknown>;
const run = (formData = fd) => transformProps({ formData, queriesData: [boxes], datasource, width: 600, height: 400 });

describe('box plot transformProps', () => {
  it('one box per origin: min, q1, median, q3 and max, coloured by origin', () => {
    const { echartOptions } = run();
    const [box] = echartOptions.series as AnyRecord[];
    const data = box.data as AnyRecord[];
    expect(data.map((d) => d.name)).toEqual(['LAX', 'SFO']);
    expect(data[0].value).toEqual([-2, 3, 6.5, 10, 20]);
    expect((data[1].itemStyle as AnyRecord).color).toBe(getCategoricalScheme('supersetColors').colors[1]);
    expect((echartOptions.xAxis as AnyRecord).data).toEqual(['LAX', 'SFO']);
  });

  it('outliers are points at their box, in its colour', () => {
    const [box, outliers] = run().echartOptions.series as AnyRecord[];
    expect(outliers.type).toBe('scatter');
    expect((outliers.data as AnyRecord[]).map((d) => d.value)).toEqual([
      ['LAX', 35.2],
      ['LAX', -9],
    ]);
    expect(((outliers.data as AnyRecord[])[0].itemStyle as AnyRecord).color).toBe(
      ((box.data as AnyRecord[])[0].itemStyle as AnyRecord).color,
    );
  });

  it('the tooltip reads the statistics in the metric format, with the group escaped', () => {
    const [box] = run().echartOptions.series as AnyRecord[];
    const html = ((box.tooltip as AnyRecord).formatter as (p: unknown) => string)({ dataIndex: 0 });
    expect(html).toContain('Median: 6.5');
    expect(html).toContain('Max: 20.0');
    expect(html).toContain('# Observations: 181');
    expect(html).toContain('# Outliers: 2');
  });

  it('with two metrics a box per origin and metric, named by both (verbose names)', () => {
    const twoMetrics = reply(
      [{ origin: 'LAX', ...stats('avg_delay', 0, 1, 2, 3, 4, []), ...stats('max_delay', 0, 10, 20, 30, 40, []) }],
      ['origin'],
      originIsText,
    );
    const { echartOptions } = transformProps({
      formData: { ...fd, metrics: ['avg_delay', 'max_delay'] },
      queriesData: [twoMetrics],
      datasource,
      width: 600,
      height: 400,
    });
    expect((echartOptions.xAxis as AnyRecord).data).toEqual(['LAX, Average delay (min)', 'LAX, max_delay']);
  });

  it('a click on a box filters its origin; boxes outside the selection are dimmed', () => {
    const { elements, echartOptions } = run();
    expect(elementClickValues(elements, 0, 1)).toEqual({ values: [{ col: 'origin', val: 'SFO', formattedVal: 'SFO' }], label: 'SFO' });
    expect(elementClickValues(elements, 1, 0)?.label).toBe('LAX');
    const dimmed = interactiveElementOption(echartOptions, elements, { origin: ['SFO'] }, false);
    const data = ((dimmed.series as AnyRecord[])[0].data as AnyRecord[]).map((d) => (d.itemStyle as AnyRecord).opacity);
    expect(data).toEqual([0.3, 0.6]);
  });
});
