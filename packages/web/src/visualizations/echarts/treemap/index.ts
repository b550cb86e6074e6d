import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { treemapThumbnail } from './thumbnail';
import { transformProps, type TreemapChartProps } from './transformProps';

export const treemapWebViz: WebViz<TreemapChartProps> = {
  definition: definitionOf('treemap_v2'),
  transformProps,
  loadComponent: () => import('./TreemapChart').then((m) => m.TreemapChart),
  thumbnail: treemapThumbnail,
};
