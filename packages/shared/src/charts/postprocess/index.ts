/**
 * Chart data post-processing (charts-dashboards-reports.md "Chart data"): the query object's
 * `post_processing` rules, applied in order to the rows a chart query returned, with the BI
 * server's semantics so that a chart shows the same numbers. Pure functions, no Node APIs: the
 * server runs them on query results and the web app may run them too.
 */
import { type Frame, PostProcessingError } from './frame.js';
import { aggregate, boxplot } from './aggregate.js';
import { compare, contribution } from './compare.js';
import { histogram } from './histogram.js';
import { ensureCells } from './limits.js';
import { asOptions, type Options } from './options.js';
import { pivot } from './pivot.js';
import { type ResampleContext, resample } from './resample.js';
import { flatten, rename, select } from './reshape.js';
import { rank, sort } from './sort.js';
import { cum, diff, rolling } from './window.js';

export { type Frame, type FrameColumn, type FrameFromRowsOptions, PostProcessingError } from './frame.js';
export { frameColumnNames, frameFromRows, frameToRecords } from './frame.js';
export { type ColumnKey, type Label, FLAT_COLUMN_SEPARATOR, escapeSeparator, flatColumnName, unescapeSeparator } from './labels.js';
export { NULL_STRING } from './pivot.js';
export { RESAMPLE_METHODS } from './resample.js';
export { ROLLING_TYPES } from './window.js';
export { TIME_COMPARISON } from './compare.js';
export {
  DEFAULT_POSTPROCESS_MAX_CELLS,
  POSTPROCESS_MAX_CELLS_SETTING,
  ROLLING_STEPS_PER_CELL,
  frameCells,
  maxCellsOf,
  PostProcessingLimitError,
  type PostProcessingLimits,
} from './limits.js';

/**
 * What an operation may need beyond the frame: the query's time range (resample's
 * fill_time_range) and the limits (`maxCells`) every operation checks before it builds its output.
 */
export type PostProcessingContext = ResampleContext;

type Operation = (frame: Frame, options: Options, context: PostProcessingContext) => Frame;

const OPERATIONS: Record<string, Operation> = {
  aggregate,
  boxplot,
  compare,
  contribution,
  cum,
  diff,
  flatten,
  histogram,
  pivot,
  rank,
  rename,
  resample,
  rolling,
  select,
  sort,
};

/** The operations a rule may name. */
export const POST_PROCESSING_OPERATIONS: readonly string[] = Object.keys(OPERATIONS);

/** Operations of the BI server that Rama does not run, with the reason given to the user. */
const UNSUPPORTED: Record<string, string> = {
  prophet: 'The prophet operation (forecasting) is not supported',
  anomaly_detection: 'The anomaly_detection operation is not supported',
};

/**
 * Apply `post_processing` rules in order. Empty rules (null, {}) are skipped as the BI server
 * skips them; a rule without an operation, an unknown operation or a bad option throws a
 * PostProcessingError naming it, and so does a rule whose output would pass `context.maxCells`.
 */
export function applyPostProcessing(
  frame: Frame,
  rules: readonly unknown[] | null | undefined,
  context: PostProcessingContext = {},
): Frame {
  let result = frame;
  for (const rule of rules ?? []) {
    if (rule === null || rule === undefined || (typeof rule === 'object' && Object.keys(rule).length === 0)) continue;
    if (typeof rule !== 'object' || Array.isArray(rule)) throw new PostProcessingError('A post processing rule must be an object');
    const { operation, options } = rule as { operation?: unknown; options?: unknown };
    if (operation === undefined || operation === null || operation === '') {
      throw new PostProcessingError('`operation` property of post processing object undefined');
    }
    const name = String(operation);
    if (Object.hasOwn(UNSUPPORTED, name)) throw new PostProcessingError(UNSUPPORTED[name]);
    if (!Object.hasOwn(OPERATIONS, name)) throw new PostProcessingError(`Unsupported post processing operation: ${name}`);
    const input = result;
    result = OPERATIONS[name](input, asOptions(options), context);
    // Each operation refuses an oversized output before building it; this catches any growth that slipped past.
    ensureCells(name, result.length, result.columns.length, context, input);
  }
  return result;
}
