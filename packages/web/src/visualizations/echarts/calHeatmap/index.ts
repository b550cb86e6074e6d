import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { calHeatmapThumbnail } from './thumbnail';
import { transformProps, type CalHeatmapChartProps } from './transformProps';

export const calHeatmapWebViz: WebViz<CalHeatmapChartProps> = {
  definition: definitionOf('cal_heatmap'),
  transformProps,
  loadComponent: () => import('./CalHeatmapChart').then((m) => m.CalHeatmapChart),
  thumbnail: calHeatmapThumbnail,
};
