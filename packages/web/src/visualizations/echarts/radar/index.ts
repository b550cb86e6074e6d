import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type RadarChartProps } from './transformProps';

export const radarWebViz: WebViz<RadarChartProps> = {
  definition: definitionOf('radar'),
  transformProps,
  loadComponent: () => import('./RadarChart').then((m) => m.RadarChart),
  thumbnail: THUMBNAILS.radar,
};
