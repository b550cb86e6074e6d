/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, REGION } from '../exampleFormData.js';

export const bubbleExample: VizExample = {
  key: 'gallery-bubble',
  name: 'Fertility, life expectancy and population, 2005',
  table: 'gapminder',
  params: {
    entity: 'country',
    series: REGION,
    x: 'avg_fertility',
    y: 'avg_life_expect',
    size: 'sum_population',
    adhoc_filters: [filter('year', 'EQUALS', 2005)],
    row_limit: 200,
    max_bubble_size: '50',
    x_axis_label: 'Fertility (births per woman)',
    y_axis_label: 'Life expectancy (years)',
    y_axis_title_margin: 40,
    xAxisFormat: ',.1f',
    y_axis_format: ',.0f',
    tooltipSizeFormat: '.3s',
    truncateYAxis: true,
  },
};
