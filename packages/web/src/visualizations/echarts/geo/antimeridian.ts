/**
 * Shapes that cross the 180th meridian (Russia's Chukotka, Fiji, Alaska's Aleutians) are stored
 * with rings that jump from +180 to -180. Drawn on a flat map such a jump is a line across the whole
 * world. Here each such polygon is unwrapped (longitudes made continuous), clipped at the meridian
 * and its far part moved back by 360°, so both halves draw where they lie. Pure.
 */
import type { Geometry, Position } from 'geojson';

type Ring = Position[];

const crosses = (ring: Ring) => ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180);

/** Longitudes made continuous: each point within 180° of the one before. */
function unwrap(ring: Ring): Ring {
  let shift = 0;
  return ring.map((p, i) => {
    if (i > 0) {
      const d = p[0] - ring[i - 1][0];
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    return [p[0] + shift, p[1]];
  });
}

/** Sutherland–Hodgman against one vertical line: the part of the ring on the kept side, closed. */
function clip(ring: Ring, x: number, keepLeft: boolean): Ring {
  const inside = (p: Position) => (keepLeft ? p[0] <= x : p[0] >= x);
  const cut = (a: Position, b: Position): Position => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const out: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    if (inside(a)) {
      out.push(a);
      if (!inside(b)) out.push(cut(a, b));
    } else if (inside(b)) out.push(cut(a, b));
  }
  if (out.length > 0) out.push(out[0]);
  return out.length >= 4 ? out : [];
}

const shifted = (ring: Ring, dx: number): Ring => ring.map((p) => [p[0] + dx, p[1]]);

/** One polygon (outer ring and holes) as one or two polygons that stay within ±180°. */
function splitPolygon(polygon: Ring[]): Ring[][] {
  if (!polygon.some(crosses)) return [polygon];
  let rings = polygon.map(unwrap);
  // keep the bulk of the shape in range: a ring unwrapped below -180 is moved east as a whole
  const minX = Math.min(...rings[0].map((p) => p[0]));
  if (minX < -180) rings = rings.map((r) => shifted(r, 360));
  const side = (keepLeft: boolean): Ring[] => {
    const [outer, ...holes] = rings.map((r) => clip(r, 180, keepLeft));
    if (outer.length === 0) return [];
    const kept = [outer, ...holes.filter((h) => h.length > 0)];
    return keepLeft ? kept : kept.map((r) => shifted(r, -360));
  };
  return [side(true), side(false)].filter((p) => p.length > 0);
}

/** The geometry with every polygon that crosses the antimeridian split in two; others untouched. */
export function splitAtAntimeridian(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') {
    if (!geometry.coordinates.some(crosses)) return geometry;
    const parts = splitPolygon(geometry.coordinates);
    return parts.length === 1 ? { type: 'Polygon', coordinates: parts[0] } : { type: 'MultiPolygon', coordinates: parts };
  }
  if (geometry.type === 'MultiPolygon') {
    if (!geometry.coordinates.some((p) => p.some(crosses))) return geometry;
    return { type: 'MultiPolygon', coordinates: geometry.coordinates.flatMap(splitPolygon) };
  }
  return geometry;
}
