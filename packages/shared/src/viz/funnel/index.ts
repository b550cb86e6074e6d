import type { VizDefinition } from '../types.js';
import { buildFunnelQuery } from './buildQuery.js';
import { funnelControlPanel } from './controlPanel.js';
import { funnelExample } from './example.js';

export { buildFunnelQuery } from './buildQuery.js';
export { FUNNEL_LABEL_TYPES, FUNNEL_PERCENT_CALCULATIONS, funnelControlPanel } from './controlPanel.js';

export const funnelDefinition: VizDefinition = {
  meta: {
    key: 'funnel',
    order: 210,
    name: 'Funnel Chart',
    category: 'KPI',
    description:
      'Showcases how a metric changes as the funnel progresses. This classic chart is useful for visualizing drop-off between stages in a pipeline or lifecycle.',
    tags: ['Business', 'ECharts', 'Progressive', 'Report', 'Sequential', 'Trend'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildFunnelQuery,
  controlPanel: funnelControlPanel,
  example: funnelExample,
};

export default funnelDefinition;
