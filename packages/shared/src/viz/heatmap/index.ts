import type { VizDefinition } from '../types.js';
import { buildHeatmapQuery } from './buildQuery.js';
import { heatmapControlPanel } from './controlPanel.js';
import { heatmapExample } from './example.js';

export { buildHeatmapQuery } from './buildQuery.js';
export { SORT_AXIS_CHOICES, heatmapControlPanel } from './controlPanel.js';

export const heatmapDefinition: VizDefinition = {
  meta: {
    key: 'heatmap_v2',
    order: 160,
    name: 'Heatmap',
    category: 'Correlation',
    description: 'Shows a metric across two dimensions as a grid of cells coloured by value, to spot patterns and hot spots.',
    tags: ['Business', 'ECharts', 'Intensity', 'Density', 'Single Metric'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildHeatmapQuery,
  controlPanel: heatmapControlPanel,
  example: heatmapExample,
};

export default heatmapDefinition;
