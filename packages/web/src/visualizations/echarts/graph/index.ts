import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type GraphChartProps } from './transformProps';

export const graphWebViz: WebViz<GraphChartProps> = {
  definition: definitionOf('graph_chart'),
  transformProps,
  loadComponent: () => import('./GraphChart').then((m) => m.GraphChart),
  thumbnail: THUMBNAILS.graph,
};
