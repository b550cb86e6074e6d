import { describe, expect, it } from 'vitest';
import { MAX_QUERIED_ANNOTATION_LAYERS, type ChartDetail } from '@rama/shared';
import { queriedAnnotationLayers, savedChartFormData } from './annotationLayers';
import {
  annotationLayerError,
  annotationTypesFor,
  hasOverride,
  newAnnotationLayer,
  withAnnotationSource,
  withOverride,
  withTimeShift,
} from './controls/annotations';
import { eventIntervalSeries } from '../visualizations/echarts/timeseries/annotations';

describe('native annotation layers in Explore', () => {
  it('queries saved charts for table layers only: a NATIVE layer comes with the chart data', () => {
    const layers = [
      { name: 'From chart', annotationType: 'EVENT', sourceType: 'table', value: 7, show: true },
      { name: 'Native', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 3, show: true },
    ];
    expect(queriedAnnotationLayers(layers)).toEqual([{ name: 'From chart', annotationType: 'EVENT', chartId: 7, overrides: undefined }]);
  });

  it('queries time-series layers with their overrides, and at most MAX_QUERIED_ANNOTATION_LAYERS layers', () => {
    const series = {
      name: 'Trend',
      annotationType: 'TIME_SERIES',
      sourceType: 'line',
      value: 4,
      show: true,
      overrides: { time_range: null },
    };
    expect(queriedAnnotationLayers([series])).toEqual([
      { name: 'Trend', annotationType: 'TIME_SERIES', chartId: 4, overrides: { time_range: null } },
    ]);
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...series, name: `L${i}` }));
    const queried = queriedAnnotationLayers(many);
    expect(queried).toHaveLength(MAX_QUERIED_ANNOTATION_LAYERS);
    expect(queried[0].name).toBe('L0');
  });

  it('a saved chart becomes form data: its params with its viz type, datasource and id', () => {
    const detail = {
      id: 4,
      viz_type: 'echarts_timeseries_line',
      params: '{"metrics":["count"],"viz_type":"old"}',
      datasource_id: 2,
      datasource_type: 'table',
    };
    expect(savedChartFormData(detail as ChartDetail)).toEqual({
      metrics: ['count'],
      viz_type: 'echarts_timeseries_line',
      datasource: '2__table',
      slice_id: 4,
    });
    expect(savedChartFormData({ ...detail, params: 'not json' } as ChartDetail).metrics).toBeUndefined();
  });

  it('the editor override checkboxes write the peer keys: null takes the main chart value, off removes the keys', () => {
    const layer = { ...newAnnotationLayer('TIME_SERIES'), name: 'T', value: 4 };
    expect(layer).toMatchObject({ sourceType: 'line', overrides: { time_range: null } });
    expect(hasOverride(layer, 'time_range')).toBe(true);
    expect(hasOverride(layer, 'time_grain')).toBe(false);
    const grain = withOverride(layer, 'time_grain', true);
    expect(grain.overrides).toEqual({ time_range: null, time_grain_sqla: null, granularity: null });
    expect(withOverride(grain, 'time_range', false).overrides).toEqual({ time_grain_sqla: null, granularity: null });
    expect(withTimeShift(layer, '1 week').overrides).toEqual({ time_range: null, time_shift: '1 week' });
    expect(withTimeShift(withTimeShift(layer, '1 week'), ' ').overrides).toEqual({ time_range: null });
    // a time series needs only its chart
    expect(annotationLayerError(layer)).toBeNull();
    expect(annotationLayerError({ ...layer, value: null })).toBe('Choose a chart');
  });

  it('the time-series type is offered on timeseries charts only', () => {
    expect(annotationTypesFor('echarts_timeseries_bar')).toContain('TIME_SERIES');
    expect(annotationTypesFor('mixed_timeseries')).toContain('TIME_SERIES');
    expect(annotationTypesFor('table')).toEqual(['FORMULA', 'EVENT', 'INTERVAL']);
  });

  it('switching an event layer to the native source clears the chart and its columns', () => {
    const fromChart = { ...newAnnotationLayer('EVENT'), name: 'E', value: 7, timeColumn: 'date', titleColumn: 'name' };
    const native = withAnnotationSource(fromChart, 'NATIVE');
    expect(native).toMatchObject({ name: 'E', sourceType: 'NATIVE', value: null, timeColumn: '', titleColumn: '' });
    expect(withAnnotationSource(native, 'NATIVE')).toBe(native);
  });

  it('a native layer needs a chosen layer and no time column', () => {
    const native = withAnnotationSource({ ...newAnnotationLayer('INTERVAL'), name: 'Outages' }, 'NATIVE');
    expect(annotationLayerError(native)).toBe('Choose an annotation layer');
    expect(annotationLayerError({ ...native, value: 3 })).toBeNull();
  });

  it("the timeseries renderer draws the server's annotation_data of a native layer as marks", () => {
    const data = {
      columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
      records: [
        { start_dttm: Date.UTC(2001, 1, 10), end_dttm: Date.UTC(2001, 1, 12), short_descr: 'Storm', long_descr: null, json_metadata: null },
      ],
    };
    const interval = eventIntervalSeries({ name: 'Outages', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 3 }, data, false);
    expect(interval?.markArea?.data).toEqual([[{ xAxis: Date.UTC(2001, 1, 10), name: 'Storm' }, { xAxis: Date.UTC(2001, 1, 12) }]]);
    const event = eventIntervalSeries({ name: 'Events', annotationType: 'EVENT', sourceType: 'NATIVE', value: 3 }, data, false);
    expect(event?.markLine?.data).toEqual([{ xAxis: Date.UTC(2001, 1, 10), name: 'Storm' }]);
  });
});
