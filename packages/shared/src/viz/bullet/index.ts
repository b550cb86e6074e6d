import type { VizDefinition } from '../types.js';
import { buildBulletQuery } from './buildQuery.js';
import { bulletControlPanel } from './controlPanel.js';
import { bulletExample } from './example.js';

export { buildBulletQuery } from './buildQuery.js';
export { bulletControlPanel, validateNumberList } from './controlPanel.js';

export const bulletDefinition: VizDefinition = {
  meta: {
    key: 'bullet',
    order: 330,
    name: 'Bullet Chart',
    category: 'KPI',
    description:
      'Showcases the progress of a single metric against a given target. The higher the fill, the closer the metric is to the target.',
    tags: ['Business', 'Legacy', 'Report', 'nvd3'],
  },
  buildQuery: buildBulletQuery,
  controlPanel: bulletControlPanel,
  example: bulletExample,
};

export default bulletDefinition;
