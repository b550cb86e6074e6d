/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): the checks behind the dark
 * theme's tokens and chart palettes, and the lightening that tunes a palette for a dark background.
 */

export type Rgb = readonly [number, number, number];

/** AA for normal text. */
export const AA_TEXT = 4.5;
/** AA for large text and for graphical objects (a bar, a line, a slice) against what is next to them. */
export const AA_GRAPHICS = 3;

/** `#rgb`, `#rrggbb`, `#rrggbbaa` (alpha ignored) or `rgb(r, g, b)` / `rgba(r, g, b, a)`; null for anything else. */
export function parseColor(color: string): Rgb | null {
  const c = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(c);
  if (hex) {
    let h = hex[1];
    if (h.length === 3) h = [...h].map((x) => x + x).join('');
    const n = Number.parseInt(h.slice(0, 6), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(c);
  if (rgb) {
    const parts = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] as const;
    return parts.every((p) => p <= 255) ? parts : null;
  }
  return null;
}

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours, 1 to 21 (order does not matter); NaN when either is not a colour. */
export function contrastRatio(a: string, b: string): number {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return Number.NaN;
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: [number, number, number]): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [hue(h + 1 / 3) * 255, hue(h) * 255, hue(h - 1 / 3) * 255];
}

/**
 * The colour with its hue and saturation kept and its lightness raised (in steps of 1 %) until it
 * reaches `min` contrast against a dark `background`: a palette's dark blue becomes a readable
 * blue, not an inverted orange. A colour that already reaches it comes back unchanged.
 */
export function lightenForContrast(color: string, background: string, min: number): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  if (contrastRatio(color, background) >= min) return color;
  const [h, s, l0] = toHsl(rgb);
  for (let l = l0; l <= 1.0001; l += 0.01) {
    const candidate = toHex(fromHsl([h, s, Math.min(1, l)]));
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return '#ffffff';
}

/**
 * The ink (of `inks`) that reads best on `background`, a colour that may be translucent (`rgba()`,
 * `#rrggbbaa`) drawn over the opaque `surface`: a heat-map cell's light tint takes dark text, a
 * strong one light text, in either look. Null when the background is not a colour this reads.
 */
export function bestInk(background: string, surface: string, inks: readonly string[]): string | null {
  const base = parseColor(surface);
  const c = background.trim().toLowerCase();
  const alphaMatch = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\s*\)$/.exec(c) ?? /^#[0-9a-f]{6}([0-9a-f]{2})$/.exec(c);
  const rgb = parseColor(c);
  if (!base || !rgb || inks.length === 0) return null;
  const alpha = alphaMatch ? (c.startsWith('#') ? Number.parseInt(alphaMatch[1], 16) / 255 : Number(alphaMatch[1])) : 1;
  const a = Number.isFinite(alpha) ? Math.min(1, Math.max(0, alpha)) : 1;
  const drawn = toHex([0, 1, 2].map((i) => rgb[i] * a + base[i] * (1 - a)) as unknown as Rgb);
  let best = inks[0];
  for (const ink of inks) if (contrastRatio(ink, drawn) > contrastRatio(best, drawn)) best = ink;
  return best;
}
