import type { VizDefinition } from '../types.js';
import { buildWaterfallQuery } from './buildQuery.js';
import { waterfallControlPanel } from './controlPanel.js';
import { waterfallExample } from './example.js';

export { buildWaterfallQuery } from './buildQuery.js';
export { WATERFALL_COLORS, waterfallControlPanel } from './controlPanel.js';

export const waterfallDefinition: VizDefinition = {
  meta: {
    key: 'waterfall',
    order: 170,
    name: 'Waterfall Chart',
    category: 'Evolution',
    description:
      'Shows how a value builds up from period to period, or category to category: each bar starts where the previous one ended, increases and decreases in their own colours, with the running total.',
    tags: ['Categorical', 'Comparison', 'ECharts', 'Sequential', 'Trend'],
  },
  buildQuery: buildWaterfallQuery,
  controlPanel: waterfallControlPanel,
  example: waterfallExample,
};

export default waterfallDefinition;
