import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type RoseChartProps } from './transformProps';

export const roseWebViz: WebViz<RoseChartProps> = {
  definition: definitionOf('rose'),
  transformProps,
  loadComponent: () => import('./RoseChart').then((m) => m.RoseChart),
  thumbnail: THUMBNAILS.rose,
};
