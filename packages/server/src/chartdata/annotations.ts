/**
 * Native annotation layers in chart data (the peer's `annotation_data` of a query's payload):
 * a query whose `annotation_layers` name NATIVE layers gets, per layer name, the layer's
 * annotations that overlap the query's time range. Added after the cache, so an edited
 * annotation shows on the next run without forcing the query.
 */
import type { AppContext } from '../context.js';
import type { NormalizedQuery } from './query.js';
import { resolveTimeRange, type TimeBounds } from './time-bounds.js';
import type { Principal } from '../security/principal.js';
import { nativeLayerRefs } from '../annotations/rules.js';
import { AnnotationService } from '../annotations/service.js';

/** The query's time bounds: its time range, else its first time range filter, else open. */
export function queryTimeBounds(q: NormalizedQuery, now = new Date()): TimeBounds {
  if (q.timeRange) {
    const range = resolveTimeRange(q.timeRange, q, now);
    if (range.since || range.until) return range;
  }
  for (const f of q.filters) {
    if (f.op !== 'TEMPORAL_RANGE') continue;
    const range = resolveTimeRange(typeof f.val === 'string' ? f.val : null, q, now);
    if (range.since || range.until) return range;
  }
  return { since: null, until: null };
}

/** One query's payload JSON with `annotation_data` added when the query names NATIVE layers. */
export async function withNativeAnnotationData(
  ctx: AppContext,
  user: Principal,
  raw: unknown,
  q: NormalizedQuery,
  payloadJson: string,
): Promise<string> {
  const layers = nativeLayerRefs(raw && typeof raw === 'object' ? (raw as { annotation_layers?: unknown }).annotation_layers : null);
  if (!layers.length || !payloadJson.endsWith('}')) return payloadJson;
  const data = await new AnnotationService(ctx).nativeAnnotationData(user, layers, queryTimeBounds(q));
  const field = `"annotation_data":${JSON.stringify(data)}`;
  return payloadJson === '{}' ? `{${field}}` : `${payloadJson.slice(0, -1)},${field}}`;
}
