import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type GaugeChartProps } from './transformProps';

export const gaugeWebViz: WebViz<GaugeChartProps> = {
  definition: definitionOf('gauge_chart'),
  transformProps,
  loadComponent: () => import('./GaugeChart').then((m) => m.GaugeChart),
  thumbnail: THUMBNAILS.gauge,
};
