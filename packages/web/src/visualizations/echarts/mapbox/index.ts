import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { mapboxThumbnail } from './thumbnail';
import { transformProps, type MapboxChartProps } from './transformProps';

export const mapboxWebViz: WebViz<MapboxChartProps> = {
  definition: definitionOf('mapbox'),
  transformProps,
  loadComponent: () => import('./MapboxChart').then((m) => m.MapboxChart),
  thumbnail: mapboxThumbnail,
};
