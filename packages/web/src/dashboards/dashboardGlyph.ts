/**
 * The card view's thumbnail: no picture of the dashboard is fetched; each dashboard gets a small
 * drawing of a dashboard grid instead, the same every time for the same dashboard, with the first
 * letter of its title in its largest tile.
 */

/** A tile of the drawing, in grid units of a GLYPH_COLUMNS × GLYPH_ROWS board. */
export interface GlyphTile {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DashboardGlyph {
  initial: string;
  tiles: GlyphTile[];
  /** index in `tiles` of the tile that shows the initial */
  accent: number;
  palette: GlyphPalette;
}

export interface GlyphPalette {
  background: string;
  tile: string;
  accent: string;
  text: string;
}

/** The board: 12 columns like the dashboard grid, 9 rows. */
export const GLYPH_COLUMNS = 12;
export const GLYPH_ROWS = 9;

const t = (x: number, y: number, w: number, h: number): GlyphTile => ({ x, y, w, h });

/** Layouts a dashboard often has: a header, a row of numbers, big and small charts. */
const LAYOUTS: { tiles: GlyphTile[]; accent: number }[] = [
  { tiles: [t(0, 0, 12, 2), t(0, 2, 8, 4), t(8, 2, 4, 4), t(0, 6, 4, 3), t(4, 6, 4, 3), t(8, 6, 4, 3)], accent: 1 },
  { tiles: [t(0, 0, 4, 4), t(4, 0, 8, 4), t(0, 4, 6, 5), t(6, 4, 6, 5)], accent: 0 },
  { tiles: [t(0, 0, 6, 5), t(6, 0, 6, 2), t(6, 2, 6, 3), t(0, 5, 3, 4), t(3, 5, 3, 4), t(6, 5, 6, 4)], accent: 0 },
  { tiles: [t(0, 0, 3, 3), t(3, 0, 3, 3), t(6, 0, 3, 3), t(9, 0, 3, 3), t(0, 3, 8, 6), t(8, 3, 4, 6)], accent: 4 },
  { tiles: [t(0, 0, 12, 4), t(0, 4, 4, 5), t(4, 4, 4, 5), t(8, 4, 4, 5)], accent: 0 },
  { tiles: [t(0, 0, 4, 9), t(4, 0, 8, 3), t(4, 3, 4, 6), t(8, 3, 4, 6)], accent: 0 },
];

/** Soft backgrounds with a stronger tile for the initial; the text colour reads on the accent. */
const PALETTES: GlyphPalette[] = [
  { background: '#e6f2f4', tile: '#c4e0e5', accent: '#1f7a8c', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#efe9f5', tile: '#dacbe8', accent: '#7a5195', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#fdecef', tile: '#f8c9d2', accent: '#c2405e', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#fdf3e3', tile: '#f6dcb1', accent: '#b45f06', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#e8f4ec', tile: '#c6e3cf', accent: '#2f855a', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#e9eefc', tile: '#c9d5f6', accent: '#3b5bdb', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#eef0f3', tile: '#d5dae1', accent: '#4a5568', text: '#ffffff' }, // i18n-ignore: colours
];

/** The same hues for the dark look: deep backgrounds, muted tiles, the accent kept strong enough for its white initial. */
const DARK_PALETTES: GlyphPalette[] = [
  { background: '#12323a', tile: '#1d4c57', accent: '#2a8fa3', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#2a2135', tile: '#43345a', accent: '#8a62a8', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#361b23', tile: '#5a2a38', accent: '#c2405e', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#33260f', tile: '#57401a', accent: '#b45f06', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#15301f', tile: '#224d33', accent: '#2f855a', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#18213f', tile: '#263668', accent: '#3b5bdb', text: '#ffffff' }, // i18n-ignore: colours
  { background: '#22282f', tile: '#353e48', accent: '#5d6b80', text: '#ffffff' }, // i18n-ignore: colours
];

/** FNV-1a: a small, stable 32-bit hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The first letter or digit of a title, upper case ('[ untitled dashboard ]' → 'U'); '#' when it has none. */
export function titleInitial(title: string): string {
  const match = /[\p{L}\p{N}]/u.exec(title);
  return match ? match[0].toLocaleUpperCase() : '#';
}

/** The drawing of a dashboard: its layout and colours from `seed` (its id, so a rename keeps them), the initial from its title. */
export function dashboardGlyph(seed: string, title: string, dark = false): DashboardGlyph {
  const hash = hashString(seed);
  const layout = LAYOUTS[hash % LAYOUTS.length];
  const palette = (dark ? DARK_PALETTES : PALETTES)[Math.floor(hash / LAYOUTS.length) % PALETTES.length];
  return { initial: titleInitial(title), tiles: layout.tiles, accent: layout.accent, palette };
}

/** How many layouts and palettes there are (tests walk them all). */
export const GLYPH_VARIANTS = { layouts: LAYOUTS.length, palettes: PALETTES.length };
