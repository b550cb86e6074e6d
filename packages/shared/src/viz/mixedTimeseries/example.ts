/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, timeRange, FLIGHT_WEEKS } from '../exampleFormData.js';

export const mixedTimeseriesExample: VizExample = {
  key: 'gallery-mixed-timeseries',
  name: 'Departures and average delay at the three busiest airports, week by week',
  table: 'flights',
  description: 'Query A: departures per airport as stacked bars; query B: the average delay as a line on the right axis.',
  params: {
    x_axis: 'date',
    time_grain_sqla: 'P1W',
    metrics: ['count'],
    groupby: ['origin'],
    adhoc_filters: [timeRange('date', FLIGHT_WEEKS), filter('origin', 'IN', ['ORD', 'DFW', 'ATL'])],
    metrics_b: ['avg_delay'],
    groupby_b: [],
    adhoc_filters_b: [timeRange('date', FLIGHT_WEEKS), filter('origin', 'IN', ['ORD', 'DFW', 'ATL'])],
    seriesType: 'bar',
    stack: true,
    seriesTypeB: 'line',
    markerEnabledB: true,
    markerSizeB: 5,
    yAxisIndexB: 1,
    y_axis_format: ',d',
    y_axis_format_secondary: ',.1f',
    y_axis_title: 'Departures',
    y_axis_title_margin: 50,
    yAxisTitleSecondary: 'Average delay (min)',
    x_axis_time_format: '%b %d',
    tooltipTimeFormat: '%Y-%m-%d',
  },
};
