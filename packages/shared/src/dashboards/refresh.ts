/**
 * Dashboard auto-refresh (spec section 9: "staggered by default, spreading refreshes evenly across
 * charts; the stagger is the greater of the refresh interval and stagger_time (default 5000 ms)").
 */
import { DEFAULT_STAGGER_TIME_MS } from './types.js';

/**
 * The BI server spreads one refresh round over a fifth of the refresh period, so every chart has
 * refreshed well before the next round starts: pass `refreshWindowMs(frequency)` as `refreshMs`.
 */
export const REFRESH_WINDOW_SHARE = 0.2;

export function refreshWindowMs(refreshFrequencySeconds: number): number {
  return Math.max(0, refreshFrequencySeconds) * 1000 * REFRESH_WINDOW_SHARE;
}

/**
 * How long after a refresh round starts each of `chartCount` charts is refreshed, in ms. With
 * stagger on (the default) the charts are spread evenly over max(refreshMs, staggerTime ?? 5000):
 * the first at 0, the last at the end; with stagger off they all go at once.
 */
export function refreshDelays(chartCount: number, refreshMs: number, opts: { stagger?: boolean; staggerTime?: number } = {}): number[] {
  const count = Number.isFinite(chartCount) ? Math.max(0, Math.floor(chartCount)) : 0;
  if (count === 0) return [];
  if (opts.stagger === false || count === 1) return new Array<number>(count).fill(0);
  const staggerTime =
    typeof opts.staggerTime === 'number' && Number.isFinite(opts.staggerTime) ? opts.staggerTime : DEFAULT_STAGGER_TIME_MS;
  const window = Math.max(Number.isFinite(refreshMs) ? refreshMs : 0, staggerTime);
  const step = window / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(step * i));
}
