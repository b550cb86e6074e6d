/**
 * Every visualization Rama draws, keyed by the BI server's `viz_type` (api-shapes "Visualization
 * type keys"). The server rebuilds a query context from here for a chart saved without one; the web
 * app adds transformProps and the component per key (web/src/visualizations/registry.ts).
 */
import type { VizDefinition } from './types.js';
import { timeseriesDefinitions } from './timeseries/index.js';
import { pieDefinition } from './pie/index.js';
import { bigNumberDefinition, bigNumberTotalDefinition } from './bigNumber/index.js';
import { tableDefinition } from './table/index.js';
import { pivotTableDefinition } from './pivotTable/index.js';
import { distributionDefinitions } from './distribution.js';
import { otherDefinitions } from './other.js';
import { flowDefinitions } from './flow.js';
import { mapDefinitions } from './maps.js';

const ALL: VizDefinition[] = [
  tableDefinition,
  ...timeseriesDefinitions,
  pieDefinition,
  bigNumberTotalDefinition,
  bigNumberDefinition,
  pivotTableDefinition,
  ...distributionDefinitions,
  ...otherDefinitions,
  ...flowDefinitions,
  ...mapDefinitions,
];

export const VIZ_DEFINITIONS: ReadonlyMap<string, VizDefinition> = new Map(ALL.map((d) => [d.meta.key, d]));

/** The default visualization (spec section 9). */
export const DEFAULT_VIZ_TYPE = 'table';

export function getVizDefinition(vizType: string): VizDefinition | undefined {
  return VIZ_DEFINITIONS.get(vizType);
}
