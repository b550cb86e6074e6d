import type { VizDefinition } from '../types.js';
import { buildPairedTTestQuery } from './buildQuery.js';
import { pairedTTestControlPanel } from './controlPanel.js';
import { pairedTTestExample } from './example.js';

export { buildPairedTTestQuery } from './buildQuery.js';
export { pairedTTestControlPanel, validateProbability } from './controlPanel.js';

export const pairedTTestDefinition: VizDefinition = {
  meta: {
    key: 'paired_ttest',
    order: 350,
    name: 'Paired t-test Table',
    category: 'Correlation',
    description: 'Table that visualizes paired t-tests, which are used to understand statistical differences between groups.',
    tags: ['Legacy', 'Statistical', 'Tabular'],
  },
  buildQuery: buildPairedTTestQuery,
  controlPanel: pairedTTestControlPanel,
  example: pairedTTestExample,
};

export default pairedTTestDefinition;
