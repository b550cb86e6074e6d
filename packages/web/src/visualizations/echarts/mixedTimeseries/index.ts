import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { mixedTimeseriesThumbnail } from './thumbnail';
import { transformProps, type MixedTimeseriesChartProps } from './transformProps';

export const mixedTimeseriesWebViz: WebViz<MixedTimeseriesChartProps> = {
  definition: definitionOf('mixed_timeseries'),
  transformProps,
  // the same props as the timeseries family's: one component draws both
  loadComponent: () => import('../timeseries/TimeseriesChart').then((m) => m.TimeseriesChart),
  thumbnail: mixedTimeseriesThumbnail,
};
