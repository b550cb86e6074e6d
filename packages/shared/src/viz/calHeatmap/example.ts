/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { timeRange, FLIGHT_MONTHS } from '../exampleFormData.js';

export const calHeatmapExample: VizExample = {
  key: 'gallery-cal-heatmap',
  name: 'Daily flights, January to June 2001',
  table: 'flights',
  params: {
    granularity_sqla: 'date',
    metrics: ['count'],
    adhoc_filters: [timeRange('date', FLIGHT_MONTHS)],
    domain_granularity: 'month',
    subdomain_granularity: 'day',
    y_axis_format: ',d',
    x_axis_time_format: '%a %b %d, %Y',
    steps: 8,
  },
};
