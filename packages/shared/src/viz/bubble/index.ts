import type { VizDefinition } from '../types.js';
import { buildBubbleQuery } from './buildQuery.js';
import { bubbleControlPanel } from './controlPanel.js';
import { bubbleExample } from './example.js';

export { buildBubbleQuery } from './buildQuery.js';
export { bubbleControlPanel } from './controlPanel.js';

export const bubbleDefinition: VizDefinition = {
  meta: {
    key: 'bubble_v2',
    order: 180,
    name: 'Bubble Chart',
    category: 'Correlation',
    description:
      'Plots entities by two metrics, x and y, with a third as the size of the bubble, and colours them by a dimension: how three measures relate.',
    tags: ['Multi-Dimensions', 'Comparison', 'Scatter', 'Time', 'Trend', 'ECharts'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildBubbleQuery,
  controlPanel: bubbleControlPanel,
  example: bubbleExample,
};

export default bubbleDefinition;
