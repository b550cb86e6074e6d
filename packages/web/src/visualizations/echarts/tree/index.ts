import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { treeThumbnail } from './thumbnail';
import { transformProps, type TreeChartProps } from './transformProps';

export const treeWebViz: WebViz<TreeChartProps> = {
  definition: definitionOf('tree_chart'),
  transformProps,
  loadComponent: () => import('./TreeChart').then((m) => m.TreeChart),
  thumbnail: treeThumbnail,
};
