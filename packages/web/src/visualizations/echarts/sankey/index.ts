import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { sankeyThumbnail } from './thumbnail';
import { transformProps, type SankeyChartProps } from './transformProps';

export const sankeyWebViz: WebViz<SankeyChartProps> = {
  definition: definitionOf('sankey_v2'),
  transformProps,
  loadComponent: () => import('./SankeyChart').then((m) => m.SankeyChart),
  thumbnail: sankeyThumbnail,
};
