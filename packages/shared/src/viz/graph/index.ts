import type { VizDefinition } from '../types.js';
import { buildGraphQuery } from './buildQuery.js';
import { graphControlPanel } from './controlPanel.js';
import { graphExample } from './example.js';

export { GRAPH_COLUMN_FIELDS, buildGraphQuery } from './buildQuery.js';
export { graphControlPanel } from './controlPanel.js';

export const graphDefinition: VizDefinition = {
  meta: {
    key: 'graph_chart',
    order: 270,
    name: 'Graph Chart',
    category: 'Flow',
    description:
      'Displays connections between entities in a graph structure. Useful for mapping relationships and showing which nodes are important in a network. Graph charts can be configured to be force-directed or circulate.',
    tags: ['Circular', 'Comparison', 'Directional', 'ECharts', 'Relational', 'Structural', 'Transformable'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildGraphQuery,
  controlPanel: graphControlPanel,
  example: graphExample,
};

export default graphDefinition;
