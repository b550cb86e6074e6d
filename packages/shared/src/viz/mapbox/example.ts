/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

/** US states and territories off the contiguous map (and the file's few malformed state values). */
const OUTSIDE_CONTIGUOUS = ['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'CQ', 'NA'];

export const mapboxExample: VizExample = {
  key: 'gallery-mapbox',
  name: 'Airports in the contiguous United States',
  table: 'airports',
  description: 'Every airport as a point, clustered at the zoom level; zoom in to split the clusters.',
  params: {
    all_columns_x: 'longitude',
    all_columns_y: 'latitude',
    clustering_radius: '60',
    row_limit: 5000,
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        subject: 'state',
        operator: 'NOT IN',
        operatorId: 'NOT_IN',
        comparator: OUTSIDE_CONTIGUOUS,
        clause: 'WHERE',
        isExtra: false,
        filterOptionName: 'filter_state_not_in',
      },
    ],
    mapbox_label: [],
    point_radius: 'Auto',
    mapbox_color: 'rgb(0, 139, 139)',
    global_opacity: 1,
  },
};
