/** The timeseries family in the web app: one entry per viz type, sharing transformProps and the component. */
import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import {
  areaThumbnail,
  barThumbnail,
  lineThumbnail,
  scatterThumbnail,
  smoothThumbnail,
  stepThumbnail,
  timeseriesThumbnail,
} from './thumbnail';
import { transformProps, type TimeseriesChartProps } from './transformProps';

const loadComponent = () => import('./TimeseriesChart').then((m) => m.TimeseriesChart);

const TYPES: [vizType: string, thumbnail: string][] = [
  ['echarts_timeseries_line', lineThumbnail],
  ['echarts_timeseries', timeseriesThumbnail],
  ['echarts_area', areaThumbnail],
  ['echarts_timeseries_bar', barThumbnail],
  ['echarts_timeseries_scatter', scatterThumbnail],
  ['echarts_timeseries_smooth', smoothThumbnail],
  ['echarts_timeseries_step', stepThumbnail],
];

export const timeseriesWebViz: WebViz<TimeseriesChartProps>[] = TYPES.map(([vizType, thumbnail]) => ({
  definition: definitionOf(vizType),
  transformProps,
  loadComponent,
  thumbnail,
}));
