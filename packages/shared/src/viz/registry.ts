/**
 * Every visualization Rama draws, keyed by the BI server's `viz_type` (api-shapes "Visualization
 * type keys"). The server rebuilds a query context from here for a chart saved without one; the web
 * app adds transformProps, the component and the thumbnail per key from each type's folder
 * (web/src/visualizations/registry.ts finds them). A chart type's folder declares its metadata
 * (category included), query and controls; this list is its one line outside the folder, and its
 * order is the gallery's ("All charts" in the chart type picker).
 */
import type { VizDefinition } from './types.js';
import { tableDefinition } from './table/index.js';
import { timeseriesDefinitions } from './timeseries/index.js';
import { pieDefinition } from './pie/index.js';
import { bigNumberDefinition, bigNumberTotalDefinition } from './bigNumber/index.js';
import { pivotTableDefinition } from './pivotTable/index.js';
import { mixedTimeseriesDefinition } from './mixedTimeseries/index.js';
import { boxPlotDefinition } from './boxPlot/index.js';
import { histogramDefinition } from './histogram/index.js';
import { heatmapDefinition } from './heatmap/index.js';
import { waterfallDefinition } from './waterfall/index.js';
import { bubbleDefinition } from './bubble/index.js';
import { wordCloudDefinition } from './wordCloud/index.js';
import { calHeatmapDefinition } from './calHeatmap/index.js';
import { funnelDefinition } from './funnel/index.js';
import { gaugeDefinition } from './gauge/index.js';
import { radarDefinition } from './radar/index.js';
import { treemapDefinition } from './treemap/index.js';
import { sunburstDefinition } from './sunburst/index.js';
import { sankeyDefinition } from './sankey/index.js';
import { graphDefinition } from './graph/index.js';
import { treeDefinition } from './tree/index.js';
import { roseDefinition } from './rose/index.js';
import { chordDefinition } from './chord/index.js';
import { partitionDefinition } from './partition/index.js';
import { parallelCoordinatesDefinition } from './parallelCoordinates/index.js';
import { bulletDefinition } from './bullet/index.js';
import { horizonDefinition } from './horizon/index.js';
import { pairedTTestDefinition } from './pairedTTest/index.js';
import { timePivotDefinition } from './timePivot/index.js';
import { timeTableDefinition } from './timeTable/index.js';
import { handlebarsDefinition } from './handlebars/index.js';
import { worldMapDefinition } from './worldMap/index.js';
import { countryMapDefinition } from './countryMap/index.js';
import { mapboxDefinition } from './mapbox/index.js';

/** In gallery order (the web registry sorts its types by it). */
const ALL: VizDefinition[] = [
  tableDefinition,
  ...timeseriesDefinitions,
  pieDefinition,
  bigNumberTotalDefinition,
  bigNumberDefinition,
  pivotTableDefinition,
  mixedTimeseriesDefinition,
  boxPlotDefinition,
  histogramDefinition,
  heatmapDefinition,
  waterfallDefinition,
  bubbleDefinition,
  wordCloudDefinition,
  calHeatmapDefinition,
  funnelDefinition,
  gaugeDefinition,
  radarDefinition,
  treemapDefinition,
  sunburstDefinition,
  sankeyDefinition,
  graphDefinition,
  treeDefinition,
  roseDefinition,
  chordDefinition,
  partitionDefinition,
  parallelCoordinatesDefinition,
  bulletDefinition,
  horizonDefinition,
  pairedTTestDefinition,
  timePivotDefinition,
  timeTableDefinition,
  handlebarsDefinition,
  worldMapDefinition,
  countryMapDefinition,
  mapboxDefinition,
];

export const VIZ_DEFINITIONS: ReadonlyMap<string, VizDefinition> = new Map(ALL.map((d) => [d.meta.key, d]));

/** The default visualization (spec section 9). */
export const DEFAULT_VIZ_TYPE = 'table';

export function getVizDefinition(vizType: string): VizDefinition | undefined {
  return VIZ_DEFINITIONS.get(vizType);
}
