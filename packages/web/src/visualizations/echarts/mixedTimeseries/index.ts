import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type MixedTimeseriesChartProps } from './transformProps';

export const mixedTimeseriesWebViz: WebViz<MixedTimeseriesChartProps> = {
  definition: definitionOf('mixed_timeseries'),
  transformProps,
  loadComponent: () => import('./MixedTimeseriesChart').then((m) => m.MixedTimeseriesChart),
  thumbnail: THUMBNAILS.mixedTimeseries,
};
