/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { FLIGHT_MONTHS } from '../exampleFormData.js';

export const bulletExample: VizExample = {
  key: 'gallery-bullet',
  name: 'On-time departures against target, January to June 2001',
  table: 'flights',
  description: 'The share of flights leaving on time or early, over bands of poor, fair and good, with the target marked.',
  params: {
    granularity_sqla: 'date',
    time_range: FLIGHT_MONTHS,
    metric: 'on_time_share',
    ranges: '0.4,0.55,0.7',
    range_labels: 'poor,fair,good',
    markers: '0.6',
    marker_labels: 'target',
    marker_lines: '0.65',
    marker_line_labels: 'stretch goal',
  },
};
