/** The colour picker's value in the BI server's `{r, g, b, a}` shape. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Spec section 9: the default picker colour. */
export const DEFAULT_PICKER_COLOR: Rgba = { r: 0, g: 122, b: 135, a: 1 };

const channel = (v: unknown, max: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(0, v)) : null);

/** A stored value as a colour; anything else is the default colour. */
export function toRgba(value: unknown): Rgba {
  if (typeof value !== 'object' || value === null) return DEFAULT_PICKER_COLOR;
  const { r, g, b, a } = value as Record<string, unknown>;
  const [rr, gg, bb] = [channel(r, 255), channel(g, 255), channel(b, 255)];
  if (rr === null || gg === null || bb === null) return DEFAULT_PICKER_COLOR;
  return { r: rr, g: gg, b: bb, a: channel(a, 1) ?? 1 };
}

export function rgbaToCss({ r, g, b, a }: Rgba): string {
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}
