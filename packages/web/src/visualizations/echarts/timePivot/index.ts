import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { timePivotThumbnail } from './thumbnail';
import { transformProps, type TimePivotChartProps } from './transformProps';

export const timePivotWebViz: WebViz<TimePivotChartProps> = {
  definition: definitionOf('time_pivot'),
  transformProps,
  loadComponent: () => import('./TimePivotChart').then((m) => m.TimePivotChart),
  thumbnail: timePivotThumbnail,
};
