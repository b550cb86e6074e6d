import { describe, expect, it } from 'vitest';
import { fitMapView, mercatorProjection } from '@rama/shared';
import { fittedViewport, tileUrl, tileZoom, tilesGraphic, viewportFromPixels, visibleTiles, withTiles } from './tiles';

describe('map tiles for a view', () => {
  it('the tile zoom whose 256 px tiles match the scale', () => {
    // the whole world 256 px wide is zoom 0; 1024 px wide is zoom 2
    expect(tileZoom(256 / 360, 19)).toBe(0);
    expect(tileZoom(1024 / 360, 19)).toBe(2);
    expect(tileZoom(1e9, 19)).toBe(19);
  });

  it('the whole world at zoom 1 is four tiles meeting without seams', () => {
    const tiles = visibleTiles({ x0: -180, y0: -180, pxPerUnit: 512 / 360, width: 512, height: 512 }, 19);
    expect(tiles.map((t) => [t.z, t.x, t.y])).toEqual([
      [1, 0, 0],
      [1, 0, 1],
      [1, 1, 0],
      [1, 1, 1],
    ]);
    expect(tiles.map((t) => [t.left, t.top, t.width, t.height])).toEqual([
      [0, 0, 256, 256],
      [0, 256, 256, 256],
      [256, 0, 256, 256],
      [256, 256, 256, 256],
    ]);
  });

  it('a view of the United States asks for the few tiles over it, inside the grid', () => {
    const view = fitMapView(mercatorProjection, { west: -125, south: 24, east: -66, north: 50 }, 800, 500);
    const tiles = visibleTiles(fittedViewport(view, 800, 500), 19);
    expect(tiles.length).toBeGreaterThan(4);
    expect(tiles.length).toBeLessThan(30);
    const z = tiles[0].z;
    expect(tiles.every((t) => t.z === z && t.x >= 0 && t.y >= 0 && t.x < 2 ** z && t.y < 2 ** z)).toBe(true);
    // the tiles cover the view
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + t.width))).toBeGreaterThanOrEqual(800);
  });

  it('the view after a pan or zoom, from where two places are drawn', () => {
    const view = fitMapView(mercatorProjection, { west: -125, south: 24, east: -66, north: 50 }, 800, 500);
    const fitted = fittedViewport(view, 800, 500);
    // where the fitted view draws them: (projected - top-left) × scale
    const at = (p: [number, number]): [number, number] => {
      const [x, y] = mercatorProjection.project(p);
      return [(x - fitted.x0) * fitted.pxPerUnit, (y - fitted.y0) * fitted.pxPerUnit];
    };
    const v = viewportFromPixels([0, 0], at([0, 0]), [90, 45], at([90, 45]), 800, 500);
    expect(v?.pxPerUnit).toBeCloseTo(fitted.pxPerUnit, 9);
    expect(v?.x0).toBeCloseTo(fitted.x0, 9);
    expect(v?.y0).toBeCloseTo(fitted.y0, 9);
    expect(viewportFromPixels([0, 0], [5, 5], [90, 45], [5, 5], 800, 500)).toBeNull();
  });

  it('tiles come from Rama with the chart style; the credit sits bottom right', () => {
    expect(tileUrl({ z: 3, x: 1, y: 2 }, 'mapbox://styles/mapbox/dark-v9')).toBe(
      '/api/v1/map/tile/3/1/2?style=mapbox%3A%2F%2Fstyles%2Fmapbox%2Fdark-v9',
    );
    const [group] = tilesGraphic([{ z: 0, x: 0, y: 0, left: 0, top: 0, width: 256, height: 256 }], null, '© OSM', 400, 300);
    expect(group.id).toBe('tiles');
    const [image, credit] = group.children as { type: string; style: Record<string, unknown> }[];
    expect(image.style.image).toBe('/api/v1/map/tile/0/0/0');
    expect(credit).toMatchObject({ type: 'text', style: { text: '© OSM', align: 'right' } });
  });

  it('with tiles the base map shapes are see-through', () => {
    const view = fitMapView(mercatorProjection, { west: -10, south: 40, east: 10, north: 55 }, 400, 300);
    const out = withTiles(
      { geo: { map: 'rama-base', itemStyle: { areaColor: '#fff' } } },
      view,
      { enabled: true, attribution: null, maxZoom: 19 },
      null,
      400,
      300,
    );
    expect((out.geo as { itemStyle: { areaColor: string } }).itemStyle.areaColor).toBe('rgba(0,0,0,0)');
    expect((out.graphic as { children: unknown[] }[])[0].children.length).toBeGreaterThan(0);
  });
});
