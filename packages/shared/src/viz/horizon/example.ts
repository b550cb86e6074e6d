/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const horizonExample: VizExample = {
  key: 'gallery-horizon',
  name: 'Unemployment rate by industry, 2000 to 2010',
  table: 'unemployment_across_industries',
  description: 'One band row per industry on a shared scale: the darker the band, the higher the rate.',
  params: {
    granularity_sqla: 'date',
    time_grain_sqla: 'P1M',
    time_range: 'No filter',
    metrics: ['avg_rate'],
    groupby: ['series'],
    order_desc: true,
    row_limit: 10000,
    series_height: '25',
    horizon_color_scale: 'overall',
  },
};
