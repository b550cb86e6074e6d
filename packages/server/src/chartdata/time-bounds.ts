/** Time ranges of a query → bounds, through the shared time range grammar (400 naming the part that failed). */
import { parseTimeRange, TimeRangeError } from '@rama/shared';
import { badRequest } from '../http/errors.js';
import type { NormalizedQuery } from './query.js';

export interface TimeBounds {
  since: Date | null;
  until: Date | null;
}

export function resolveTimeRange(range: string | null, q: Pick<NormalizedQuery, 'relativeStart' | 'relativeEnd'>, now: Date): TimeBounds {
  if (!range || !range.trim()) return { since: null, until: null };
  try {
    return parseTimeRange(range, { now, relativeStart: q.relativeStart ?? undefined, relativeEnd: q.relativeEnd ?? undefined });
  } catch (e) {
    if (e instanceof TimeRangeError) throw badRequest(e.message);
    throw e;
  }
}
