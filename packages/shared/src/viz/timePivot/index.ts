import type { VizDefinition } from '../types.js';
import { buildTimePivotQuery } from './buildQuery.js';
import { timePivotControlPanel } from './controlPanel.js';

export { buildTimePivotQuery } from './buildQuery.js';
export {
  FREQUENCY_PATTERN,
  LINE_INTERPOLATIONS,
  TIME_PIVOT_FREQUENCIES,
  timePivotControlPanel,
  validateFrequency,
} from './controlPanel.js';
import { timePivotExample } from './example.js';

export const timePivotDefinition: VizDefinition = {
  meta: {
    key: 'time_pivot',
    order: 360,
    name: 'Time-series Period Pivot',
    category: 'Evolution',
    description:
      'Compares metrics between different time periods. Displays time series data across multiple periods (like weeks or months) to show period-over-period trends and patterns.',
    tags: ['Legacy', 'Time', 'nvd3'],
  },
  buildQuery: buildTimePivotQuery,
  controlPanel: timePivotControlPanel,
  example: timePivotExample,
};

export default timePivotDefinition;
