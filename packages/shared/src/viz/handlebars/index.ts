import type { VizDefinition } from '../types.js';
import { buildHandlebarsQuery } from './buildQuery.js';
import { handlebarsControlPanel } from './controlPanel.js';
import { handlebarsExample } from './example.js';

export { buildHandlebarsQuery } from './buildQuery.js';
export { DEFAULT_HANDLEBARS_STYLE, DEFAULT_HANDLEBARS_TEMPLATE, handlebarsControlPanel } from './controlPanel.js';

export const handlebarsDefinition: VizDefinition = {
  meta: {
    key: 'handlebars',
    order: 380,
    name: 'Handlebars',
    category: 'Other',
    description: 'Write a handlebars template to render the data',
    tags: ['Custom', 'Text', 'Tabular'],
  },
  buildQuery: buildHandlebarsQuery,
  controlPanel: handlebarsControlPanel,
  example: handlebarsExample,
};

export default handlebarsDefinition;
