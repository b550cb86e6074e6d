/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter } from '../exampleFormData.js';

export const wordCloudExample: VizExample = {
  key: 'gallery-word-cloud',
  name: 'Directors by worldwide gross',
  table: 'movies',
  params: {
    series: 'director',
    metric: 'sum_worldwide_gross',
    adhoc_filters: [filter('director', 'IS_NOT_NULL')],
    row_limit: 60,
    sort_by_metric: true,
    size_from: 10,
    size_to: 56,
    rotation: 'flat',
  },
};
