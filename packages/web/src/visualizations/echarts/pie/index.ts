import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type PieChartProps } from './transformProps';

export const pieWebViz: WebViz<PieChartProps> = {
  definition: definitionOf('pie'),
  transformProps,
  loadComponent: () => import('./PieChart').then((m) => m.PieChart),
  thumbnail: THUMBNAILS.pie,
};
