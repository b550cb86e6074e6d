import type { VizDefinition } from '../types.js';
import { buildWorldMapQuery } from './buildQuery.js';
import { worldMapControlPanel } from './controlPanel.js';
import { worldMapExample } from './example.js';

export { buildWorldMapQuery } from './buildQuery.js';
export { WORLD_MAP_COLOR_BY, worldMapControlPanel } from './controlPanel.js';

export const worldMapDefinition: VizDefinition = {
  meta: {
    key: 'world_map',
    order: 390,
    name: 'World Map',
    category: 'Map',
    description: 'A map of the world, that can indicate values in different countries.',
    tags: ['2D', 'Comparison', 'Intensity', 'Legacy', 'Multi-Dimensions', 'Multi-Layers', 'Multi-Variables', 'Scatter', 'Featured'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildWorldMapQuery,
  controlPanel: worldMapControlPanel,
  example: worldMapExample,
};

export default worldMapDefinition;
