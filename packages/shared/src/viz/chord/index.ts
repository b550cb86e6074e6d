import type { VizDefinition } from '../types.js';
import { buildChordQuery } from './buildQuery.js';
import { chordControlPanel } from './controlPanel.js';
import { chordExample } from './example.js';

export { buildChordQuery } from './buildQuery.js';
export { chordControlPanel } from './controlPanel.js';

export const chordDefinition: VizDefinition = {
  meta: {
    key: 'chord',
    order: 300,
    name: 'Chord Diagram',
    category: 'Flow',
    description:
      'Showcases the flow or link between categories using thickness of chords. The value and corresponding thickness can be different for each side.',
    tags: ['Circular', 'Proportional', 'Relational'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildChordQuery,
  controlPanel: chordControlPanel,
  example: chordExample,
};

export default chordDefinition;
