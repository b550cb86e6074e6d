/**
 * A query result's post-processing, from the rows to the reply's JSON text: the same function runs
 * inline for small frames and in a post-processing worker for large ones (postprocess-pool.ts), so
 * a reply never depends on where it was computed. Serialising happens here too: for a frame near
 * the cells limit the JSON text costs as much as the operations, and it must not run on the main thread.
 */
import {
  applyPostProcessing,
  frameColumnNames,
  frameFromRows,
  frameToRecords,
  type GenericDataType,
  type PostProcessingContext,
} from '@rama/shared';

export interface PostProcessJob {
  names: string[];
  coltypes: GenericDataType[];
  rows: unknown[][];
  rules: readonly unknown[];
  context: PostProcessingContext;
}

export interface PostProcessResult {
  names: string[];
  coltypes: GenericDataType[];
  rowcount: number;
  /** the reply's `data`: a JSON array of one object per row */
  dataJson: string;
}

/** Throws PostProcessingError (or TimeRangeError) for a rule that cannot run or would build too much. */
export function runPostProcessing(job: PostProcessJob): PostProcessResult {
  const temporalColumns = job.names.filter((_, i) => job.coltypes[i] === 2);
  const frame = applyPostProcessing(frameFromRows(job.names, job.rows, { temporalColumns }), job.rules, job.context);
  const names = frameColumnNames(frame);
  const data = frameToRecords(frame);
  const before = new Map(job.names.map((n, i) => [n, job.coltypes[i]]));
  const coltypes = names.map((n) => before.get(n) ?? inferType(data, n));
  return { names, coltypes, rowcount: data.length, dataJson: JSON.stringify(data) };
}

/** A column post-processing made (a pivot's series, say): typed by its first value. */
function inferType(data: Record<string, unknown>[], name: string): GenericDataType {
  for (const r of data) {
    const v = r[name];
    if (v === null || v === undefined) continue;
    if (typeof v === 'number' || typeof v === 'bigint') return 0;
    if (typeof v === 'boolean') return 3;
    return 1;
  }
  return 0;
}
