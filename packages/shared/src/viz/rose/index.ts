import type { VizDefinition } from '../types.js';
import { buildRoseQuery } from './buildQuery.js';
import { roseControlPanel } from './controlPanel.js';
import { roseExample } from './example.js';

export { DTTM_ALIAS, buildRoseQuery, legacyPivotOperator } from './buildQuery.js';
export { roseControlPanel } from './controlPanel.js';

export const roseDefinition: VizDefinition = {
  meta: {
    key: 'rose',
    order: 290,
    name: 'Nightingale Rose Chart',
    category: 'Ranking',
    description:
      'A polar coordinate chart where the circle is broken into wedges of equal angle, and the value represented by any wedge is illustrated by its area, rather than its radius or sweep angle.',
    tags: ['Legacy', 'Advanced-Analytics', 'Circular', 'Multi-Layers', 'Pattern', 'Time', 'Transformable'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildRoseQuery,
  controlPanel: roseControlPanel,
  example: roseExample,
};

export default roseDefinition;
