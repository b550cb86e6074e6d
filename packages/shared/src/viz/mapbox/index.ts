import type { VizDefinition } from '../types.js';
import { buildMapboxQuery } from './buildQuery.js';
import { mapboxControlPanel } from './controlPanel.js';
import { mapboxExample } from './example.js';

export { COUNT_METRIC, MAPBOX_COUNT_LABEL, buildMapboxQuery, mapboxLabelOf, mapboxRadiusOf } from './buildQuery.js';
export { MAPBOX_COLORS, MAPBOX_COLOR_PATTERN, MAPBOX_STYLES, mapboxControlPanel } from './controlPanel.js';

export const mapboxDefinition: VizDefinition = {
  meta: {
    key: 'mapbox',
    order: 410,
    name: 'MapBox',
    category: 'Map',
    description:
      'Points on a map by longitude and latitude, clustered at each zoom level with the number of points (or an aggregate of a label) on each cluster. Pan and zoom to explore.',
    tags: ['Business', 'Intensity', 'Legacy', 'Density', 'Scatter', 'Transformable'],
  },
  buildQuery: buildMapboxQuery,
  controlPanel: mapboxControlPanel,
  example: mapboxExample,
};

export default mapboxDefinition;
