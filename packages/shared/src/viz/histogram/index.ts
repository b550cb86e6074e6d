import type { VizDefinition } from '../types.js';
import { buildHistogramQuery } from './buildQuery.js';
import { histogramControlPanel } from './controlPanel.js';
import { histogramExample } from './example.js';

export { buildHistogramQuery, histogramOperator } from './buildQuery.js';
export { histogramControlPanel } from './controlPanel.js';

export const histogramDefinition: VizDefinition = {
  meta: {
    key: 'histogram_v2',
    order: 150,
    name: 'Histogram',
    category: 'Distribution',
    description:
      'Shows how the values of a numeric column are spread: how many rows fall in each of a number of equal-width bins, per dimension.',
    tags: ['Comparison', 'ECharts', 'Pattern', 'Popular', 'Distribution'],
  },
  buildQuery: buildHistogramQuery,
  controlPanel: histogramControlPanel,
  example: histogramExample,
};

export default histogramDefinition;
