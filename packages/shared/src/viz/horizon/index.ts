import type { VizDefinition } from '../types.js';
import { buildHorizonQuery } from './buildQuery.js';
import { horizonControlPanel } from './controlPanel.js';
import { horizonExample } from './example.js';

export { buildHorizonQuery } from './buildQuery.js';
export { HORIZON_SERIES_HEIGHTS, horizonControlPanel } from './controlPanel.js';

export const horizonDefinition: VizDefinition = {
  meta: {
    key: 'horizon',
    order: 340,
    name: 'Horizon Chart',
    category: 'Distribution',
    description:
      'Compares how a metric changes over time between different groups. Each group is mapped to a row and change over time is visualized bar lengths and color.',
    tags: ['Legacy'],
    behaviors: ['INTERACTIVE_CHART'],
  },
  buildQuery: buildHorizonQuery,
  controlPanel: horizonControlPanel,
  example: horizonExample,
};

export default horizonDefinition;
