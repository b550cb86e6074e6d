/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, FLIGHT_WEEKS, BUSIEST_AIRPORTS } from '../exampleFormData.js';

const BUSIEST_FIVE = BUSIEST_AIRPORTS.slice(0, 5);

export const pairedTTestExample: VizExample = {
  key: 'gallery-paired-ttest',
  name: 'Weekly delay and on-time share at the five busiest airports, paired t-tests',
  table: 'flights',
  description: 'Each airport’s weekly series tested against the control airport (the first; click a row to make it the control).',
  params: {
    granularity_sqla: 'date',
    time_grain_sqla: 'P1W',
    time_range: FLIGHT_WEEKS,
    metrics: ['avg_delay', 'on_time_share'],
    groupby: ['origin'],
    adhoc_filters: [filter('origin', 'IN', BUSIEST_FIVE)],
    order_desc: true,
    row_limit: 10000,
    significance_level: 0.05,
    pvalue_precision: 4,
    liftvalue_precision: 2,
  },
};
