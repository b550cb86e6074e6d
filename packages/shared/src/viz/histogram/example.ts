/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const histogramExample: VizExample = {
  key: 'gallery-histogram',
  name: 'Horsepower of cars by origin',
  table: 'cars',
  params: {
    column: 'horsepower',
    groupby: ['origin'],
    bins: 10,
    row_limit: 1000,
    x_axis_format: ',d',
    y_axis_format: ',d',
    x_axis_title: 'Horsepower',
    y_axis_title: 'Models',
  },
};
