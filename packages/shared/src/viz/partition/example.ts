/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter } from '../exampleFormData.js';

export const partitionExample: VizExample = {
  key: 'gallery-partition',
  name: 'Worldwide gross by genre and rating',
  table: 'movies',
  description: 'The five largest ratings of each genre; click a box to see it whole.',
  params: {
    granularity_sqla: 'release_date',
    metrics: ['sum_worldwide_gross'],
    groupby: ['major_genre', 'mpaa_rating'],
    adhoc_filters: [filter('major_genre', 'IS_NOT_NULL'), filter('mpaa_rating', 'IS_NOT_NULL')],
    row_limit: 10000,
    time_series_option: 'not_time',
    number_format: '$.3s',
    partition_limit: 5,
    partition_threshold: 0.02,
  },
};
