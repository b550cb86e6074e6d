/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, timeRange, sqlColumn, FLIGHT_MONTHS, BUSIEST_AIRPORTS } from '../exampleFormData.js';

export const heatmapExample: VizExample = {
  key: 'gallery-heatmap',
  name: 'Average delay by airport and weekday',
  table: 'flights',
  params: {
    x_axis: 'origin',
    groupby: sqlColumn('Weekday', 'strftime("date", \'%u %a\')'),
    metric: 'avg_delay',
    adhoc_filters: [timeRange('date', FLIGHT_MONTHS), filter('origin', 'IN', BUSIEST_AIRPORTS)],
    sort_x_axis: 'value_desc',
    sort_y_axis: 'alpha_desc',
    linear_color_scheme: 'superset_seq_2',
    y_axis_format: ',.1f',
    show_values: true,
  },
};
