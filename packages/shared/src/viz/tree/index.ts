import type { VizDefinition } from '../types.js';
import { buildTreeQuery } from './buildQuery.js';
import { treeControlPanel } from './controlPanel.js';
import { treeExample } from './example.js';

export { buildTreeQuery } from './buildQuery.js';
export { treeControlPanel } from './controlPanel.js';

export const treeDefinition: VizDefinition = {
  meta: {
    key: 'tree_chart',
    order: 280,
    name: 'Tree Chart',
    category: 'Part of a Whole',
    description: 'Visualize multiple levels of hierarchy using a familiar tree-like structure.',
    tags: ['Categorical', 'ECharts', 'Multi-Levels', 'Relational', 'Structural'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  buildQuery: buildTreeQuery,
  controlPanel: treeControlPanel,
  example: treeExample,
};

export default treeDefinition;
