import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type WordCloudChartProps } from './transformProps';

export const wordCloudWebViz: WebViz<WordCloudChartProps> = {
  definition: definitionOf('word_cloud'),
  transformProps,
  loadComponent: () => import('./WordCloudChart').then((m) => m.WordCloudChart),
  thumbnail: THUMBNAILS.wordCloud,
};
