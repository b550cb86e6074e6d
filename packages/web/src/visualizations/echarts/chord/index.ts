import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type ChordChartProps } from './transformProps';

export const chordWebViz: WebViz<ChordChartProps> = {
  definition: definitionOf('chord'),
  transformProps,
  loadComponent: () => import('./ChordChart').then((m) => m.ChordChart),
  thumbnail: THUMBNAILS.chord,
};
