/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { timeRange } from '../exampleFormData.js';

export const waterfallExample: VizExample = {
  key: 'gallery-waterfall',
  name: 'US nonfarm jobs lost and regained, month by month, 2009–2010',
  table: 'us_employment',
  description: 'Change in nonfarm jobs (thousands), seasonally adjusted; the last bar is the net change over the two years.',
  params: {
    x_axis: 'month',
    time_grain_sqla: 'P1M',
    metric: 'sum_nonfarm_change',
    adhoc_filters: [timeRange('month', '2009-01-01 : 2011-01-01')],
    x_axis_time_format: '%b %Y',
    x_ticks_layout: '45°',
    y_axis_format: ',d',
    y_axis_label: 'Jobs (thousands)',
    total_label: 'Net change',
  },
};
