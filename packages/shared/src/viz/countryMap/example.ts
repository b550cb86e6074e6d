/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { filter, sqlColumn } from '../exampleFormData.js';

export const countryMapExample: VizExample = {
  key: 'gallery-country-map',
  name: 'Airports by US state',
  table: 'airports',
  description: 'Number of airports in each state (Alaska has the most).',
  params: {
    select_country: 'usa',
    // the peer's country map reads ISO 3166-2 codes; the table holds USPS state codes
    entity: sqlColumn('ISO 3166-2 code', "'US-' || state"),
    metric: 'count',
    adhoc_filters: [filter('country', 'EQUALS', 'USA')],
    number_format: ',d',
    linear_color_scheme: 'dark_blue',
  },
};
