import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type BubbleChartProps } from './transformProps';

export const bubbleWebViz: WebViz<BubbleChartProps> = {
  definition: definitionOf('bubble_v2'),
  transformProps,
  loadComponent: () => import('./BubbleChart').then((m) => m.BubbleChart),
  thumbnail: THUMBNAILS.bubble,
};
