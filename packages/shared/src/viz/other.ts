/** The "other" family of types (mostly the BI server's legacy ones), registered as one entry in registry.ts. */
import type { VizDefinition } from './types.js';
import { parallelCoordinatesDefinition } from './parallelCoordinates/index.js';
import { bulletDefinition } from './bullet/index.js';
import { horizonDefinition } from './horizon/index.js';
import { pairedTTestDefinition } from './pairedTTest/index.js';
import { timePivotDefinition } from './timePivot/index.js';
import { timeTableDefinition } from './timeTable/index.js';
import { handlebarsDefinition } from './handlebars/index.js';

export const otherDefinitions: VizDefinition[] = [
  parallelCoordinatesDefinition,
  bulletDefinition,
  horizonDefinition,
  pairedTTestDefinition,
  timePivotDefinition,
  timeTableDefinition,
  handlebarsDefinition,
];

// what the web app's drawing and controls of these types read
export {
  TIME_TABLE_COLUMN_TYPES,
  TIME_TABLE_COMPARISONS,
  newTimeTableColumn,
  type TimeTableColumn,
  type TimeTableColumnType,
  type TimeTableComparison,
} from './timeTable/columns.js';
export { FREQUENCY_PATTERN } from './timePivot/controlPanel.js';
export { DEFAULT_HANDLEBARS_TEMPLATE } from './handlebars/controlPanel.js';
