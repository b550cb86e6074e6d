import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { graphThumbnail } from './thumbnail';
import { transformProps, type GraphChartProps } from './transformProps';

export const graphWebViz: WebViz<GraphChartProps> = {
  definition: definitionOf('graph_chart'),
  transformProps,
  loadComponent: () => import('./GraphChart').then((m) => m.GraphChart),
  thumbnail: graphThumbnail,
};
