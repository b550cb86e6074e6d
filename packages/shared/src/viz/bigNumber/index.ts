import type { VizDefinition } from '../types.js';
import { buildBigNumberQuery, buildBigNumberTotalQuery } from './buildQuery.js';
import { bigNumberControlPanel, bigNumberTotalControlPanel } from './controlPanel.js';

export { buildBigNumberQuery, buildBigNumberTotalQuery } from './buildQuery.js';
export { DEFAULT_PICKER_COLOR, bigNumberControlPanel, bigNumberTotalControlPanel } from './controlPanel.js';

export const bigNumberTotalDefinition: VizDefinition = {
  meta: {
    key: 'big_number_total',
    order: 100,
    name: 'Big Number',
    category: 'KPI',
    description: 'Shows one key figure in large type, with an optional line of text beneath it.',
    tags: ['Additive', 'Business', 'Formattable', 'Popular', 'Report'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  buildQuery: buildBigNumberTotalQuery,
  controlPanel: bigNumberTotalControlPanel,
};

export const bigNumberDefinition: VizDefinition = {
  meta: {
    key: 'big_number',
    order: 110,
    name: 'Big Number with Trendline',
    category: 'KPI',
    description: 'Shows the latest value of a metric in large type over a small line of its recent history.',
    tags: ['Advanced-Analytics', 'Line', 'Percentages', 'Popular', 'Report', 'Trend'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  buildQuery: buildBigNumberQuery,
  controlPanel: bigNumberControlPanel,
};

export default [bigNumberTotalDefinition, bigNumberDefinition];
