import type { VizDefinition } from '../types.js';
import { buildTreemapQuery } from './buildQuery.js';
import { treemapControlPanel } from './controlPanel.js';
import { treemapExample } from './example.js';

export { buildTreemapQuery, hierarchyOrderBy } from './buildQuery.js';
export { treemapControlPanel } from './controlPanel.js';

export const treemapDefinition: VizDefinition = {
  meta: {
    key: 'treemap_v2',
    order: 240,
    name: 'Treemap',
    category: 'Part of a Whole',
    description:
      'Show hierarchical relationships of data, with the value represented by area, showing proportion and contribution to the whole.',
    tags: ['Categorical', 'Comparison', 'ECharts', 'Multi-Levels', 'Percentages', 'Proportional'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildTreemapQuery,
  controlPanel: treemapControlPanel,
  example: treemapExample,
};

export default treemapDefinition;
