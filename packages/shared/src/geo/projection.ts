/**
 * Map projections and the view that fits a region, in the terms ECharts' geo component takes
 * (`projection`, `boundingCoords`, `layoutCenter` at the middle, `layoutSize`): with these the
 * pixel position of any longitude/latitude at any zoom is known without asking the chart, which
 * the point map's clustering needs. Projected units are degrees at the equator, y pointing down
 * (screen order). Pure.
 */

export type LonLat = [number, number];
export type Projected = [number, number];

export interface MapProjection {
  project: (p: LonLat) => Projected;
  unproject: (p: Projected) => LonLat;
}

const DEG = 180 / Math.PI;
/** Web Mercator's latitude limit (the square world of map tiles). */
export const MERCATOR_MAX_LAT = 85.05112878;

const clampLat = (lat: number, max: number) => Math.max(-max, Math.min(max, lat));

/** Web Mercator, as map tiles use it. */
export const mercatorProjection: MapProjection = {
  project: ([lon, lat]) => [lon, -DEG * Math.log(Math.tan(Math.PI / 4 + clampLat(lat, MERCATOR_MAX_LAT) / DEG / 2))],
  unproject: ([x, y]) => [x, DEG * (2 * Math.atan(Math.exp(-y / DEG)) - Math.PI / 2)],
};

/** Miller cylindrical: Mercator with the poles tamed, a familiar world map. */
export const millerProjection: MapProjection = {
  project: ([lon, lat]) => [lon, -DEG * 1.25 * Math.log(Math.tan(Math.PI / 4 + (0.4 * clampLat(lat, 89.9)) / DEG))],
  unproject: ([x, y]) => [x, DEG * (2.5 * Math.atan(Math.exp((0.8 * -y) / DEG)) - 0.625 * Math.PI)],
};

/** Coordinates already projected (pre-projected shapes such as us-atlas' Albers USA, y down). */
export const identityProjection: MapProjection = {
  project: ([x, y]) => [x, y],
  unproject: ([x, y]) => [x, y],
};

export interface GeoBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The bounds of the finite positions; null when there are none. */
export function boundsOf(points: Iterable<LonLat>): GeoBounds | null {
  let b: GeoBounds | null = null;
  for (const [lon, lat] of points) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    if (!b) b = { west: lon, east: lon, south: lat, north: lat };
    else {
      b.west = Math.min(b.west, lon);
      b.east = Math.max(b.east, lon);
      b.south = Math.min(b.south, lat);
      b.north = Math.max(b.north, lat);
    }
  }
  return b;
}

/** Bounds at least `minSpan` degrees wide and high (one point, or points on a line, still give a view). */
export function padBounds(b: GeoBounds, minSpan: number): GeoBounds {
  const grow = (lo: number, hi: number): [number, number] => {
    const extra = Math.max(0, minSpan - (hi - lo)) / 2;
    return [lo - extra, hi + extra];
  };
  const [west, east] = grow(b.west, b.east);
  const [south, north] = grow(b.south, b.north);
  return { west, east, south: clampLat(south, 89.9), north: clampLat(north, 89.9) };
}

export const WORLD_BOUNDS: GeoBounds = { west: -180, south: -60, east: 180, north: 84 };

export interface MapView {
  /** ECharts geo `boundingCoords`: [[west, north], [east, south]] */
  boundingCoords: [LonLat, LonLat];
  /** ECharts geo `layoutSize` (px) with `layoutCenter: ['50%', '50%']` */
  layoutSize: number;
  /** pixels per projected unit at zoom 1 */
  scale: number;
  /** the projected centre of the bounds (ECharts geo `center` when a projection is set) */
  center: Projected;
}

/**
 * The view that shows `bounds` whole and as large as fits a `width` × `height` box less `padding`
 * on every side. ECharts sizes the longer side of the projected bounds to `layoutSize`.
 */
export function fitMapView(projection: MapProjection, bounds: GeoBounds, width: number, height: number, padding = 0): MapView {
  const [x0, y0] = projection.project([bounds.west, bounds.north]);
  const [x1, y1] = projection.project([bounds.east, bounds.south]);
  const w = Math.max(1e-9, Math.abs(x1 - x0));
  const h = Math.max(1e-9, Math.abs(y1 - y0));
  const availW = Math.max(10, width - 2 * padding);
  const availH = Math.max(10, height - 2 * padding);
  const aspect = w / h;
  const layoutSize = aspect > 1 ? Math.min(availW, availH * aspect) : Math.min(availH, availW / aspect);
  return {
    boundingCoords: [
      [bounds.west, bounds.north],
      [bounds.east, bounds.south],
    ],
    layoutSize,
    scale: layoutSize / Math.max(w, h),
    center: [(x0 + x1) / 2, (y0 + y1) / 2],
  };
}

/** A position's pixel offset from the view's centre at `zoom` (ECharts' geo transform). */
export function pixelOffset(projection: MapProjection, view: Pick<MapView, 'scale' | 'center'>, zoom: number, p: LonLat): [number, number] {
  const [x, y] = projection.project(p);
  const k = view.scale * zoom;
  return [(x - view.center[0]) * k, (y - view.center[1]) * k];
}
