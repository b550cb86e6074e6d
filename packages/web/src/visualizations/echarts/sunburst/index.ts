import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { sunburstThumbnail } from './thumbnail';
import { transformProps, type SunburstChartProps } from './transformProps';

export const sunburstWebViz: WebViz<SunburstChartProps> = {
  definition: definitionOf('sunburst_v2'),
  transformProps,
  loadComponent: () => import('./SunburstChart').then((m) => m.SunburstChart),
  thumbnail: sunburstThumbnail,
};
