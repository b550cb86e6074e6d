import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { partitionThumbnail } from './thumbnail';
import { transformProps, type PartitionChartProps } from './transformProps';

export const partitionWebViz: WebViz<PartitionChartProps> = {
  definition: definitionOf('partition'),
  transformProps,
  loadComponent: () => import('./PartitionChart').then((m) => m.PartitionChart),
  thumbnail: partitionThumbnail,
};
