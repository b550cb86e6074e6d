/**
 * The timeseries family: one query shape, seven gallery entries differing in series style.
 */
import type { ChoiceList, VizDefinition, VizMeta } from '../types.js';
import { buildTimeseriesQuery } from './buildQuery.js';
import { AREA_STACK_CHOICES, STACK_CHOICES, type TimeseriesVariant, timeseriesControlPanel } from './controlPanel.js';
import { timeseriesExamples } from './example.js';

export { buildTimeseriesQuery } from './buildQuery.js';
export { timeseriesControlPanel } from './controlPanel.js';

const STEP_TYPES: ChoiceList = [
  ['start', 'Start'],
  ['middle', 'Middle'],
  ['end', 'End'],
];

const SERIES_TYPES: ChoiceList = [
  ['line', 'Line'],
  ['scatter', 'Scatter'],
  ['smooth', 'Smooth line'],
  ['bar', 'Bar'],
  ['start', 'Step - start'],
  ['middle', 'Step - middle'],
  ['end', 'Step - end'],
];

const BEHAVIORS: VizMeta['behaviors'] = ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'];

function define(meta: Omit<VizMeta, 'category' | 'behaviors'>, variant: TimeseriesVariant): VizDefinition {
  const example = timeseriesExamples[meta.key];
  return {
    meta: { ...meta, category: 'Evolution', behaviors: BEHAVIORS },
    buildQuery: buildTimeseriesQuery,
    controlPanel: timeseriesControlPanel(variant),
    ...(example ? { example } : {}),
  };
}

const lineLike: TimeseriesVariant = { areaToggle: true, opacity: 'withArea', markers: true, stackChoices: STACK_CHOICES };

/** In the gallery's order (the registry's order is the gallery's). */
export const timeseriesDefinitions: VizDefinition[] = [
  define(
    {
      key: 'echarts_timeseries_line',
      order: 20,
      name: 'Line Chart',
      description: 'Shows how one or more metrics change over time, one line per series.',
      tags: ['Aesthetic', 'Advanced-Analytics', 'Line', 'Popular', 'Time', 'Trend', 'Transformable'],
    },
    lineLike,
  ),
  define(
    {
      key: 'echarts_timeseries',
      order: 30,
      name: 'Generic Chart',
      description: 'A time series chart whose series style (line, bar, scatter, smooth or step) you choose.',
      tags: ['Aesthetic', 'Advanced-Analytics', 'Line', 'Bar', 'Time', 'Transformable'],
    },
    { ...lineLike, seriesTypes: { choices: SERIES_TYPES, default: 'line' } },
  ),
  define(
    {
      key: 'echarts_area',
      order: 40,
      name: 'Area Chart',
      description: 'Shows how metrics change over time as filled areas, stacked or streamed to compare their parts.',
      tags: ['Aesthetic', 'Advanced-Analytics', 'Line', 'Popular', 'Stacked', 'Time', 'Transformable'],
    },
    { opacity: 'always', opacityDefault: 0.2, markers: true, stackChoices: AREA_STACK_CHOICES },
  ),
  define(
    {
      key: 'echarts_timeseries_bar',
      order: 50,
      name: 'Bar Chart',
      description: 'Compares metrics across time or categories with vertical or horizontal bars, optionally stacked.',
      tags: ['Aesthetic', 'Advanced-Analytics', 'Bar', 'Popular', 'Time', 'Transformable', 'Vertical', 'Horizontal'],
    },
    { orientation: true, stackChoices: STACK_CHOICES },
  ),
  define(
    {
      key: 'echarts_timeseries_scatter',
      order: 60,
      name: 'Scatter Plot',
      description: 'Plots each value as a point along the x axis, without connecting lines.',
      tags: ['Aesthetic', 'Advanced-Analytics', 'Scatter', 'Time', 'Transformable'],
    },
    { markerSizeOnly: true },
  ),
  define(
    {
      key: 'echarts_timeseries_smooth',
      order: 70,
      name: 'Smooth Line',
      description: 'A line chart whose lines are drawn as smooth curves between the points.',
      tags: ['Aesthetic', 'Advanced-Analytics', 'Line', 'Time', 'Transformable'],
    },
    { markers: true, stackChoices: STACK_CHOICES },
  ),
  define(
    {
      key: 'echarts_timeseries_step',
      order: 80,
      name: 'Stepped Line',
      description: 'A line chart that holds each value until the next point, for values that change in steps.',
      tags: ['Aesthetic', 'Advanced-Analytics', 'Line', 'Time', 'Transformable'],
    },
    { ...lineLike, seriesTypes: { choices: STEP_TYPES, default: 'start' } },
  ),
];

export default timeseriesDefinitions;
