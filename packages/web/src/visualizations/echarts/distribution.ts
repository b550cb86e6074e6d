/** The distribution family's web halves (issue 15), registered together in registry.ts. */
import type { WebViz } from '../types';
import { mixedTimeseriesWebViz } from './mixedTimeseries';
import { boxPlotWebViz } from './boxPlot';
import { histogramWebViz } from './histogram';
import { heatmapWebViz } from './heatmap';
import { waterfallWebViz } from './waterfall';
import { bubbleWebViz } from './bubble';
import { wordCloudWebViz } from './wordCloud';
import { calHeatmapWebViz } from './calHeatmap';

export const distributionWebViz = [
  mixedTimeseriesWebViz,
  boxPlotWebViz,
  histogramWebViz,
  heatmapWebViz,
  waterfallWebViz,
  bubbleWebViz,
  wordCloudWebViz,
  calHeatmapWebViz,
] as WebViz[];
