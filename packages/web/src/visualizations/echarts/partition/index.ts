import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type PartitionChartProps } from './transformProps';

export const partitionWebViz: WebViz<PartitionChartProps> = {
  definition: definitionOf('partition'),
  transformProps,
  loadComponent: () => import('./PartitionChart').then((m) => m.PartitionChart),
  thumbnail: THUMBNAILS.partition,
};
