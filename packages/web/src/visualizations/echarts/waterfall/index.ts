import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { waterfallThumbnail } from './thumbnail';
import { transformProps, type WaterfallChartProps } from './transformProps';

export const waterfallWebViz: WebViz<WaterfallChartProps> = {
  definition: definitionOf('waterfall'),
  transformProps,
  loadComponent: () => import('./WaterfallChart').then((m) => m.WaterfallChart),
  thumbnail: waterfallThumbnail,
};
