/** The map family's definitions (world map, country map, point map), registered as one entry in registry.ts. */
import type { VizDefinition } from './types.js';
import { worldMapDefinition } from './worldMap/index.js';
import { countryMapDefinition } from './countryMap/index.js';
import { mapboxDefinition } from './mapbox/index.js';

export const mapDefinitions: VizDefinition[] = [worldMapDefinition, countryMapDefinition, mapboxDefinition];

// what the web app's map drawing and the server's map route read
export { WORLD_MAP_COLOR_BY } from './worldMap/index.js';
export {
  BUNDLED_COUNTRY_MAPS,
  COUNTRY_MAP_CHOICES,
  COUNTRY_MAP_KEY_PATTERN,
  countryMapLabel,
  isCountryMapKey,
} from './countryMap/index.js';
export { MAPBOX_COLOR_PATTERN, MAPBOX_COUNT_LABEL, mapboxLabelOf, mapboxRadiusOf } from './mapbox/index.js';
export * from '../geo/countries.js';
export * from '../geo/usStates.js';
export * from '../geo/cluster.js';
export * from '../geo/projection.js';
