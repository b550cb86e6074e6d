import type { VizDefinition } from '../types.js';
import { buildParallelCoordinatesQuery } from './buildQuery.js';
import { parallelCoordinatesControlPanel } from './controlPanel.js';
import { parallelCoordinatesExample } from './example.js';

export { buildParallelCoordinatesQuery } from './buildQuery.js';
export { parallelCoordinatesControlPanel } from './controlPanel.js';

export const parallelCoordinatesDefinition: VizDefinition = {
  meta: {
    key: 'para',
    order: 320,
    name: 'Parallel Coordinates',
    category: 'Ranking',
    description:
      'Plots the individual metrics for each row in the data vertically and links them together as a line. This chart is useful for comparing multiple metrics across all of the samples or rows in the data.',
    tags: ['Directional', 'Legacy', 'Relational'],
    behaviors: ['INTERACTIVE_CHART'],
  },
  buildQuery: buildParallelCoordinatesQuery,
  controlPanel: parallelCoordinatesControlPanel,
  example: parallelCoordinatesExample,
};

export default parallelCoordinatesDefinition;
