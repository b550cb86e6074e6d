import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { heatmapThumbnail } from './thumbnail';
import { transformProps, type HeatmapChartProps } from './transformProps';

export const heatmapWebViz: WebViz<HeatmapChartProps> = {
  definition: definitionOf('heatmap_v2'),
  transformProps,
  loadComponent: () => import('./HeatmapChart').then((m) => m.HeatmapChart),
  thumbnail: heatmapThumbnail,
};
