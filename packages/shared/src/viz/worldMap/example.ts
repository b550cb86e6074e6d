/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter } from '../exampleFormData.js';

export const worldMapExample: VizExample = {
  key: 'gallery-world-map',
  name: 'Life expectancy and population by country, 2005',
  table: 'gapminder',
  description: 'Countries shaded by life expectancy; bubbles sized by population.',
  params: {
    entity: 'country',
    country_fieldtype: 'name',
    metric: 'avg_life_expect',
    secondary_metric: 'sum_population',
    adhoc_filters: [filter('year', 'EQUALS', 2005)],
    row_limit: 1000,
    show_bubbles: true,
    max_bubble_size: '25',
    color_picker: { r: 69, g: 78, b: 124, a: 1 },
    color_by: 'metric',
    linear_color_scheme: 'schemeRdYlGn',
    y_axis_format: ',.1f',
  },
};
