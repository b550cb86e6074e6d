import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type ParallelCoordinatesProps } from './transformProps';

export const parallelCoordinatesWebViz: WebViz<ParallelCoordinatesProps> = {
  definition: definitionOf('para'),
  transformProps,
  loadComponent: () => import('./ParallelCoordinatesChart').then((m) => m.ParallelCoordinatesChart),
  thumbnail: THUMBNAILS.parallelCoordinates,
};
