import type { VizDefinition } from '../types.js';
import { buildCountryMapQuery } from './buildQuery.js';
import { countryMapControlPanel } from './controlPanel.js';
import { countryMapExample } from './example.js';

export { buildCountryMapQuery } from './buildQuery.js';
export { countryMapControlPanel } from './controlPanel.js';
export { BUNDLED_COUNTRY_MAPS, COUNTRY_MAP_CHOICES, COUNTRY_MAP_KEY_PATTERN, countryMapLabel, isCountryMapKey } from './countries.js';

export const countryMapDefinition: VizDefinition = {
  meta: {
    key: 'country_map',
    order: 400,
    name: 'Country Map',
    category: 'Map',
    description:
      "Visualizes how a single metric varies across a country's principal subdivisions (states, provinces, etc) on a choropleth map. Each subdivision's value is elevated when you hover over the corresponding geographic boundary.",
    tags: ['2D', 'Comparison', 'Geo', 'Range', 'Report', 'Stacked'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildCountryMapQuery,
  controlPanel: countryMapControlPanel,
  example: countryMapExample,
};

export default countryMapDefinition;
