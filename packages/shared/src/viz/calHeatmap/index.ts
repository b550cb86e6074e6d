import type { VizDefinition } from '../types.js';
import { buildCalHeatmapQuery } from './buildQuery.js';
import { calHeatmapControlPanel } from './controlPanel.js';
import { calHeatmapExample } from './example.js';

export { SUBDOMAIN_GRAINS, buildCalHeatmapQuery } from './buildQuery.js';
export { DOMAIN_GRANULARITIES, SUBDOMAIN_GRANULARITIES, calHeatmapControlPanel } from './controlPanel.js';

export const calHeatmapDefinition: VizDefinition = {
  meta: {
    key: 'cal_heatmap',
    order: 200,
    name: 'Calendar Heatmap',
    category: 'Correlation',
    description:
      'Lays a metric out on a calendar, one coloured cell per day (or hour, week …) grouped by month (or week, year …), to see how it changes with the day of the week or the season.',
    tags: ['Business', 'Comparison', 'Intensity', 'Pattern', 'Report', 'Trend'],
  },
  buildQuery: buildCalHeatmapQuery,
  controlPanel: calHeatmapControlPanel,
  example: calHeatmapExample,
};

export default calHeatmapDefinition;
