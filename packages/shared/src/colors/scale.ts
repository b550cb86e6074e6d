/**
 * Colour lookup: a categorical scale that keeps a label's colour for the life of the scale (so a
 * series keeps its colour across re-renders and in the legend), and sequential interpolation.
 */
import { CATEGORICAL_SCHEMES, DEFAULT_COLOR_SCHEME, DEFAULT_SEQUENTIAL_SCHEME, SEQUENTIAL_SCHEMES, type ColorScheme } from './schemes.js';

const byId = (schemes: ColorScheme[]) => new Map(schemes.map((s) => [s.id, s]));
const CATEGORICAL = byId(CATEGORICAL_SCHEMES);
const SEQUENTIAL = byId(SEQUENTIAL_SCHEMES);

/** A categorical scheme by id; an unknown or empty id (a scheme this product does not have) is the default. */
export function getCategoricalScheme(id?: string | null): ColorScheme {
  return (id ? CATEGORICAL.get(id) : undefined) ?? CATEGORICAL.get(DEFAULT_COLOR_SCHEME) ?? CATEGORICAL_SCHEMES[0];
}

/** A sequential scheme by id; unknown ids are the default. */
export function getSequentialScheme(id?: string | null): ColorScheme {
  return (id ? SEQUENTIAL.get(id) : undefined) ?? SEQUENTIAL.get(DEFAULT_SEQUENTIAL_SCHEME) ?? SEQUENTIAL_SCHEMES[0];
}

/**
 * Label → colour for one chart (or one dashboard namespace): the first time a label is asked for it
 * takes the scheme's next colour, wrapping round when they run out; forced colours (a dashboard's
 * `label_colors`) win over the scheme.
 */
export class CategoricalColorScale {
  readonly scheme: ColorScheme;
  private readonly forced: ReadonlyMap<string, string>;
  private readonly assigned = new Map<string, string>();

  constructor(schemeId?: string | null, labelColors: Record<string, string> = {}) {
    this.scheme = getCategoricalScheme(schemeId);
    this.forced = new Map(Object.entries(labelColors).filter(([, c]) => typeof c === 'string' && c !== ''));
  }

  getColor(label: string | number | null | undefined): string {
    const key = label === null || label === undefined ? '' : String(label);
    const forced = this.forced.get(key);
    if (forced) return forced;
    let color = this.assigned.get(key);
    if (!color) {
      const { colors } = this.scheme;
      color = colors[this.assigned.size % colors.length];
      this.assigned.set(key, color);
    }
    return color;
  }

  /** Every label this scale has coloured, with its colour (what a dashboard stores as shared label colours). */
  getColorMap(): Record<string, string> {
    const out: Record<string, string> = Object.fromEntries(this.assigned);
    for (const [label, color] of this.forced) if (label in out) out[label] = color;
    return out;
  }
}

function parseHex(color: string): [number, number, number] {
  let h = color.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  return Number.isNaN(n) ? [0, 0, 0] : [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/** The colour at `t` (0..1, clamped) along a sequential scheme, interpolated linearly in RGB between its stops. */
export function sequentialColor(schemeId: string | null | undefined, t: number): string {
  const stops = getSequentialScheme(schemeId).colors.map(parseHex);
  const x = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const pos = x * (stops.length - 1);
  const i = Math.max(0, Math.min(stops.length - 2, Math.floor(pos)));
  const f = pos - i;
  const [a, b] = [stops[i], stops[i + 1] ?? stops[i]];
  return `#${hex2(a[0] + (b[0] - a[0]) * f)}${hex2(a[1] + (b[1] - a[1]) * f)}${hex2(a[2] + (b[2] - a[2]) * f)}`;
}
