/** The flow family in the web app (funnel to partition), in gallery order, for the registry. */
import type { WebViz } from '../types';
import { funnelWebViz } from './funnel';
import { gaugeWebViz } from './gauge';
import { radarWebViz } from './radar';
import { treemapWebViz } from './treemap';
import { sunburstWebViz } from './sunburst';
import { sankeyWebViz } from './sankey';
import { graphWebViz } from './graph';
import { treeWebViz } from './tree';
import { roseWebViz } from './rose';
import { chordWebViz } from './chord';
import { partitionWebViz } from './partition';

export const flowWebViz = [
  funnelWebViz,
  gaugeWebViz,
  radarWebViz,
  treemapWebViz,
  sunburstWebViz,
  sankeyWebViz,
  graphWebViz,
  treeWebViz,
  roseWebViz,
  chordWebViz,
  partitionWebViz,
] as WebViz[];
