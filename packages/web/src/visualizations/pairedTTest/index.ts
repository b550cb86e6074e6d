import type { WebViz } from '../types';
import { definitionOf } from '../definitionOf';
import { pairedTTestThumbnail } from './thumbnail';
import { transformProps, type PairedTTestProps } from './transformProps';

export const pairedTTestWebViz: WebViz<PairedTTestProps> = {
  definition: definitionOf('paired_ttest'),
  transformProps,
  loadComponent: () => import('./PairedTTestChart').then((m) => m.PairedTTestChart),
  thumbnail: pairedTTestThumbnail,
};
