/**
 * Time comparison (`time_offsets`): each offset's query runs with its time bounds shifted, and its
 * metrics are joined onto the main rows.
 */
import { shiftDate, TimeRangeError } from '@rama/shared';
import { badRequest } from '../http/errors.js';
import type { CompiledQuery } from './compile.js';
import type { Rows } from './run.js';

/** A date shifted by an offset such as "1 year ago"; an offset that cannot be read is a 400. */
export function shiftTimeOrFail(d: Date, offset: string): Date {
  try {
    return shiftDate(d, offset);
  } catch (e) {
    if (e instanceof TimeRangeError) throw badRequest(e.message);
    throw e;
  }
}

/**
 * Time comparison: the shifted query's metrics joined onto the main rows by their dimensions, the
 * shifted rows' time moved forward by the offset first, as `<metric>__<offset>` columns.
 */
export function joinOffset(main: Rows, shifted: Rows, compiled: CompiledQuery, offset: string, labelMap: Record<string, string[]>): Rows {
  const dimIdx = compiled.columnLabels.map((l) => main.names.indexOf(l)).filter((i) => i >= 0);
  const temporalIdx = new Set(dimIdx.filter((i) => main.coltypes[i] === 2));
  const forward = offset.replace(/\b(ago|before|prior)\b/i, 'later');
  const keyOf = (r: unknown[], shiftForward: boolean) =>
    JSON.stringify(
      dimIdx.map((i) =>
        shiftForward && temporalIdx.has(i) && typeof r[i] === 'number' ? shiftDate(new Date(r[i]), forward).getTime() : r[i],
      ),
    );
  const metricIdx = compiled.metricLabels.map((l) => shifted.names.indexOf(l)).filter((i) => i >= 0);
  const byKey = new Map<string, unknown[]>();
  for (const r of shifted.rows) byKey.set(keyOf(r, true), r);
  const added = metricIdx.map((i) => `${shifted.names[i]}__${offset}`);
  for (const [j, name] of added.entries()) labelMap[name] = [shifted.names[metricIdx[j]], offset];
  return {
    names: [...main.names, ...added],
    coltypes: [...main.coltypes, ...metricIdx.map((i) => shifted.coltypes[i])],
    rows: main.rows.map((r) => {
      const match = byKey.get(keyOf(r, false));
      return [...r, ...metricIdx.map((i) => (match ? match[i] : null))];
    }),
  };
}
