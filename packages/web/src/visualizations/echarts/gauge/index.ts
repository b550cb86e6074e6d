import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { gaugeThumbnail } from './thumbnail';
import { transformProps, type GaugeChartProps } from './transformProps';

export const gaugeWebViz: WebViz<GaugeChartProps> = {
  definition: definitionOf('gauge_chart'),
  transformProps,
  loadComponent: () => import('./GaugeChart').then((m) => m.GaugeChart),
  thumbnail: gaugeThumbnail,
};
