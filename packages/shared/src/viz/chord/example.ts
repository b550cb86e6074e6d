/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, timeRange } from '../exampleFormData.js';

const BUSIEST_EIGHT = ['ORD', 'DFW', 'ATL', 'LAX', 'PHX', 'STL', 'DTW', 'MSP'];

export const chordExample: VizExample = {
  key: 'gallery-chord',
  name: 'Flights between the eight busiest airports',
  table: 'flights',
  params: {
    groupby: 'origin',
    columns: 'destination',
    metric: 'count',
    adhoc_filters: [timeRange('date'), filter('origin', 'IN', BUSIEST_EIGHT), filter('destination', 'IN', BUSIEST_EIGHT)],
    row_limit: 1000,
    sort_by_metric: true,
    y_axis_format: ',d',
  },
};
