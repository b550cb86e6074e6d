/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const radarExample: VizExample = {
  key: 'gallery-radar',
  name: 'Cars by origin',
  table: 'cars',
  description: 'Average fuel economy, power, acceleration and weight of the car models of each origin.',
  params: {
    groupby: ['origin'],
    metrics: ['avg_mpg', 'avg_horsepower', 'avg_acceleration', 'avg_weight_in_lbs'],
    adhoc_filters: [],
    row_limit: 10,
    show_labels: false,
    number_format: ',.1f',
  },
};
