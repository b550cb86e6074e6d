/** The example charts of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { timeAxis, timeRange } from '../exampleFormData.js';

/** By viz type: the family's members the other example charts do not show. */
export const timeseriesExamples: Record<string, VizExample> = {
  echarts_timeseries: {
    key: 'gallery-timeseries',
    name: 'Seattle: daily high and low, 2015',
    table: 'seattle_weather',
    params: {
      ...timeAxis('date', 'P1W'),
      metrics: ['avg_temp_max', 'avg_temp_min'],
      adhoc_filters: [timeRange('date', '2015-01-01 : 2016-01-01')],
      seriesType: 'line',
      y_axis_format: ',.1f',
      y_axis_title: '°C',
    },
  },
  echarts_timeseries_step: {
    key: 'gallery-step',
    name: 'Stock prices, month by month (step)',
    table: 'stocks',
    params: {
      ...timeAxis('date', 'P3M'),
      metrics: ['avg_price'],
      groupby: ['symbol'],
      adhoc_filters: [timeRange('date', '2005-01-01 : 2010-01-01')],
      seriesType: 'end',
      y_axis_format: '$,.0f',
    },
  },
  echarts_timeseries_scatter: {
    key: 'gallery-scatter',
    name: 'Seattle: daily precipitation',
    table: 'seattle_weather',
    params: {
      ...timeAxis('date', 'P1D'),
      metrics: ['sum_precipitation'],
      adhoc_filters: [timeRange('date', '2014-01-01 : 2015-01-01')],
      markerSize: 5,
      y_axis_format: ',.1f',
      y_axis_title: 'mm',
    },
  },
};
