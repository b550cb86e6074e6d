import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { parallelCoordinatesThumbnail } from './thumbnail';
import { transformProps, type ParallelCoordinatesProps } from './transformProps';

export const parallelCoordinatesWebViz: WebViz<ParallelCoordinatesProps> = {
  definition: definitionOf('para'),
  transformProps,
  loadComponent: () => import('./ParallelCoordinatesChart').then((m) => m.ParallelCoordinatesChart),
  thumbnail: parallelCoordinatesThumbnail,
};
