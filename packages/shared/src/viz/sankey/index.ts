import type { VizDefinition } from '../types.js';
import { buildSankeyQuery } from './buildQuery.js';
import { sankeyControlPanel } from './controlPanel.js';
import { sankeyExample } from './example.js';

export { buildSankeyQuery } from './buildQuery.js';
export { sankeyControlPanel } from './controlPanel.js';

export const sankeyDefinition: VizDefinition = {
  meta: {
    key: 'sankey_v2',
    order: 260,
    name: 'Sankey Chart',
    category: 'Flow',
    description:
      'The Sankey chart visually tracks the movement and transformation of values across system stages. Nodes represent stages, connected by links depicting value flow. Node height corresponds to the visualized metric, providing a clear representation of value distribution and transformation.',
    tags: ['Directional', 'ECharts', 'Distribution', 'Flow'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildSankeyQuery,
  controlPanel: sankeyControlPanel,
  example: sankeyExample,
};

export default sankeyDefinition;
