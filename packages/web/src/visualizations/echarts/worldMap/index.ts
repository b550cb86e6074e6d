import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { worldMapThumbnail } from './thumbnail';
import { transformProps, type WorldMapChartProps } from './transformProps';

export const worldMapWebViz: WebViz<WorldMapChartProps> = {
  definition: definitionOf('world_map'),
  transformProps,
  loadComponent: () => import('./WorldMapChart').then((m) => m.WorldMapChart),
  thumbnail: worldMapThumbnail,
};
