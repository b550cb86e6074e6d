/** The flow family's definitions (funnel to partition), in gallery order, for the registry. */
import type { VizDefinition } from './types.js';
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

export const flowDefinitions: VizDefinition[] = [
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
];
