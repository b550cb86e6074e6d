import type { VizDefinition } from '../types.js';
import { buildWordCloudQuery } from './buildQuery.js';
import { wordCloudControlPanel } from './controlPanel.js';
import { wordCloudExample } from './example.js';

export { buildWordCloudQuery } from './buildQuery.js';
export { WORD_ROTATIONS, wordCloudControlPanel } from './controlPanel.js';

export const wordCloudDefinition: VizDefinition = {
  meta: {
    key: 'word_cloud',
    order: 190,
    name: 'Word Cloud',
    category: 'Ranking',
    description: 'Shows the values of a column as words sized by a metric: the bigger the word, the larger its value.',
    tags: ['Categorical', 'Comparison', 'Density', 'Single Metric'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildWordCloudQuery,
  controlPanel: wordCloudControlPanel,
  example: wordCloudExample,
};

export default wordCloudDefinition;
