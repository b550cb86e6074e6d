/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, timeRange } from '../exampleFormData.js';

const HUBS = ['DEN', 'PHX', 'LAS'];

export const sankeyExample: VizExample = {
  key: 'gallery-sankey',
  name: 'Busiest routes out of Denver, Phoenix and Las Vegas',
  table: 'flights',
  description: 'The twenty busiest routes from the three hubs to other airports, January to June 2001.',
  params: {
    source: 'origin',
    target: 'destination',
    metric: 'count',
    adhoc_filters: [timeRange('date'), filter('origin', 'IN', HUBS), filter('destination', 'NOT_IN', HUBS)],
    row_limit: 20,
    sort_by_metric: true,
  },
};
