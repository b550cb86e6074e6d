import { describe, expect, it } from 'vitest';
import { boundsOf, fitMapView, mercatorProjection, millerProjection, padBounds, pixelOffset } from './projection.js';

describe('projections', () => {
  it('Web Mercator: the equator at 0, 85.05° at the edge of the square tile world, and back', () => {
    expect(mercatorProjection.project([10, 0])[0]).toBe(10);
    expect(mercatorProjection.project([10, 0])[1]).toBeCloseTo(0, 9);
    expect(mercatorProjection.project([0, 85.05112878])[1]).toBeCloseTo(-180, 3);
    const [lon, lat] = mercatorProjection.unproject(mercatorProjection.project([-122.4, 37.8]));
    expect(lon).toBeCloseTo(-122.4, 9);
    expect(lat).toBeCloseTo(37.8, 9);
  });

  it('Miller: north up (negative y), and back', () => {
    expect(millerProjection.project([0, 60])[1]).toBeLessThan(0);
    expect(millerProjection.unproject(millerProjection.project([30, -45]))[1]).toBeCloseTo(-45, 9);
  });
});

describe('fitMapView', () => {
  it('a wide region fills the width; scale is pixels per projected degree', () => {
    const view = fitMapView(mercatorProjection, { west: -125, south: 24, east: -66, north: 50 }, 800, 500, 0);
    expect(view.layoutSize).toBeCloseTo(800, 6);
    expect(view.scale).toBeCloseTo(800 / 59, 6);
    expect(view.boundingCoords).toEqual([
      [-125, 50],
      [-66, 24],
    ]);
  });

  it('a tall region fills the height less the padding', () => {
    const view = fitMapView(mercatorProjection, { west: 0, south: 0, east: 1, north: 10 }, 800, 500, 20);
    expect(view.layoutSize).toBeCloseTo(460, 6);
  });

  it('pixel offsets grow with the zoom (what clustering compares)', () => {
    const view = fitMapView(mercatorProjection, { west: -125, south: 24, east: -66, north: 50 }, 800, 500);
    const a = pixelOffset(mercatorProjection, view, 1, [-122, 37]);
    const b = pixelOffset(mercatorProjection, view, 2, [-122, 37]);
    expect(b[0]).toBeCloseTo(a[0] * 2, 9);
    // the same pixel maths as ECharts' geo: -95° is 27° east of -122° at 800/59 px a degree
    expect(pixelOffset(mercatorProjection, view, 1, [-95, 37])[0] - a[0]).toBeCloseTo((27 * 800) / 59, 6);
  });
});

describe('bounds', () => {
  it('the bounds of finite positions, padded to a minimum span', () => {
    const b = boundsOf([
      [-122, 37],
      [-74, 40.7],
      [Number.NaN, 0],
    ]);
    expect(b).toEqual({ west: -122, east: -74, south: 37, north: 40.7 });
    expect(boundsOf([])).toBeNull();
    expect(padBounds({ west: 5, east: 5, south: 50, north: 50 }, 2)).toEqual({ west: 4, east: 6, south: 49, north: 51 });
  });
});
