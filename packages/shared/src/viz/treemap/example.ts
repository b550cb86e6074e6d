/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { REGION, IN_2005 } from '../exampleFormData.js';

export const treemapExample: VizExample = {
  key: 'gallery-treemap',
  name: 'World population by region and country, 2005',
  table: 'gapminder',
  params: {
    groupby: [REGION, 'country'],
    metric: 'sum_population',
    adhoc_filters: [IN_2005],
    row_limit: 1000,
    sort_by_metric: true,
    label_type: 'key',
    number_format: '.3s',
  },
};
