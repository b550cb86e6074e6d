/**
 * Bounds on what one post-processing rule may build. Every size an operation produces is decided
 * by the request (a resample rule, the distinct values a pivot spreads out, `bins`, a window), so
 * each operation works out its output size from the frame and its options *before* it allocates,
 * and refuses a rule over the limit with a PostProcessingError naming the operation and the limit.
 * The limit is a parameter (the server reads it from RAMA_POSTPROCESS_MAX_CELLS), the default here.
 */
import { type Frame, PostProcessingError } from './frame.js';

/**
 * Cells (rows × columns) one operation may produce. Ordinary charts are far below it: a line chart
 * of 10,000 points × 50 series is 500,000; the SQL row limit (100,000) × 20 columns fits exactly.
 */
export const DEFAULT_POSTPROCESS_MAX_CELLS = 2_000_000;

/** The server setting that raises or lowers the limit, named in refusals so an admin knows where to look. */
export const POSTPROCESS_MAX_CELLS_SETTING = 'RAMA_POSTPROCESS_MAX_CELLS';

/**
 * Window operations cost cells × window steps: a rolling window may visit each output cell this many
 * times the cells limit in total (500,000,000 steps at the default: about a second in a worker).
 */
export const ROLLING_STEPS_PER_CELL = 250;

/** A rule refused for the size or cost of what it would build (not for a mistake in it): a bigger budget may run it. */
export class PostProcessingLimitError extends PostProcessingError {
  constructor(
    message: string,
    /** the cells (or, for work, steps over ROLLING_STEPS_PER_CELL) it needed: a limit at least this large would let it run */
    readonly needed: number = Infinity,
  ) {
    super(message);
    this.name = 'PostProcessingLimitError';
  }
}

export interface PostProcessingLimits {
  /** cells one operation may produce; DEFAULT_POSTPROCESS_MAX_CELLS when absent */
  maxCells?: number;
}

export function maxCellsOf(limits: PostProcessingLimits | undefined): number {
  const v = limits?.maxCells;
  return typeof v === 'number' && v > 0 ? v : DEFAULT_POSTPROCESS_MAX_CELLS;
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const plural = (n: number, word: string): string => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** Cells of a frame, index columns included: what its reply will hold. */
export const frameCells = (frame: Frame): number => frame.length * frame.columns.length;

/**
 * Refuse an operation whose output would hold more than the limit's cells. `rows` and `columns`
 * are what it would produce (index columns included), computed without building it. An operation
 * may keep a frame that is already larger (`input`: a query result of 100,000 rows × 30 columns may
 * still be sorted or flattened); it may not grow one past the limit.
 */
export function ensureCells(
  operation: string,
  rows: number,
  columns: number,
  limits: PostProcessingLimits | undefined,
  input?: Frame,
): void {
  const cells = rows * columns;
  const max = maxCellsOf(limits);
  if ((cells > max && cells > (input ? frameCells(input) : 0)) || !Number.isFinite(cells)) {
    throw new PostProcessingLimitError(
      `The ${operation} operation would produce ${plural(rows, 'row')} × ${plural(columns, 'column')} ` +
        `(${plural(cells, 'cell')}), more than the limit of ${plural(max, 'cell')} (${POSTPROCESS_MAX_CELLS_SETTING}).`,
      cells,
    );
  }
}

/** Refuse work (steps of a window) beyond ROLLING_STEPS_PER_CELL times the cells limit. */
export function ensureSteps(operation: string, steps: number, what: string, limits: PostProcessingLimits | undefined): void {
  const max = maxCellsOf(limits) * ROLLING_STEPS_PER_CELL;
  if (steps > max || !Number.isFinite(steps)) {
    throw new PostProcessingLimitError(
      `The ${operation} operation would take ${count(steps)} steps (${what}), more than the limit of ${count(max)} ` +
        `(${ROLLING_STEPS_PER_CELL} × ${POSTPROCESS_MAX_CELLS_SETTING}).`,
      steps / ROLLING_STEPS_PER_CELL,
    );
  }
}
