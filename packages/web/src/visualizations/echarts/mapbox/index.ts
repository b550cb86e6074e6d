import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type MapboxChartProps } from './transformProps';

export const mapboxWebViz: WebViz<MapboxChartProps> = {
  definition: definitionOf('mapbox'),
  transformProps,
  loadComponent: () => import('./MapboxChart').then((m) => m.MapboxChart),
  thumbnail: THUMBNAILS.mapbox,
};
