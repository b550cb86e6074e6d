import type { FastifyInstance } from 'fastify';
import rison from 'rison';
import { applyTimeShift, parseTimeRange, TimeRangeError, toNaiveIsoString } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth.js';
import { badRequest, invalidFields } from '../http/errors.js';

/** More ranges than any screen asks for at once; a bound on the work one request can cause. */
const MAX_RANGES = 100;

interface RangeRequest {
  timeRange: string;
  shift: string | null;
}

const badQ = () => invalidFields({ q: ["Give a time range or a list of them, e.g. 'Last week' or !('Last week','No filter')."] });

/**
 * `q` is a rison string (`'Last week'`) or a list whose items are strings or
 * `(timeRange:'…',shift:'1 year ago')` objects, as the peer's endpoint takes it.
 */
function rangeRequests(q: unknown): RangeRequest[] {
  let value: unknown;
  try {
    value = typeof q === 'string' && q !== '' ? rison.decode(q) : undefined;
  } catch {
    throw badQ();
  }
  if (typeof value === 'string') return [{ timeRange: value, shift: null }];
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_RANGES) throw badQ();
  return value.map((item: unknown): RangeRequest => {
    if (typeof item === 'string') return { timeRange: item, shift: null };
    if (item && typeof item === 'object') {
      const { timeRange, shift } = item as { timeRange?: unknown; shift?: unknown };
      if (typeof timeRange === 'string' && (shift === undefined || shift === null || typeof shift === 'string')) {
        return { timeRange, shift: shift || null };
      }
    }
    throw badQ();
  });
}

const naive = (date: Date | null) => (date ? toNaiveIsoString(date) : '');

export function timeRangeRoutes(app: FastifyInstance, _ctx: AppContext): void {
  /** The actual bounds of time ranges as the server will apply them (naive UTC; '' = open). */
  app.get('/api/v1/time_range/', async (req) => {
    requireUser(req);
    const requests = rangeRequests((req.query as { q?: unknown }).q);
    const now = new Date(); // one instant for every range of the request
    const result = requests.map(({ timeRange, shift }) => {
      try {
        let bounds = parseTimeRange(timeRange, { now });
        if (shift) bounds = applyTimeShift(bounds, shift, { now });
        return { since: naive(bounds.since), until: naive(bounds.until), timeRange, shift };
      } catch (e) {
        if (e instanceof TimeRangeError) throw badRequest(e.message);
        throw e;
      }
    });
    return { result };
  });
}
