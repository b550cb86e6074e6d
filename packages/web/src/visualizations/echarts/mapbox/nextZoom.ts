/** The zoom after a roam step (a wheel or pinch factor), clamped as ECharts clamps it to `scaleLimit`; a pan has no factor. */
export function nextZoom(current: number, factor: unknown, min: number, max: number): number {
  if (typeof factor !== 'number' || !Number.isFinite(factor) || factor <= 0) return current;
  return Math.min(max, Math.max(min, current * factor));
}
