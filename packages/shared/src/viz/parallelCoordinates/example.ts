/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { IN_2005 } from '../exampleFormData.js';

export const parallelCoordinatesExample: VizExample = {
  key: 'gallery-parallel-coordinates',
  name: 'Countries in 2005: population, life expectancy and fertility',
  table: 'gapminder',
  description: 'One line per country across three axes, coloured by births per woman (darker: more). Drag along an axis to select a range.',
  params: {
    series: 'country',
    metrics: ['sum_population', 'avg_life_expect', 'avg_fertility'],
    secondary_metric: 'avg_fertility',
    adhoc_filters: [IN_2005],
    row_limit: 100,
    timeseries_limit_metric: 'sum_population',
    order_desc: true,
    linear_color_scheme: 'superset_seq_1',
  },
};
