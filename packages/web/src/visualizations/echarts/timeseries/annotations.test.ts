import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { timeseriesLayerSeries } from './annotations';
import { transformProps } from './transformProps';
import { transformProps as mixedTransformProps } from '../mixedTimeseries/transformProps';
import { reply } from '../../testReplies';

type AnyRecord = Record<string, unknown>;
const m = (i: number) => Date.UTC(2023, i, 1);

/** A main chart: two origins by month. */
const main = reply(
  [0, 1, 2].map((i) => ({ date: m(i), SEA: 4 + i, SFO: 3 + i })),
  ['date', 'SEA', 'SFO'],
  [2, 0, 0],
);

/** A time-series layer's data as the annotation query hands it over: the peer's {key, values}. */
const layerData = [
  {
    key: 'count',
    values: [
      { x: m(0), y: 10 },
      { x: '2023-02-01T00:00:00', y: 12 },
      { x: m(2), y: null },
    ],
  },
  { key: 'count, LAX', values: [{ x: m(1), y: 7 }] },
];

const layer = {
  name: 'Last year',
  annotationType: 'TIME_SERIES',
  sourceType: 'table',
  value: 12,
  show: true,
  color: '#00aa00',
  width: 3,
  style: 'dashed',
  opacity: 'opacityMedium',
  showMarkers: true,
  hideLine: false,
};

const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'echarts_timeseries_line',
  datasource: '3__table',
  x_axis: 'date',
  metrics: ['AVG(delay)'],
  groupby: ['origin'],
  annotation_layers: [layer],
  ...extra,
});

const withData = (data: unknown) => ({ ...main, annotation_data: [{ 'Last year': data }] });

describe('time-series annotation layers (TIME_SERIES)', () => {
  it("draw each of the source chart's series as an extra line named '<layer>, <series>' in the layer's look", () => {
    const opt = transformProps({ formData: fd(), queriesData: [withData(layerData)], datasource: null, width: 800, height: 400 })
      .echartOptions as AnyRecord;
    const series = opt.series as AnyRecord[];
    expect(series.map((s) => s.name)).toEqual(['SEA', 'SFO', 'Last year, count', 'Last year, count, LAX']);
    const line = series[2];
    expect(line.type).toBe('line');
    // x values read as times; a point without a value is left out
    expect(line.data).toEqual([
      [m(0), 10],
      [m(1), 12],
    ]);
    expect(line.lineStyle).toMatchObject({ color: '#00aa00', width: 3, type: 'dashed', opacity: 0.5 });
    expect(line.symbolSize).toBe(6);
    // the legend lists them after the chart's own series
    expect((opt.legend as AnyRecord).data).toEqual(['SEA', 'SFO', 'Last year, count', 'Last year, count, LAX']);
    // the tooltip names them by series index
    const html = (opt.tooltip as { formatter: (p: unknown) => string }).formatter([
      { seriesIndex: 2, value: [m(0), 10], axisValue: m(0), name: '' },
    ]);
    expect(html).toContain('Last year, count');
  });

  it('hideLine draws no line (width 0) and markers only when asked; no data draws nothing', () => {
    const [hidden] = timeseriesLayerSeries({ ...layer, hideLine: true, showMarkers: false }, layerData, {
      xType: 'time',
      horizontal: false,
      markerSize: 6,
    });
    expect((hidden.lineStyle as AnyRecord).width).toBe(0);
    expect(hidden.symbolSize).toBe(0);
    expect(hidden.showSymbol).toBe(false);
    expect(timeseriesLayerSeries(layer, undefined, { xType: 'time', horizontal: false, markerSize: 6 })).toEqual([]);
    // rows of an event layer are not series
    expect(timeseriesLayerSeries(layer, [{ start: 1 }], { xType: 'time', horizontal: false, markerSize: 6 })).toEqual([]);
    // a hidden layer is not drawn
    const opt = transformProps({
      formData: fd({ annotation_layers: [{ ...layer, show: false }] }),
      queriesData: [withData(layerData)],
      datasource: null,
      width: 800,
      height: 400,
    }).echartOptions as AnyRecord;
    expect((opt.series as AnyRecord[]).map((s) => s.name)).toEqual(['SEA', 'SFO']);
  });

  it('a layer without a colour of its own takes the chart scheme colour of its name, as the peer does', () => {
    const opt = transformProps({
      formData: fd({ annotation_layers: [{ ...layer, color: null }], label_colors: { 'Last year': '#123456' } }),
      queriesData: [withData(layerData)],
      datasource: null,
      width: 800,
      height: 400,
    }).echartOptions as AnyRecord;
    const line = (opt.series as AnyRecord[]).find((s) => s.name === 'Last year, count') as AnyRecord;
    expect((line.lineStyle as AnyRecord).color).toBe('#123456');
  });

  it('horizontal bars get the layer with x and y swapped', () => {
    const opt = transformProps({
      formData: fd({ viz_type: 'echarts_timeseries_bar', orientation: 'horizontal' }),
      queriesData: [withData(layerData)],
      datasource: null,
      width: 800,
      height: 400,
    }).echartOptions as AnyRecord;
    const line = (opt.series as AnyRecord[]).find((s) => s.name === 'Last year, count') as AnyRecord;
    expect(line.data).toEqual([
      [10, m(0)],
      [12, m(1)],
    ]);
  });

  it('the mixed chart draws the layer too', () => {
    const delay = reply([{ date: m(1), 'AVG(delay)': 7.5 }], ['date', 'AVG(delay)'], [2, 0]);
    const mixedFd: QueryFormData = {
      viz_type: 'mixed_timeseries',
      datasource: '3__table',
      x_axis: 'date',
      metrics: ['count'],
      groupby: ['origin'],
      metrics_b: ['AVG(delay)'],
      annotation_layers: [layer],
    };
    const opt = mixedTransformProps({
      formData: mixedFd,
      queriesData: [withData(layerData), delay],
      datasource: null,
      width: 800,
      height: 400,
    }).echartOptions as AnyRecord;
    const names = (opt.series as AnyRecord[]).map((s) => s.name);
    expect(names).toContain('Last year, count');
    expect(names).toContain('Last year, count, LAX');
  });
});
