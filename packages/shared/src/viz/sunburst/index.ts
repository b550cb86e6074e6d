import type { VizDefinition } from '../types.js';
import { buildSunburstQuery } from './buildQuery.js';
import { sunburstControlPanel } from './controlPanel.js';
import { sunburstExample } from './example.js';

export { buildSunburstQuery, sunburstLevels } from './buildQuery.js';
export { colorsByRatio, sunburstControlPanel } from './controlPanel.js';

export const sunburstDefinition: VizDefinition = {
  meta: {
    key: 'sunburst_v2',
    order: 250,
    name: 'Sunburst Chart',
    category: 'Part of a Whole',
    description:
      'Uses circles to visualize the flow of data through different stages of a system. Hover over individual paths in the visualization to understand the stages a value took. Useful for multi-stage, multi-group visualizing funnels and pipelines.',
    tags: ['ECharts', 'Multi-Levels', 'Proportional', 'Featured'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildSunburstQuery,
  controlPanel: sunburstControlPanel,
  example: sunburstExample,
};

export default sunburstDefinition;
