import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { roseThumbnail } from './thumbnail';
import { transformProps, type RoseChartProps } from './transformProps';

export const roseWebViz: WebViz<RoseChartProps> = {
  definition: definitionOf('rose'),
  transformProps,
  loadComponent: () => import('./RoseChart').then((m) => m.RoseChart),
  thumbnail: roseThumbnail,
};
