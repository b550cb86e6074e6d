/**
 * Gallery examples of the first chart types that the other example charts do not show (the
 * generic timeseries, step and scatter); every other first type has an example in charts.ts.
 */
import type { ExampleChart } from '../charts.js';
import { timeAxis, timeRange } from '../formData.js';

export const CORE_GALLERY_CHARTS: ExampleChart[] = [
  {
    key: 'gallery-timeseries',
    name: 'Seattle: daily high and low, 2015',
    table: 'seattle_weather',
    vizType: 'echarts_timeseries',
    params: {
      ...timeAxis('date', 'P1W'),
      metrics: ['avg_temp_max', 'avg_temp_min'],
      adhoc_filters: [timeRange('date', '2015-01-01 : 2016-01-01')],
      seriesType: 'line',
      y_axis_format: ',.1f',
      y_axis_title: '°C',
    },
  },
  {
    key: 'gallery-step',
    name: 'Stock prices, month by month (step)',
    table: 'stocks',
    vizType: 'echarts_timeseries_step',
    params: {
      ...timeAxis('date', 'P3M'),
      metrics: ['avg_price'],
      groupby: ['symbol'],
      adhoc_filters: [timeRange('date', '2005-01-01 : 2010-01-01')],
      seriesType: 'end',
      y_axis_format: '$,.0f',
    },
  },
  {
    key: 'gallery-scatter',
    name: 'Seattle: daily precipitation',
    table: 'seattle_weather',
    vizType: 'echarts_timeseries_scatter',
    params: {
      ...timeAxis('date', 'P1D'),
      metrics: ['sum_precipitation'],
      adhoc_filters: [timeRange('date', '2014-01-01 : 2015-01-01')],
      markerSize: 5,
      y_axis_format: ',.1f',
      y_axis_title: 'mm',
    },
  },
];
