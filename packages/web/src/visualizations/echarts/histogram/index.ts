import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { histogramThumbnail } from './thumbnail';
import { transformProps, type HistogramChartProps } from './transformProps';

export const histogramWebViz: WebViz<HistogramChartProps> = {
  definition: definitionOf('histogram_v2'),
  transformProps,
  loadComponent: () => import('./HistogramChart').then((m) => m.HistogramChart),
  thumbnail: histogramThumbnail,
};
