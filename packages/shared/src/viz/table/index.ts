import type { VizDefinition } from '../types.js';
import { buildTableQuery } from './buildQuery.js';
import { tableControlPanel } from './controlPanel.js';

export {
  MAX_TABLE_TIME_SHIFTS,
  buildTableQuery,
  parseOrderByCols,
  tableQueryMode,
  tableTimeShifts,
  type TableQueryMode,
} from './buildQuery.js';
export { AGGREGATE_NEEDS_VALUE, PAGE_LENGTH_CHOICES, tableControlPanel } from './controlPanel.js';
export * from './formatting.js';

export const tableDefinition: VizDefinition = {
  meta: {
    key: 'table',
    order: 10,
    name: 'Table',
    category: 'Table',
    description: 'Lists rows of the dataset, raw or grouped with metrics, with sorting, search, pagination and cell formatting.',
    tags: ['Additive', 'Business', 'Pattern', 'Popular', 'Report', 'Sequential', 'Tabular'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildTableQuery,
  controlPanel: tableControlPanel,
};

export default tableDefinition;
