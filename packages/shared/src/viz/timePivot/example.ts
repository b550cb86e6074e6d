/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const timePivotExample: VizExample = {
  key: 'gallery-time-pivot',
  name: 'Unemployed by month, one line per year, 2000 to 2009 (thousands)',
  table: 'unemployment_across_industries',
  description: 'Each year over the months of the latest one; the latest year (2009, the recession) darkest.',
  params: {
    granularity_sqla: 'date',
    time_grain_sqla: 'P1M',
    time_range: '2000-01-01 : 2010-01-01',
    metric: 'sum_unemployed',
    freq: 'AS',
    show_legend: true,
    line_interpolation: 'linear',
    color_picker: { r: 69, g: 78, b: 124, a: 1 },
    x_axis_format: '%b',
    y_axis_format: ',d',
  },
};
