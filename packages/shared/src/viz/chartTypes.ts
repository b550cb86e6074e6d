/**
 * The chart type folders, one line each: a folder's `index.ts` default-exports its definition (or,
 * for a family such as the timeseries, its definitions). This is a new type's one line outside its
 * folders; the lines are in the folders' alphabetical order, because the gallery's order comes from
 * each type's `meta.order` (registry.ts sorts by it), not from here.
 */
export { default as bigNumber } from './bigNumber/index.js';
export { default as boxPlot } from './boxPlot/index.js';
export { default as bubble } from './bubble/index.js';
export { default as bullet } from './bullet/index.js';
export { default as calHeatmap } from './calHeatmap/index.js';
export { default as chord } from './chord/index.js';
export { default as countryMap } from './countryMap/index.js';
export { default as funnel } from './funnel/index.js';
export { default as gauge } from './gauge/index.js';
export { default as graph } from './graph/index.js';
export { default as handlebars } from './handlebars/index.js';
export { default as heatmap } from './heatmap/index.js';
export { default as histogram } from './histogram/index.js';
export { default as horizon } from './horizon/index.js';
export { default as mapbox } from './mapbox/index.js';
export { default as mixedTimeseries } from './mixedTimeseries/index.js';
export { default as pairedTTest } from './pairedTTest/index.js';
export { default as parallelCoordinates } from './parallelCoordinates/index.js';
export { default as partition } from './partition/index.js';
export { default as pie } from './pie/index.js';
export { default as pivotTable } from './pivotTable/index.js';
export { default as radar } from './radar/index.js';
export { default as rose } from './rose/index.js';
export { default as sankey } from './sankey/index.js';
export { default as sunburst } from './sunburst/index.js';
export { default as table } from './table/index.js';
export { default as timePivot } from './timePivot/index.js';
export { default as timeTable } from './timeTable/index.js';
export { default as timeseries } from './timeseries/index.js';
export { default as tree } from './tree/index.js';
export { default as treemap } from './treemap/index.js';
export { default as waterfall } from './waterfall/index.js';
export { default as wordCloud } from './wordCloud/index.js';
export { default as worldMap } from './worldMap/index.js';
