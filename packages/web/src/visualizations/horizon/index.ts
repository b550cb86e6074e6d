import type { WebViz } from '../types';
import { definitionOf } from '../definitionOf';
import { horizonThumbnail } from './thumbnail';
import { transformProps, type HorizonChartProps } from './transformProps';

export const horizonWebViz: WebViz<HorizonChartProps> = {
  definition: definitionOf('horizon'),
  transformProps,
  loadComponent: () => import('./HorizonChart').then((m) => m.HorizonChart),
  thumbnail: horizonThumbnail,
};
