import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { pieThumbnail } from './thumbnail';
import { transformProps, type PieChartProps } from './transformProps';

export const pieWebViz: WebViz<PieChartProps> = {
  definition: definitionOf('pie'),
  transformProps,
  loadComponent: () => import('./PieChart').then((m) => m.PieChart),
  thumbnail: pieThumbnail,
};
