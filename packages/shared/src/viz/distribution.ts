/** The distribution family's definitions (issue 15), registered together in registry.ts. */
import type { VizDefinition } from './types.js';
import { mixedTimeseriesDefinition } from './mixedTimeseries/index.js';
import { boxPlotDefinition } from './boxPlot/index.js';
import { histogramDefinition } from './histogram/index.js';
import { heatmapDefinition } from './heatmap/index.js';
import { waterfallDefinition } from './waterfall/index.js';
import { bubbleDefinition } from './bubble/index.js';
import { wordCloudDefinition } from './wordCloud/index.js';
import { calHeatmapDefinition } from './calHeatmap/index.js';

export const distributionDefinitions: VizDefinition[] = [
  mixedTimeseriesDefinition,
  boxPlotDefinition,
  histogramDefinition,
  heatmapDefinition,
  waterfallDefinition,
  bubbleDefinition,
  wordCloudDefinition,
  calHeatmapDefinition,
];
