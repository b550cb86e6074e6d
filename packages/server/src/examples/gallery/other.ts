/**
 * Gallery examples of the "other" family (issue 15): parallel coordinates, bullet, horizon, paired
 * t-test, time pivot, time table and handlebars, one each over the example datasets, declared by
 * the controls they set as in charts.ts. The legacy types keep their time column in
 * `granularity_sqla` and their range in `time_range`, as the BI server saves them.
 */
import { newTimeTableColumn } from '@rama/shared';
import type { ExampleChart } from '../charts.js';
import { BUSIEST_AIRPORTS, FLIGHT_MONTHS, FLIGHT_WEEKS, IN_2005, REGION, filter } from '../formData.js';

const BUSIEST_FIVE = BUSIEST_AIRPORTS.slice(0, 5);

/** A time table column as the BI server's column editor saves it (numbers typed as text). */
const timeTableColumn = (key: string, fields: Record<string, unknown>) => ({ ...newTimeTableColumn(key), ...fields });

const REGION_CARDS = `<div class="regions">
{{#each data}}
  <div class="region">
    <h4>{{Region}}</h4>
    <div class="figure">{{formatNumber sum_population}}</div>
    <div class="caption">people in 2005</div>
    <div class="fact"><span>Life expectancy</span><b>{{formatNumber avg_life_expect format=".1f"}} years</b></div>
    <div class="fact"><span>Births per woman</span><b>{{formatNumber avg_fertility format=".2f"}}</b></div>
  </div>
{{/each}}
</div>`;

const REGION_CARDS_CSS = `.regions { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 12px; padding: 8px; font-family: Inter, Arial, sans-serif; }
.region { border: 1px solid #e5e9ec; border-radius: 8px; padding: 12px 14px; background: #fafbfc; }
.region h4 { margin: 0 0 6px; font-size: 13px; color: #454E7C; }
.figure { font-size: 26px; font-weight: 700; color: #1FA8C9; line-height: 1.1; }
.caption { font-size: 11px; color: #8c98a4; margin-bottom: 8px; }
.fact { display: flex; justify-content: space-between; font-size: 12px; color: #595959; padding-top: 4px; border-top: 1px dashed #e5e9ec; }`;

export const OTHER_GALLERY_CHARTS: ExampleChart[] = [
  {
    key: 'gallery-parallel-coordinates',
    name: 'Countries in 2005: population, life expectancy and fertility',
    table: 'gapminder',
    vizType: 'para',
    description:
      'One line per country across three axes, coloured by births per woman (darker: more). Drag along an axis to select a range.',
    params: {
      series: 'country',
      metrics: ['sum_population', 'avg_life_expect', 'avg_fertility'],
      secondary_metric: 'avg_fertility',
      adhoc_filters: [IN_2005],
      row_limit: 100,
      timeseries_limit_metric: 'sum_population',
      order_desc: true,
      linear_color_scheme: 'superset_seq_1',
    },
  },
  {
    key: 'gallery-bullet',
    name: 'On-time departures against target, January to June 2001',
    table: 'flights',
    vizType: 'bullet',
    description: 'The share of flights leaving on time or early, over bands of poor, fair and good, with the target marked.',
    params: {
      granularity_sqla: 'date',
      time_range: FLIGHT_MONTHS,
      metric: 'on_time_share',
      ranges: '0.4,0.55,0.7',
      range_labels: 'poor,fair,good',
      markers: '0.6',
      marker_labels: 'target',
      marker_lines: '0.65',
      marker_line_labels: 'stretch goal',
    },
  },
  {
    key: 'gallery-horizon',
    name: 'Unemployment rate by industry, 2000 to 2010',
    table: 'unemployment_across_industries',
    vizType: 'horizon',
    description: 'One band row per industry on a shared scale: the darker the band, the higher the rate.',
    params: {
      granularity_sqla: 'date',
      time_grain_sqla: 'P1M',
      time_range: 'No filter',
      metrics: ['avg_rate'],
      groupby: ['series'],
      order_desc: true,
      row_limit: 10000,
      series_height: '25',
      horizon_color_scale: 'overall',
    },
  },
  {
    key: 'gallery-paired-ttest',
    name: 'Weekly delay and on-time share at the five busiest airports, paired t-tests',
    table: 'flights',
    vizType: 'paired_ttest',
    description: 'Each airport’s weekly series tested against the control airport (the first; click a row to make it the control).',
    params: {
      granularity_sqla: 'date',
      time_grain_sqla: 'P1W',
      time_range: FLIGHT_WEEKS,
      metrics: ['avg_delay', 'on_time_share'],
      groupby: ['origin'],
      adhoc_filters: [filter('origin', 'IN', BUSIEST_FIVE)],
      order_desc: true,
      row_limit: 10000,
      significance_level: 0.05,
      pvalue_precision: 4,
      liftvalue_precision: 2,
    },
  },
  {
    key: 'gallery-time-pivot',
    name: 'Unemployed by month, one line per year, 2000 to 2009 (thousands)',
    table: 'unemployment_across_industries',
    vizType: 'time_pivot',
    description: 'Each year over the months of the latest one; the latest year (2009, the recession) darkest.',
    params: {
      granularity_sqla: 'date',
      time_grain_sqla: 'P1M',
      time_range: '2000-01-01 : 2010-01-01',
      metric: 'sum_unemployed',
      freq: 'AS',
      show_legend: true,
      line_interpolation: 'linear',
      color_picker: { r: 69, g: 78, b: 124, a: 1 },
      x_axis_format: '%b',
      y_axis_format: ',d',
    },
  },
  {
    key: 'gallery-time-table',
    name: 'Stock prices, 2005 to 2010',
    table: 'stocks',
    vizType: 'time_table',
    description: 'A row per stock: the monthly price as a sparkline, the latest price, its change over a year and its yearly average.',
    params: {
      granularity_sqla: 'date',
      time_grain_sqla: 'P1M',
      time_range: '2005-01-01 : 2010-03-01',
      metrics: ['avg_price'],
      groupby: ['symbol'],
      limit: 10,
      row_limit: 10000,
      column_collection: [
        timeTableColumn('spark', { label: 'Monthly price', colType: 'spark', width: '220', height: '36', showYAxis: true }),
        timeTableColumn('latest', { label: 'Latest', colType: 'time', timeLag: '0', comparisonType: 'value', d3format: '$,.2f' }),
        timeTableColumn('yoy', {
          label: 'Change over a year',
          tooltip: 'The latest price against the price twelve months before',
          colType: 'time',
          timeLag: '12',
          comparisonType: 'perc_change',
          d3format: '+.1%',
          bounds: [0, null],
        }),
        timeTableColumn('avg', { label: 'Average, last 12 months', colType: 'avg', timeLag: '12', d3format: '$,.2f' }),
      ],
    },
  },
  {
    key: 'gallery-handlebars',
    name: 'World regions in 2005',
    table: 'gapminder',
    vizType: 'handlebars',
    description: 'A card per region written as a handlebars template, with its own CSS.',
    params: {
      query_mode: 'aggregate',
      groupby: [REGION],
      metrics: ['sum_population', 'avg_life_expect', 'avg_fertility'],
      adhoc_filters: [IN_2005],
      row_limit: 10,
      order_desc: true,
      handlebarsTemplate: REGION_CARDS,
      styleTemplate: REGION_CARDS_CSS,
    },
  },
];
