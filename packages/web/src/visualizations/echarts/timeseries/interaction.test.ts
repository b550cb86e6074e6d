import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { transformProps } from './transformProps';
import { interactiveTimeseriesOption, timeseriesClickValues, timeseriesPointValues } from './interaction';
import { reply } from '../../testReplies';

type AnyRecord = Record<string, unknown>;

const datasource = {
  verbose_map: {},
  columns: [
    { column_name: 'origin', type_generic: 1, is_dttm: false },
    { column_name: 'year', type_generic: 0, is_dttm: false },
    { column_name: 'date', type_generic: 2, is_dttm: true },
  ],
} as unknown as ExploreDatasource;

const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'echarts_timeseries_bar',
  datasource: '3__table',
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: ['count'],
  groupby: ['origin', 'year'],
  ...extra,
});

/** Flights a month by origin and year, pivoted and flattened as the server sends them. */
const byOrigin = reply(
  [
    { date: Date.UTC(2023, 0, 1), 'count, SEA, 2023': 3, 'count, SFO, 2023': 4 },
    { date: Date.UTC(2023, 1, 1), 'count, SEA, 2023': 5, 'count, SFO, 2023': 6 },
  ],
  ['date', 'count, SEA, 2023', 'count, SFO, 2023'],
  [2, 0, 0],
);

/** Flights by origin: a bar chart of categories, no dimensions. */
const categories = reply(
  [
    { origin: 'SEA', count: 3 },
    { origin: null, count: 1 },
    { origin: 'SFO', count: 5 },
  ],
  ['origin', 'count'],
  [1, 0],
);

const props = (formData: QueryFormData, r: ChartDataQueryResult) =>
  transformProps({ formData, queriesData: [r], datasource, width: 600, height: 400 });

describe('timeseries cross-filters', () => {
  it('with dimensions, a click on a series filters the dimensions with its raw values', () => {
    const { crossFilterMeta: meta } = props(fd(), byOrigin);
    expect(timeseriesClickValues(meta, 'count, SFO, 2023', 1)).toEqual({
      values: [
        { col: 'origin', val: 'SFO', formattedVal: 'SFO' },
        { col: 'year', val: 2023, formattedVal: '2023' },
      ],
      label: 'SFO, 2023',
    });
  });

  it('an adhoc dimension takes no part; with only adhoc dimensions a click filters nothing', () => {
    const adhoc = { sqlExpression: 'upper(origin)', label: 'O', expressionType: 'SQL' };
    const { crossFilterMeta: meta } = props(fd({ groupby: [adhoc, 'year'] }), byOrigin);
    expect(timeseriesClickValues(meta, 'count, SEA, 2023', 0)?.values).toEqual([{ col: 'year', val: 2023, formattedVal: '2023' }]);
    const onlyAdhoc = props(fd({ groupby: [adhoc] }), reply([{ date: 0, SEA: 1 }], ['date', 'SEA'], [2, 0])).crossFilterMeta;
    expect(timeseriesClickValues(onlyAdhoc, 'SEA', 0)).toBeNull();
  });

  it('without dimensions on a category axis, a click on a bar filters the x axis column', () => {
    const { crossFilterMeta: meta } = props(fd({ x_axis: 'origin', groupby: [] }), categories);
    expect(timeseriesClickValues(meta, 'count', 2)).toEqual({ values: [{ col: 'origin', val: 'SFO', formattedVal: 'SFO' }], label: 'SFO' });
    expect(timeseriesClickValues(meta, 'count', 1)?.values).toEqual([{ col: 'origin', val: null, formattedVal: '<NULL>' }]);
  });

  it('without dimensions on a time axis there is nothing to filter', () => {
    const r = reply([{ date: Date.UTC(2023, 0, 1), count: 3 }], ['date', 'count'], [2, 0]);
    const { crossFilterMeta: meta } = props(fd({ groupby: [] }), r);
    expect(timeseriesClickValues(meta, 'count', 0)).toBeNull();
  });

  it('markers and formulas are not data series: nothing to filter', () => {
    const { crossFilterMeta: meta } = props(fd(), byOrigin);
    expect(timeseriesClickValues(meta, 'annotation-layer', 0)).toBeNull();
    expect(timeseriesPointValues(meta, undefined, 0)).toBeNull();
  });
});

describe('timeseries drilling', () => {
  it('a right click gives the time as epoch ms (the drill turns it into the grain bucket) and the series values', () => {
    const { crossFilterMeta: meta } = props(fd(), byOrigin);
    const values = timeseriesPointValues(meta, 'count, SEA, 2023', 1);
    expect(values?.map((v) => [v.col, v.val])).toEqual([
      ['date', Date.UTC(2023, 1, 1)],
      ['origin', 'SEA'],
      ['year', 2023],
    ]);
    expect(values?.[0].formattedVal).toBe('2023-02');
  });

  it('on a category axis, the category as it came', () => {
    const { crossFilterMeta: meta } = props(fd({ x_axis: 'origin', groupby: [] }), categories);
    expect(timeseriesPointValues(meta, 'count', 0)).toEqual([{ col: 'origin', val: 'SEA', formattedVal: 'SEA' }]);
    // a click off the points (a line, no data index) drills on the series alone
    expect(timeseriesPointValues(meta, 'count', undefined)).toEqual([]);
  });
});

describe('timeseries selection', () => {
  const seriesOf = (o: unknown) => (o as { series: AnyRecord[] }).series;

  it('series outside the cross-filter are dimmed, the selected one keeps its style', () => {
    const { echartOptions, crossFilterMeta } = props(fd(), byOrigin);
    const out = seriesOf(interactiveTimeseriesOption(echartOptions, crossFilterMeta, { origin: ['SEA'] }, true));
    expect((out[0].itemStyle as AnyRecord).opacity).toBeUndefined();
    expect((out[1].itemStyle as AnyRecord).opacity).toBe(0.3);
    // the colour stays
    expect((out[1].itemStyle as AnyRecord).color).toBe((seriesOf(echartOptions)[1].itemStyle as AnyRecord).color);
  });

  it('categories outside the cross-filter are dimmed bar by bar', () => {
    const { echartOptions, crossFilterMeta } = props(fd({ x_axis: 'origin', groupby: [] }), categories);
    const out = seriesOf(interactiveTimeseriesOption(echartOptions, crossFilterMeta, { origin: ['SFO'] }, true));
    expect(out[0].data).toEqual([{ value: 3, itemStyle: { opacity: 0.3 } }, { value: 1, itemStyle: { opacity: 0.3 } }, 5]);
  });

  it('a filter on other columns, or none, dims nothing; a new selection redraws without the entry animation', () => {
    const { echartOptions, crossFilterMeta } = props(fd(), byOrigin);
    const other = interactiveTimeseriesOption(echartOptions, crossFilterMeta, { dest: ['JFK'] }, true);
    expect(seriesOf(other).map((s) => (s.itemStyle as AnyRecord).opacity)).toEqual([undefined, undefined]);
    expect((other as AnyRecord).animation).toBe(echartOptions.animation);
    expect((interactiveTimeseriesOption(echartOptions, crossFilterMeta, null, false) as AnyRecord).animation).toBe(false);
  });

  it('lines answer clicks on the line itself, not only on its points', () => {
    const { echartOptions, crossFilterMeta } = props(fd({ viz_type: 'echarts_timeseries_line' }), byOrigin);
    expect(seriesOf(interactiveTimeseriesOption(echartOptions, crossFilterMeta, null, true))[0].triggerEvent).toBe(true);
  });
});
