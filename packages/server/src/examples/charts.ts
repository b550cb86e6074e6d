/**
 * The example charts `rama load-examples` saves over the example datasets: each is declared by the
 * controls it sets; the other controls take their defaults, and the saved form data and query
 * context are built the way Explore builds them when it saves a chart (every control's default,
 * then `buildQuery` of the chart's type), so an example opens in Explore exactly as saved and
 * draws on a dashboard from its stored query context.
 */
import { createHash } from 'node:crypto';
import { defaultFormData, getVizDefinition, type QueryContext, type QueryFormData } from '@rama/shared';
import {
  BUSIEST_AIRPORTS,
  FLIGHT_MONTHS,
  FLIGHT_WEEKS,
  IN_2005,
  REGION,
  YEAR,
  filter,
  sqlColumn,
  timeAxis,
  timeRange,
} from './formData.js';
import { GALLERY_CHARTS } from './gallery/index.js';
import type { ExampleChart } from './types.js';

/**
 * A name-based (version 5) UUID in a namespace of Rama's examples: the same key gives the same
 * uuid in every installation, which is what import/export and reloads match objects by.
 */
export function exampleUuid(key: string): string {
  const NAMESPACE = 'rama-examples/';
  const h = createHash('sha1')
    .update(NAMESPACE + key)
    .digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---- the charts -----------------------------------------------------------------------------

/** The charts of the example dashboards and the chart list. */
const DATASET_CHARTS: readonly ExampleChart[] = [
  // flights: the "Flights overview" dashboard
  {
    key: 'flights-count',
    name: 'Flights',
    table: 'flights',
    vizType: 'big_number_total',
    description: 'US domestic flights, January to June 2001.',
    params: { metric: 'count', adhoc_filters: [timeRange('date')], y_axis_format: ',d', subheader: 'January to June 2001' },
  },
  {
    key: 'flights-avg-delay',
    name: 'Average delay',
    table: 'flights',
    vizType: 'big_number_total',
    params: { metric: 'avg_delay', adhoc_filters: [timeRange('date')], subheader: 'minutes per departure' },
  },
  {
    key: 'flights-on-time',
    name: 'On-time departures',
    table: 'flights',
    vizType: 'big_number_total',
    description: 'Share of flights leaving on time or early.',
    params: { metric: 'on_time_share', adhoc_filters: [timeRange('date')], y_axis_format: ',.1%', subheader: 'left on time or early' },
  },
  {
    key: 'flights-delay-trend',
    name: 'Average delay, week by week',
    table: 'flights',
    vizType: 'big_number',
    params: {
      ...timeAxis('date', 'P1W'),
      metric: 'avg_delay',
      adhoc_filters: [timeRange('date', FLIGHT_WEEKS)],
      compare_lag: 1,
      compare_suffix: 'on the week before',
      show_trend_line: true,
      y_axis_format: ',.1f',
    },
  },
  {
    key: 'flights-weekly-busiest',
    name: 'Weekly departures at the five busiest airports',
    table: 'flights',
    vizType: 'echarts_timeseries_line',
    params: {
      ...timeAxis('date', 'P1W'),
      metrics: ['count'],
      groupby: ['origin'],
      adhoc_filters: [timeRange('date', FLIGHT_WEEKS)],
      series_limit: 5,
      series_limit_metric: 'count',
      markerEnabled: true,
      markerSize: 4,
      x_axis_time_format: '%b %d',
      y_axis_format: ',d',
      y_axis_title: 'Departures',
      y_axis_title_margin: 50,
    },
  },
  {
    key: 'flights-by-origin',
    name: 'Departures by airport',
    table: 'flights',
    vizType: 'pie',
    params: {
      groupby: ['origin'],
      metric: 'count',
      adhoc_filters: [timeRange('date')],
      row_limit: 10,
      donut: true,
      show_labels_threshold: 3,
      number_format: ',d',
      legendOrientation: 'right',
    },
  },
  {
    key: 'flights-delay-by-airport',
    name: 'Average delay at the ten busiest airports',
    table: 'flights',
    vizType: 'echarts_timeseries_bar',
    params: {
      x_axis: 'origin',
      metrics: ['avg_delay'],
      adhoc_filters: [timeRange('date'), filter('origin', 'IN', BUSIEST_AIRPORTS)],
      row_limit: 100,
      y_axis_format: ',.1f',
      y_axis_title: 'Minutes',
      y_axis_title_margin: 30,
      show_value: true,
      x_axis_sort: 'avg_delay',
      x_axis_sort_asc: false,
    },
  },
  {
    key: 'flights-routes',
    name: 'Busiest routes',
    table: 'flights',
    vizType: 'table',
    params: {
      query_mode: 'aggregate',
      groupby: ['origin', 'destination'],
      metrics: ['count', 'avg_delay', 'max_delay'],
      percent_metrics: ['count'],
      adhoc_filters: [timeRange('date')],
      row_limit: 100,
      page_length: 25,
    },
  },
  {
    key: 'flights-delay-pivot',
    name: 'Average delay by airport and month',
    table: 'flights',
    vizType: 'pivot_table_v2',
    params: {
      groupbyRows: ['origin'],
      groupbyColumns: ['date'],
      time_grain_sqla: 'P1M',
      temporal_columns_lookup: { date: true },
      metrics: ['avg_delay'],
      adhoc_filters: [timeRange('date', FLIGHT_MONTHS), filter('origin', 'IN', BUSIEST_AIRPORTS)],
      aggregateFunction: 'Average',
      valueFormat: ',.1f',
      date_format: '%b %Y',
      conditional_formatting: [
        { colorScheme: '#ACE1C4', column: 'avg_delay', operator: '<', targetValue: 5 },
        { colorScheme: '#EFA1AA', column: 'avg_delay', operator: '>', targetValue: 10 },
      ],
    },
  },
  // airports, on the same dashboard
  {
    key: 'airports-by-state',
    name: 'Airports by state',
    table: 'airports',
    vizType: 'echarts_timeseries_bar',
    params: {
      x_axis: 'state',
      metrics: ['count'],
      row_limit: 15,
      y_axis_format: ',d',
      show_value: true,
      x_axis_sort: 'count',
      x_axis_sort_asc: false,
    },
  },

  // gapminder: the "World indicators" dashboard
  {
    key: 'gapminder-countries',
    name: 'Countries',
    table: 'gapminder',
    vizType: 'big_number_total',
    params: { metric: 'count_distinct_country', subheader: 'in the Gapminder sample' },
  },
  {
    key: 'gapminder-population-2005',
    name: 'Population, 2005',
    table: 'gapminder',
    vizType: 'big_number_total',
    params: { metric: 'sum_population', adhoc_filters: [IN_2005], y_axis_format: '.3s', subheader: 'people in these countries' },
  },
  {
    key: 'gapminder-life-2005',
    name: 'Life expectancy, 2005',
    table: 'gapminder',
    vizType: 'big_number_total',
    params: { metric: 'avg_life_expect', adhoc_filters: [IN_2005], subheader: 'years, country average' },
  },
  {
    key: 'gapminder-fertility-trend',
    name: 'Fertility',
    table: 'gapminder',
    vizType: 'big_number',
    params: {
      ...timeAxis(YEAR, 'P1Y'),
      metric: 'avg_fertility',
      compare_lag: 1,
      compare_suffix: 'on five years before',
      show_trend_line: true,
      y_axis_format: ',.2f',
      time_format: '%Y',
    },
  },
  {
    key: 'gapminder-life-by-region',
    name: 'Life expectancy by region',
    table: 'gapminder',
    vizType: 'echarts_timeseries_line',
    params: {
      ...timeAxis(YEAR, 'P1Y'),
      metrics: ['avg_life_expect'],
      groupby: [REGION],
      markerEnabled: true,
      x_axis_time_format: '%Y',
      tooltipTimeFormat: '%Y',
      y_axis_format: ',.0f',
      y_axis_title: 'Years',
      truncateYAxis: true,
    },
  },
  {
    key: 'gapminder-population-by-region',
    name: 'Population by region',
    table: 'gapminder',
    vizType: 'echarts_area',
    params: {
      ...timeAxis(YEAR, 'P1Y'),
      metrics: ['sum_population'],
      groupby: [REGION],
      stack: 'Stack',
      opacity: 0.6,
      x_axis_time_format: '%Y',
      tooltipTimeFormat: '%Y',
      y_axis_format: '.2s',
    },
  },
  {
    key: 'gapminder-region-share-2005',
    name: 'Population share by region, 2005',
    table: 'gapminder',
    vizType: 'pie',
    params: {
      groupby: [REGION],
      metric: 'sum_population',
      adhoc_filters: [IN_2005],
      label_type: 'key_percent',
      number_format: '.3s',
      show_legend: false,
    },
  },
  {
    key: 'gapminder-fertility-by-region',
    name: 'Fertility by region',
    table: 'gapminder',
    vizType: 'echarts_timeseries_smooth',
    params: {
      ...timeAxis(YEAR, 'P1Y'),
      metrics: ['avg_fertility'],
      groupby: [REGION],
      x_axis_time_format: '%Y',
      tooltipTimeFormat: '%Y',
      y_axis_format: ',.1f',
      show_legend: true,
    },
  },
  {
    key: 'gapminder-most-populous-2005',
    name: 'Most populous countries, 2005',
    table: 'gapminder',
    vizType: 'echarts_timeseries_bar',
    params: {
      x_axis: 'country',
      metrics: ['sum_population'],
      adhoc_filters: [IN_2005],
      row_limit: 8,
      orientation: 'horizontal',
      y_axis_format: '.2s',
      x_axis_sort: 'sum_population',
      x_axis_sort_asc: false,
    },
  },
  {
    key: 'gapminder-countries-2005',
    name: 'Countries in 2005',
    table: 'gapminder',
    vizType: 'table',
    params: {
      query_mode: 'aggregate',
      groupby: ['country', REGION],
      metrics: ['sum_population', 'avg_life_expect', 'avg_fertility'],
      adhoc_filters: [IN_2005],
      row_limit: 100,
      page_length: 20,
      include_search: true,
    },
  },

  // charts of other datasets, in the chart list
  {
    key: 'stocks-prices',
    name: 'Stock prices',
    table: 'stocks',
    vizType: 'echarts_timeseries_line',
    params: {
      ...timeAxis('date', 'P1M'),
      metrics: ['avg_price'],
      groupby: ['symbol'],
      adhoc_filters: [timeRange('date')],
      y_axis_format: '$,.0f',
      zoomable: true,
    },
  },
  {
    key: 'sp500-close',
    name: 'S&P 500',
    table: 'sp500',
    vizType: 'big_number',
    params: {
      ...timeAxis('date', 'P1M'),
      metric: 'avg_price',
      adhoc_filters: [timeRange('date')],
      compare_lag: 12,
      compare_suffix: 'on a year before',
      show_trend_line: true,
      y_axis_format: ',.0f',
    },
  },
  {
    key: 'population-by-age-2000',
    name: 'US population by age, 2000',
    table: 'population',
    vizType: 'echarts_area',
    params: {
      x_axis: 'age',
      metrics: ['sum_people'],
      groupby: [sqlColumn('Sex', "CASE sex WHEN 1 THEN 'Male' WHEN 2 THEN 'Female' END")],
      adhoc_filters: [filter('year', 'EQUALS', 2000)],
      stack: 'Stack',
      opacity: 0.6,
      y_axis_format: '.2s',
      x_axis_title: 'Age (start of the five-year group)',
      x_axis_title_margin: 30,
    },
  },
  {
    key: 'seattle-precipitation',
    name: 'Seattle: monthly precipitation',
    table: 'seattle_weather',
    vizType: 'echarts_timeseries_bar',
    params: {
      ...timeAxis('date', 'P1M'),
      metrics: ['sum_precipitation'],
      adhoc_filters: [timeRange('date')],
      y_axis_format: ',.0f',
      y_axis_title: 'mm',
    },
  },
];

/** Every example chart: the dashboards' and the gallery's (one of every chart type). */
export const EXAMPLE_CHARTS: readonly ExampleChart[] = [...DATASET_CHARTS, ...GALLERY_CHARTS];

/**
 * The chart's form data as Explore saves it: every control's default, the chart's own settings,
 * its datasource. Throws for a type without a definition (a mistake in the list above).
 */
export function exampleFormData(chart: ExampleChart, datasetId: number): QueryFormData {
  const def = getVizDefinition(chart.vizType);
  if (!def) throw new Error(`example chart ${chart.key}: unknown viz type ${chart.vizType}`);
  return { ...defaultFormData(def, null), ...chart.params, viz_type: chart.vizType, datasource: `${datasetId}__table` };
}

/** The query context Explore stores with a saved chart: its type's buildQuery over the form data. */
export function exampleQueryContext(formData: QueryFormData): QueryContext {
  const def = getVizDefinition(formData.viz_type);
  if (!def) throw new Error(`unknown viz type ${formData.viz_type}`);
  return { ...def.buildQuery(formData), form_data: formData, force: false, result_format: 'json', result_type: 'full' };
}
