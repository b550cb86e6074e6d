/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { timeRange } from '../exampleFormData.js';

export const gaugeExample: VizExample = {
  key: 'gallery-gauge',
  name: 'On-time departures (gauge)',
  table: 'flights',
  description: 'Share of flights leaving on time or early: red under 50 %, amber to 70 %, green above.',
  params: {
    groupby: [],
    metric: 'on_time_share',
    adhoc_filters: [timeRange('date')],
    min_val: 0,
    max_val: 1,
    number_format: '.0%',
    // a dial in a small KPI cell: a smaller font, labels every 20 %
    font_size: 12,
    split_number: 5,
    show_split_line: true,
    intervals: '0.5,0.7,1',
    interval_color_indices: '6,7,3',
    show_progress: false,
  },
};
