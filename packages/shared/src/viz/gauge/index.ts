import type { VizDefinition } from '../types.js';
import { buildGaugeQuery } from './buildQuery.js';
import { gaugeControlPanel } from './controlPanel.js';
import { gaugeExample } from './example.js';

export { buildGaugeQuery } from './buildQuery.js';
export { gaugeControlPanel } from './controlPanel.js';

export const gaugeDefinition: VizDefinition = {
  meta: {
    key: 'gauge_chart',
    order: 220,
    name: 'Gauge Chart',
    category: 'KPI',
    description:
      'Uses a gauge to showcase progress of a metric towards a target. The position of the dial represents the progress and the terminal value in the gauge represents the target value.',
    tags: ['Business', 'Comparison', 'ECharts', 'Report'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildGaugeQuery,
  controlPanel: gaugeControlPanel,
  example: gaugeExample,
};

export default gaugeDefinition;
