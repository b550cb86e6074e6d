/**
 * A horizon row's bands (pure): the values cut into `bands` layers of the row's height, each layer
 * folded onto the same strip and drawn darker than the one below it; negative values mirrored from
 * the top in the cold colours ("offset" mode) or drawn upwards ("mirror"). The rectangles come out
 * in drawing order; the canvas only fills them.
 */

/** The peer's eight colours: four cold ones for negative layers, four warm ones for positive layers. */
export const HORIZON_COLORS = ['#313695', '#4575b4', '#74add1', '#abd9e9', '#fee090', '#fdae61', '#f46d43', '#d73027'] as const;

export type HorizonScale = 'series' | 'overall' | 'change';

export interface HorizonRect {
  color: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BandOptions {
  width: number;
  height: number;
  /** layers each way; the colours hold 2 × bands */
  bands?: number;
  colors?: readonly string[];
  mode?: 'offset' | 'mirror';
  /** the value domain shared by every row ('overall'); else the row's own extent */
  yDomain?: [number, number] | null;
}

/** The smallest and largest finite value, or null without any. */
export function extentOf(values: readonly (number | null)[]): [number, number] | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? [min, max] : null;
}

/** 'change': each value less the row's first value, so the row shows how far it moved from its start. */
export function rowValues(values: readonly (number | null)[], scale: HorizonScale): (number | null)[] {
  if (scale !== 'change') return [...values];
  const first = values.find((v) => v !== null) ?? null;
  return values.map((v) => (v === null || first === null ? null : v - first));
}

export function horizonRects(values: readonly (number | null)[], options: BandOptions): HorizonRect[] {
  const { width, height, mode = 'offset' } = options;
  const colors = options.colors ?? HORIZON_COLORS;
  const bands = Math.max(1, options.bands ?? Math.floor(colors.length / 2));
  const [min, max] = options.yDomain ?? extentOf(values) ?? [0, 0];
  const domain = Math.max(-min, max);
  if (!(domain > 0) || values.length === 0 || width <= 0 || height <= 0) return [];
  const step = width / values.length;
  const rects: HorizonRect[] = [];
  for (const positive of [true, false]) {
    for (let b = 0; b < bands; b++) {
      const color = positive ? colors[bands + b] : colors[bands - b - 1];
      values.forEach((v, i) => {
        if (v === null || !Number.isFinite(v) || (positive ? v <= 0 : v >= 0)) return;
        // this layer holds what is above b full strips, up to one strip
        const filled = Math.min(height, (Math.abs(v) / domain) * bands * height - b * height);
        if (filled <= 0) return;
        const fromTop = !positive && mode === 'offset';
        rects.push({ color, x: i * step, y: fromTop ? 0 : height - filled, width: step + 1, height: filled });
      });
    }
  }
  return rects;
}
