/** The timeseries family in the web app: one entry per viz type, sharing transformProps and the component. */
import type { WebViz } from '../../types';
import { definitionOf } from '../../definitionOf';
import { THUMBNAILS } from '../../thumbnails';
import { transformProps, type TimeseriesChartProps } from './transformProps';

const loadComponent = () => import('./TimeseriesChart').then((m) => m.TimeseriesChart);

const TYPES: [vizType: string, thumbnail: string][] = [
  ['echarts_timeseries_line', THUMBNAILS.line],
  ['echarts_timeseries', THUMBNAILS.timeseries],
  ['echarts_area', THUMBNAILS.area],
  ['echarts_timeseries_bar', THUMBNAILS.bar],
  ['echarts_timeseries_scatter', THUMBNAILS.scatter],
  ['echarts_timeseries_smooth', THUMBNAILS.smooth],
  ['echarts_timeseries_step', THUMBNAILS.step],
];

export const timeseriesWebViz: WebViz<TimeseriesChartProps>[] = TYPES.map(([vizType, thumbnail]) => ({
  definition: definitionOf(vizType),
  transformProps,
  loadComponent,
  thumbnail,
}));
