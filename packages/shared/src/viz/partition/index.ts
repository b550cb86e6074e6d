import type { VizDefinition } from '../types.js';
import { buildPartitionQuery } from './buildQuery.js';
import { partitionControlPanel } from './controlPanel.js';
import { partitionExample } from './example.js';

export { buildPartitionQuery } from './buildQuery.js';
export { PARTITION_TIME_SERIES_OPTIONS, partitionControlPanel } from './controlPanel.js';

export const partitionDefinition: VizDefinition = {
  meta: {
    key: 'partition',
    order: 310,
    name: 'Partition Chart',
    category: 'Part of a Whole',
    description: 'Compare the same summarized metric across multiple groups.',
    tags: ['Categorical', 'Comparison', 'Legacy', 'Proportional'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildPartitionQuery,
  controlPanel: partitionControlPanel,
  example: partitionExample,
};

export default partitionDefinition;
