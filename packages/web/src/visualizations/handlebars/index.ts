import type { WebViz } from '../types';
import { definitionOf } from '../definitionOf';
import { handlebarsThumbnail } from './thumbnail';
import { transformProps, type HandlebarsChartProps } from './transformProps';

export const handlebarsWebViz: WebViz<HandlebarsChartProps> = {
  definition: definitionOf('handlebars'),
  transformProps,
  loadComponent: () => import('./HandlebarsChart').then((m) => m.HandlebarsChart),
  thumbnail: handlebarsThumbnail,
};
