/**
 * Every visualization Rama draws, keyed by the BI server's `viz_type` (api-shapes "Visualization
 * type keys"). The server rebuilds a query context from here for a chart saved without one; the web
 * app adds transformProps, the component and the thumbnail per key from each type's folder
 * (web/src/visualizations/registry.ts finds them). A chart type's folder declares its metadata
 * (category and gallery place included), query and controls; its one line outside the folder is in
 * chartTypes.ts.
 */
import type { VizDefinition } from './types.js';
import * as CHART_TYPES from './chartTypes.js';

/** In gallery order (the web registry keeps it): by each type's `meta.order`. */
const ALL: VizDefinition[] = Object.values(CHART_TYPES)
  .flat()
  .sort((a, b) => a.meta.order - b.meta.order);

export const VIZ_DEFINITIONS: ReadonlyMap<string, VizDefinition> = new Map(ALL.map((d) => [d.meta.key, d]));

/** The default visualization (spec section 9). */
export const DEFAULT_VIZ_TYPE = 'table';

export function getVizDefinition(vizType: string): VizDefinition | undefined {
  return VIZ_DEFINITIONS.get(vizType);
}
