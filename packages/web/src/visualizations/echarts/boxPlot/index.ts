import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { boxPlotThumbnail } from './thumbnail';
import { transformProps, type BoxPlotChartProps } from './transformProps';

export const boxPlotWebViz: WebViz<BoxPlotChartProps> = {
  definition: definitionOf('box_plot'),
  transformProps,
  loadComponent: () => import('./BoxPlotChart').then((m) => m.BoxPlotChart),
  thumbnail: boxPlotThumbnail,
};
