import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { wordCloudThumbnail } from './thumbnail';
import { transformProps, type WordCloudChartProps } from './transformProps';

export const wordCloudWebViz: WebViz<WordCloudChartProps> = {
  definition: definitionOf('word_cloud'),
  transformProps,
  loadComponent: () => import('./WordCloudChart').then((m) => m.WordCloudChart),
  thumbnail: wordCloudThumbnail,
};
