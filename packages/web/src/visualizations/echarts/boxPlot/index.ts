import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type BoxPlotChartProps } from './transformProps';

export const boxPlotWebViz: WebViz<BoxPlotChartProps> = {
  definition: definitionOf('box_plot'),
  transformProps,
  loadComponent: () => import('./BoxPlotChart').then((m) => m.BoxPlotChart),
  thumbnail: THUMBNAILS.boxPlot,
};
