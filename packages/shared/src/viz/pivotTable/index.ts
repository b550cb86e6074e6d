import type { VizDefinition } from '../types.js';
import { buildPivotTableQuery } from './buildQuery.js';
import { pivotTableControlPanel } from './controlPanel.js';

export { buildPivotTableQuery } from './buildQuery.js';
export { PIVOT_AGGREGATE_FUNCTIONS, PIVOT_ORDERS, type PivotAggregateFunction, pivotTableControlPanel } from './controlPanel.js';

export const pivotTableDefinition: VizDefinition = {
  meta: {
    key: 'pivot_table_v2',
    order: 120,
    name: 'Pivot Table',
    category: 'Table',
    description: 'Summarises metrics across row and column dimensions in a grid, with totals and subtotals.',
    tags: ['Additive', 'Report', 'Tabular', 'Popular'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildPivotTableQuery,
  controlPanel: pivotTableControlPanel,
};

export default pivotTableDefinition;
