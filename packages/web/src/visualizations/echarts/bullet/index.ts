import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { bulletThumbnail } from './thumbnail';
import { transformProps, type BulletChartProps } from './transformProps';

export const bulletWebViz: WebViz<BulletChartProps> = {
  definition: definitionOf('bullet'),
  transformProps,
  loadComponent: () => import('./BulletChart').then((m) => m.BulletChart),
  thumbnail: bulletThumbnail,
};
