/**
 * Map tiles under the point map, only when an administrator configures a source: a tile server
 * (`RAMA_MAP_TILE_URL`, a template with `{z}`, `{x}` and `{y}`) or Mapbox (`MAPBOX_API_KEY`, the
 * chart's Mapbox style). Without either the point map draws its offline base map and Rama makes no
 * request to any map service. Tiles reach the browser through Rama (`/api/v1/map/tile/…`): the
 * page's image policy stays 'self' and the Mapbox key never leaves the server. The settings come
 * from the environment or `RAMA_HOME/rama.config.json`, like every other setting.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TileSettings {
  /** a tile server's URL template */
  url: string | null;
  mapboxKey: string | null;
  /** the credit the tiles' licence asks for, shown on the map */
  attribution: string | null;
  /** the deepest zoom the source serves */
  maxZoom: number;
}

/** The deepest zoom level of tiles (OpenStreetMap serves 19, Mapbox 22). */
const MAX_ZOOM = 22;
const DEFAULT_STYLE = 'mapbox/light-v9';

function fileSettings(home: string): Record<string, unknown> {
  const file = join(home, 'rama.config.json');
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    // the server's own configuration loader has refused a broken file already
    return {};
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A usable template: http(s), with all three placeholders; anything else turns tiles off (and is logged). */
export function validTileTemplate(template: string): boolean {
  let url: URL;
  try {
    url = new URL(template.replace(/\{[zxy]\}/g, '0'));
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && ['{z}', '{x}', '{y}'].every((p) => template.includes(p));
}

export function readTileSettings(
  home: string,
  env: Record<string, string | undefined> = process.env,
): TileSettings & { invalidUrl: boolean } {
  const file = fileSettings(home);
  const get = (name: string) => text(env[name]) ?? text(file[name]);
  const template = get('RAMA_MAP_TILE_URL');
  const url = template && validTileTemplate(template) ? template : null;
  const mapboxKey = get('MAPBOX_API_KEY');
  const zoomSetting = get('RAMA_MAP_TILE_MAX_ZOOM');
  const configuredZoom = zoomSetting === null ? Number.NaN : Number(zoomSetting);
  const maxZoom = Number.isInteger(configuredZoom) && configuredZoom >= 0 ? Math.min(MAX_ZOOM, configuredZoom) : url ? 19 : MAX_ZOOM;
  const attribution = get('RAMA_MAP_TILE_ATTRIBUTION') ?? (url ? null : mapboxKey ? '© Mapbox © OpenStreetMap' : null);
  return { url, mapboxKey, attribution, maxZoom, invalidUrl: template !== null && url === null };
}

export const tilesEnabled = (s: TileSettings): boolean => s.url !== null || s.mapboxKey !== null;

/** `mapbox://styles/<owner>/<style>` → `<owner>/<style>` (letters, digits, `-`, `_`, `.` only); else the default style. */
export function mapboxStylePath(style: unknown): string {
  const m = typeof style === 'string' ? /^mapbox:\/\/styles\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(style.trim()) : null;
  return m && !m[1].startsWith('.') && !m[2].startsWith('.') ? `${m[1]}/${m[2]}` : DEFAULT_STYLE;
}

/** Whole numbers with x and y inside the zoom level's grid. */
export function validTile(z: number, x: number, y: number, maxZoom: number): boolean {
  const n = 2 ** z;
  return [z, x, y].every(Number.isInteger) && z >= 0 && z <= maxZoom && x >= 0 && x < n && y >= 0 && y < n;
}

/** Where a tile is fetched from: the configured server, else Mapbox with the chart's style; null when tiles are off. */
export function upstreamTileUrl(s: TileSettings, z: number, x: number, y: number, style: unknown): string | null {
  if (s.url) return s.url.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
  if (s.mapboxKey) {
    return `https://api.mapbox.com/styles/v1/${mapboxStylePath(style)}/tiles/256/${z}/${x}/${y}?access_token=${encodeURIComponent(s.mapboxKey)}`;
  }
  return null;
}
