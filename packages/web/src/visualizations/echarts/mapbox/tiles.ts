/**
 * Map tiles under the point map, when an administrator configured a tile source (the server says
 * so at `/api/v1/map/tiles`; without one nothing here asks the network). The tiles that cover the
 * view are worked out from the view itself — its top-left corner in Web Mercator units (degrees at
 * the equator, y down) and the pixels per unit — and drawn as images under the base map's shapes,
 * which turn transparent. Tiles come from Rama (`/api/v1/map/tile/z/x/y`), never straight from
 * the tile server. Pure, but for loading the settings once per page.
 */
import { mercatorProjection, type MapView } from '@rama/shared';

export interface TileConfig {
  enabled: boolean;
  attribution: string | null;
  maxZoom: number;
}

export interface TileViewport {
  /** the view's top-left corner, projected */
  x0: number;
  y0: number;
  pxPerUnit: number;
  width: number;
  height: number;
}

export interface TilePlacement {
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

const TILE_PX = 256;
/** More tiles than any screen shows at once: a guard against a view gone wrong. */
const MAX_TILES = 150;

/** The tile zoom whose 256 px tiles are closest to the view's scale. */
export function tileZoom(pxPerUnit: number, maxZoom: number): number {
  const z = Math.round(Math.log2((360 * pxPerUnit) / TILE_PX));
  return Math.max(0, Math.min(maxZoom, Number.isFinite(z) ? z : 0));
}

/** The tiles covering the view, with their pixel boxes (edges rounded outwards, so tiles meet without seams). */
export function visibleTiles(v: TileViewport, maxZoom: number): TilePlacement[] {
  const z = tileZoom(v.pxPerUnit, maxZoom);
  const n = 2 ** z;
  const unit = 360 / n;
  const toPx = (u: number, origin: number) => (u - origin) * v.pxPerUnit;
  const first = (origin: number) => Math.max(0, Math.floor((origin + 180) / unit));
  const last = (origin: number, size: number) => Math.min(n - 1, Math.floor((origin + size / v.pxPerUnit + 180) / unit));
  const xs = [first(v.x0), last(v.x0, v.width)];
  const ys = [first(v.y0), last(v.y0, v.height)];
  if ((xs[1] - xs[0] + 1) * (ys[1] - ys[0] + 1) > MAX_TILES) return [];
  const out: TilePlacement[] = [];
  for (let x = xs[0]; x <= xs[1]; x++) {
    for (let y = ys[0]; y <= ys[1]; y++) {
      const left = Math.floor(toPx(-180 + x * unit, v.x0));
      const top = Math.floor(toPx(-180 + y * unit, v.y0));
      const right = Math.ceil(toPx(-180 + (x + 1) * unit, v.x0));
      const bottom = Math.ceil(toPx(-180 + (y + 1) * unit, v.y0));
      out.push({ z, x, y, left, top, width: right - left, height: bottom - top });
    }
  }
  return out;
}

/** The view at the fitted zoom (before any pan or zoom), from the same sums ECharts' geo does. */
export function fittedViewport(view: MapView, width: number, height: number): TileViewport {
  return {
    x0: view.center[0] - width / 2 / view.scale,
    y0: view.center[1] - height / 2 / view.scale,
    pxPerUnit: view.scale,
    width,
    height,
  };
}

/**
 * The view after a pan or zoom, from where two known places are drawn (ECharts' convertToPixel;
 * its convertFromPixel does not undo a custom projection correctly, so the view is worked out
 * the other way round).
 */
export function viewportFromPixels(
  a: [number, number],
  aPx: [number, number],
  b: [number, number],
  bPx: [number, number],
  width: number,
  height: number,
): TileViewport | null {
  const pa = mercatorProjection.project(a);
  const pb = mercatorProjection.project(b);
  const pxPerUnit = (bPx[0] - aPx[0]) / (pb[0] - pa[0]);
  if (!Number.isFinite(pxPerUnit) || pxPerUnit <= 0) return null;
  return { x0: pa[0] - aPx[0] / pxPerUnit, y0: pa[1] - aPx[1] / pxPerUnit, pxPerUnit, width, height };
}

/** Two places far enough apart to measure the view by. */
export const REFERENCE_PLACES: [[number, number], [number, number]] = [
  [0, 0],
  [90, 45],
];

export const tileUrl = (t: Pick<TilePlacement, 'z' | 'x' | 'y'>, style: string | null) =>
  `/api/v1/map/tile/${t.z}/${t.x}/${t.y}${style ? `?style=${encodeURIComponent(style)}` : ''}`;

/** The `graphic` option: the tiles under everything, and the tile source's credit in the bottom-right corner. */
export function tilesGraphic(tiles: TilePlacement[], style: string | null, attribution: string | null, width: number, height: number) {
  const images = tiles.map((t) => ({
    type: 'image',
    silent: true,
    z: -100,
    style: { image: tileUrl(t, style), x: t.left, y: t.top, width: t.width, height: t.height },
  }));
  const credit = attribution
    ? [
        {
          type: 'text',
          silent: true,
          z: 100,
          x: width - 4,
          y: height - 4,
          style: {
            text: attribution,
            align: 'right',
            verticalAlign: 'bottom',
            fontSize: 10,
            fill: '#333',
            backgroundColor: 'rgba(255,255,255,0.7)',
            padding: [1, 4],
          },
        },
      ]
    : [];
  return [{ id: 'tiles', type: 'group', silent: true, children: [...images, ...credit] }];
}

let config: Promise<TileConfig> | null = null;

/** Whether tiles are configured, asked once per page; any failure means no tiles. */
export function loadTileConfig(): Promise<TileConfig> {
  config ??= fetch('/api/v1/map/tiles', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (r) => {
      if (!r.ok) return { enabled: false, attribution: null, maxZoom: 0 };
      const { result } = (await r.json()) as { result?: { enabled?: unknown; attribution?: unknown; max_zoom?: unknown } };
      return {
        enabled: result?.enabled === true,
        attribution: typeof result?.attribution === 'string' ? result.attribution : null,
        maxZoom: typeof result?.max_zoom === 'number' ? result.max_zoom : 19,
      };
    })
    .catch(() => ({ enabled: false, attribution: null, maxZoom: 0 }));
  return config;
}

/** The option with tiles: the base map's shapes see-through (the tiles draw the land), the tiles of the fitted view under them. */
export function withTiles(
  option: Record<string, unknown>,
  view: MapView,
  cfg: TileConfig,
  style: string | null,
  width: number,
  height: number,
): Record<string, unknown> {
  const geo = option.geo as Record<string, unknown> | undefined;
  const clear = 'rgba(0,0,0,0)';
  return {
    ...option,
    geo: { ...geo, itemStyle: { areaColor: clear, borderColor: clear, borderWidth: 0 } },
    graphic: tilesGraphic(visibleTiles(fittedViewport(view, width, height), cfg.maxZoom), style, cfg.attribution, width, height),
  };
}
