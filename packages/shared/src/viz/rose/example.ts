/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const roseExample: VizExample = {
  key: 'gallery-rose',
  name: 'Monthly precipitation, Seattle and New York, 2015',
  table: 'weather',
  description: 'One wedge per month; each city adds a ring whose area is its rain and snow (mm).',
  params: {
    granularity_sqla: 'date',
    time_grain_sqla: 'P1M',
    time_range: '2015-01-01 : 2016-01-01',
    metrics: ['sum_precipitation'],
    groupby: ['location'],
    adhoc_filters: [],
    row_limit: 10000,
    number_format: ',.0f',
    date_time_format: '%b',
    rose_area_proportion: true,
  },
};
