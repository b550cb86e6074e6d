import type { VizDefinition } from '../types.js';
import { buildTimeTableQuery } from './buildQuery.js';
import { timeTableControlPanel } from './controlPanel.js';
import { timeTableExample } from './example.js';

export { buildTimeTableQuery } from './buildQuery.js';
export { ONE_METRIC_WITH_GROUP_BY, timeTableControlPanel, validateOneMetricWhenGrouped } from './controlPanel.js';
export * from './columns.js';

export const timeTableDefinition: VizDefinition = {
  meta: {
    key: 'time_table',
    order: 370,
    name: 'Time-series Table',
    category: 'Table',
    description: 'Compare multiple time series charts (as sparklines) and related metrics quickly.',
    tags: ['Multi-Variables', 'Comparison', 'Legacy', 'Percentages', 'Tabular', 'Text', 'Trend'],
  },
  buildQuery: buildTimeTableQuery,
  controlPanel: timeTableControlPanel,
  example: timeTableExample,
};

export default timeTableDefinition;
