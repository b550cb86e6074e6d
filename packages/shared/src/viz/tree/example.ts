/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const treeExample: VizExample = {
  key: 'gallery-tree',
  name: 'Flare toolkit packages',
  table: 'flare',
  description: 'The class hierarchy of the Flare visualization toolkit; click a package to open it.',
  params: {
    id: 'id',
    parent: 'parent',
    name: 'name',
    metric: 'sum_size',
    adhoc_filters: [],
    row_limit: 1000,
    layout: 'orthogonal',
    orient: 'LR',
  },
};
