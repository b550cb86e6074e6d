import type { VizDefinition } from '../types.js';
import { buildBoxPlotQuery } from './buildQuery.js';
import { boxPlotControlPanel } from './controlPanel.js';
import { boxPlotExample } from './example.js';

export { WHISKER_OPTIONS, boxplotOperator, buildBoxPlotQuery } from './buildQuery.js';
export { boxPlotControlPanel } from './controlPanel.js';

export const boxPlotDefinition: VizDefinition = {
  meta: {
    key: 'box_plot',
    order: 140,
    name: 'Box Plot',
    category: 'Distribution',
    description:
      'Compares how a metric is distributed across groups: the median, the quartiles, the whiskers and the outliers of each group at a glance.',
    tags: ['Comparison', 'ECharts', 'Range', 'Statistical'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildBoxPlotQuery,
  controlPanel: boxPlotControlPanel,
  example: boxPlotExample,
};

export default boxPlotDefinition;
