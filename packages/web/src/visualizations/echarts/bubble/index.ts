import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { bubbleThumbnail } from './thumbnail';
import { transformProps, type BubbleChartProps } from './transformProps';

export const bubbleWebViz: WebViz<BubbleChartProps> = {
  definition: definitionOf('bubble_v2'),
  transformProps,
  loadComponent: () => import('./BubbleChart').then((m) => m.BubbleChart),
  thumbnail: bubbleThumbnail,
};
