/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, timeRange, sqlColumn, FLIGHT_MONTHS, BUSIEST_AIRPORTS } from '../exampleFormData.js';

export const boxPlotExample: VizExample = {
  key: 'gallery-box-plot',
  name: 'Daily average delay at the ten busiest airports',
  table: 'flights',
  description: 'Each box spreads the 181 daily average delays of an airport, January to June 2001.',
  params: {
    columns: [sqlColumn('Day', 'date_trunc(\'day\', "date")')],
    groupby: ['origin'],
    metrics: ['avg_delay'],
    adhoc_filters: [timeRange('date', FLIGHT_MONTHS), filter('origin', 'IN', BUSIEST_AIRPORTS)],
    whiskerOptions: 'Tukey',
    number_format: ',.1f',
    y_axis_title: 'Daily average delay (min)',
    y_axis_title_margin: 50,
  },
};
