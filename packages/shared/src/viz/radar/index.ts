import type { VizDefinition } from '../types.js';
import { buildRadarQuery } from './buildQuery.js';
import { radarControlPanel } from './controlPanel.js';
import { radarExample } from './example.js';

export { buildRadarQuery } from './buildQuery.js';
export { LABEL_POSITIONS, radarControlPanel } from './controlPanel.js';

export const radarDefinition: VizDefinition = {
  meta: {
    key: 'radar',
    order: 230,
    name: 'Radar Chart',
    category: 'Ranking',
    description:
      'Visualize a parallel set of metrics across multiple groups. Each group is visualized using its own line of points and each metric is represented as an edge in the chart.',
    tags: ['Business', 'Comparison', 'ECharts', 'Multi-Dimensions', 'Multi-Variables', 'Web'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildRadarQuery,
  controlPanel: radarControlPanel,
  example: radarExample,
};

export default radarDefinition;
