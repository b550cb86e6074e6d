/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';

export const graphExample: VizExample = {
  key: 'gallery-graph',
  name: 'Les Misérables: who appears with whom',
  table: 'miserables',
  description: 'Characters linked by the chapters they share, coloured by community.',
  params: {
    source: 'source',
    target: 'target',
    metric: 'sum_value',
    source_category: 'source_group',
    target_category: 'target_group',
    adhoc_filters: [],
    row_limit: 1000,
    layout: 'force',
    edgeSymbol: 'none,none',
    baseNodeSize: 14,
    baseEdgeWidth: 1.5,
    repulsion: 260,
    edgeLength: 90,
    gravity: 0.25,
    showSymbolThreshold: 12,
    show_legend: false,
  },
};
