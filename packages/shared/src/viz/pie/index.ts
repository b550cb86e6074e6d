import type { VizDefinition } from '../types.js';
import { buildPieQuery } from './buildQuery.js';
import { pieControlPanel } from './controlPanel.js';

export { buildPieQuery } from './buildQuery.js';
export { PIE_LABEL_TYPES, pieControlPanel } from './controlPanel.js';

export const pieDefinition: VizDefinition = {
  meta: {
    key: 'pie',
    order: 90,
    name: 'Pie Chart',
    category: 'Part of a Whole',
    description: 'Shows how a total divides between categories, as slices of a pie or a donut.',
    tags: ['Categorical', 'Circular', 'Comparison', 'Percentages', 'Popular', 'Proportional'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildPieQuery,
  controlPanel: pieControlPanel,
};

export default pieDefinition;
