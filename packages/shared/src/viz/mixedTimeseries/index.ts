import type { VizDefinition } from '../types.js';
import { buildMixedTimeseriesQuery } from './buildQuery.js';
import { mixedTimeseriesControlPanel } from './controlPanel.js';
import { mixedTimeseriesExample } from './example.js';

export { buildMixedTimeseriesQuery, QUERY_B_SUFFIX } from './buildQuery.js';
export { CUSTOMIZE_B_SUFFIX, MIXED_SERIES_TYPES, SORT_SERIES_CHOICES, mixedTimeseriesControlPanel } from './controlPanel.js';
export { removeFormDataSuffix, retainFormDataSuffix } from './formDataSuffix.js';

export const mixedTimeseriesDefinition: VizDefinition = {
  meta: {
    key: 'mixed_timeseries',
    order: 130,
    name: 'Mixed Chart',
    category: 'Evolution',
    description:
      'Two queries along one x axis, each with its own metrics, dimensions, filters and series style, the second on a secondary y axis if wanted.',
    tags: ['Advanced-Analytics', 'ECharts', 'Line', 'Multi-Variables', 'Time', 'Transformable'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildMixedTimeseriesQuery,
  controlPanel: mixedTimeseriesControlPanel,
  example: mixedTimeseriesExample,
};

export default mixedTimeseriesDefinition;
