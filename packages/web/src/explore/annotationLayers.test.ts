import { describe, expect, it } from 'vitest';
import { queriedAnnotationLayers } from './annotationLayers';
import { annotationLayerError, newAnnotationLayer, withAnnotationSource } from './controls/annotations';
import { eventIntervalSeries } from '../visualizations/echarts/timeseries/annotations';

describe('native annotation layers in Explore', () => {
  it('queries saved charts for table layers only: a NATIVE layer comes with the chart data', () => {
    const layers = [
      { name: 'From chart', annotationType: 'EVENT', sourceType: 'table', value: 7, show: true },
      { name: 'Native', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 3, show: true },
    ];
    expect(queriedAnnotationLayers(layers)).toEqual([{ name: 'From chart', chartId: 7 }]);
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
