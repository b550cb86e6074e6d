import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { chordThumbnail } from './thumbnail';
import { transformProps, type ChordChartProps } from './transformProps';

export const chordWebViz: WebViz<ChordChartProps> = {
  definition: definitionOf('chord'),
  transformProps,
  loadComponent: () => import('./ChordChart').then((m) => m.ChordChart),
  thumbnail: chordThumbnail,
};
