import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { radarThumbnail } from './thumbnail';
import { transformProps, type RadarChartProps } from './transformProps';

export const radarWebViz: WebViz<RadarChartProps> = {
  definition: definitionOf('radar'),
  transformProps,
  loadComponent: () => import('./RadarChart').then((m) => m.RadarChart),
  thumbnail: radarThumbnail,
};
