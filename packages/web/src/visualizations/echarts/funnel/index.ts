import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { funnelThumbnail } from './thumbnail';
import { transformProps, type FunnelChartProps } from './transformProps';

export const funnelWebViz: WebViz<FunnelChartProps> = {
  definition: definitionOf('funnel'),
  transformProps,
  loadComponent: () => import('./FunnelChart').then((m) => m.FunnelChart),
  thumbnail: funnelThumbnail,
};
