import { describe, expect, it } from 'vitest';
import type { MultiPolygon, Polygon } from 'geojson';
import worldTopology from 'world-atlas/countries-110m.json';
import { splitAtAntimeridian } from './antimeridian';
import { worldCountries } from './worldShapes';

const jumps = (ring: number[][]) => ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180);

describe('splitAtAntimeridian', () => {
  it('a ring jumping from +180 to -180 becomes two polygons, one each side, none crossing the map', () => {
    // an island from 170°E to 170°W, stored with the jump
    const island: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [170, -10],
          [180, -10],
          [-170, -10],
          [-170, -20],
          [-180, -20],
          [170, -20],
          [170, -10],
        ],
      ],
    };
    const out = splitAtAntimeridian(island) as MultiPolygon;
    expect(out.type).toBe('MultiPolygon');
    expect(out.coordinates).toHaveLength(2);
    const [east, west] = out.coordinates;
    expect(Math.min(...east[0].map((p) => p[0]))).toBe(170);
    expect(Math.max(...east[0].map((p) => p[0]))).toBe(180);
    expect(Math.min(...west[0].map((p) => p[0]))).toBe(-180);
    expect(Math.max(...west[0].map((p) => p[0]))).toBe(-170);
    expect(out.coordinates.every((p) => !jumps(p[0]))).toBe(true);
  });

  it('a polygon that does not cross is kept as it is', () => {
    const square: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    expect(splitAtAntimeridian(square)).toBe(square);
  });

  it('no world country ring jumps across the map any more (Russia, Fiji)', () => {
    expect(worldTopology.objects.countries.geometries.length).toBeGreaterThan(170);
    for (const f of worldCountries().features) {
      const g = f.geometry;
      const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
      for (const polygon of polygons) expect(jumps(polygon[0]), f.properties.name).toBe(false);
    }
  });
});
