/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const sunburstExample: VizExample = {
  key: 'gallery-sunburst',
  name: 'Penguins by species, island and sex',
  table: 'penguins',
  params: {
    columns: ['species', 'island', 'sex'],
    metric: 'count',
    adhoc_filters: [],
    row_limit: 1000,
    sort_by_metric: true,
    show_labels: true,
    show_labels_threshold: 3,
    label_type: 'key',
    showNulls: false,
  },
};
