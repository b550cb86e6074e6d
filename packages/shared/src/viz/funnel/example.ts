/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { timeRange, sqlColumn } from '../exampleFormData.js';

const DELAY_BAND = sqlColumn(
  'Delay',
  "CASE WHEN delay <= 0 THEN 'On time or early' WHEN delay <= 15 THEN 'Up to 15 min late' " +
    "WHEN delay <= 60 THEN '15 to 60 min late' WHEN delay <= 180 THEN '1 to 3 hours late' ELSE 'Over 3 hours late' END",
);

export const funnelExample: VizExample = {
  key: 'gallery-funnel',
  name: 'Departures by delay',
  table: 'flights',
  description: 'US domestic departures, January to June 2001, by how late they left.',
  params: {
    groupby: [DELAY_BAND],
    metric: 'count',
    adhoc_filters: [timeRange('date')],
    row_limit: 10,
    sort_by_metric: true,
    percent_calculation_type: 'total',
    label_type: 'key_percent',
    tooltip_label_type: 'key_value_percent',
    number_format: ',d',
    show_legend: false,
  },
};
