import { describe, expect, it } from 'vitest';
import { HORIZON_COLORS, extentOf, horizonRects, rowValues } from './bands';

describe('horizon bands', () => {
  it('a value is cut into layers of the strip: the full ones below, the rest on top in a darker colour', () => {
    // domain 8, four bands of a 20 px strip: 8 fills all four layers, 3 fills one and a half
    const rects = horizonRects([8, 3], { width: 100, height: 20 });
    const first = rects.filter((r) => r.x === 0);
    expect(first.map((r) => r.color)).toEqual(HORIZON_COLORS.slice(4));
    expect(first.every((r) => r.height === 20 && r.y === 0)).toBe(true);
    const second = rects.filter((r) => r.x === 50);
    expect(second.map((r) => [r.color, r.height, r.y])).toEqual([
      [HORIZON_COLORS[4], 20, 0],
      [HORIZON_COLORS[5], 10, 10],
    ]);
    expect(second[0].width).toBe(51);
  });

  it('negative values take the cold colours from the top (offset) or from the bottom (mirror)', () => {
    const offset = horizonRects([-4, 4], { width: 20, height: 10, bands: 2, colors: ['n1', 'n0', 'p0', 'p1'] });
    // -4 of a domain of 4 fills both layers: the lighter one first, then the darker on top
    expect(offset.filter((r) => r.x === 0).map((r) => [r.color, r.y, r.height])).toEqual([
      ['n0', 0, 10],
      ['n1', 0, 10],
    ]);
    const mirror = horizonRects([-1], {
      width: 20,
      height: 10,
      bands: 2,
      colors: ['n1', 'n0', 'p0', 'p1'],
      mode: 'mirror',
      yDomain: [-4, 4],
    });
    expect(mirror.map((r) => [r.color, r.y, r.height])).toEqual([['n0', 5, 5]]);
  });

  it('a shared domain scales every row alike; nulls and an all-zero row draw nothing', () => {
    const own = horizonRects([1], { width: 10, height: 10, bands: 1, colors: ['n', 'p'] });
    const shared = horizonRects([1], { width: 10, height: 10, bands: 1, colors: ['n', 'p'], yDomain: [0, 4] });
    expect(own[0].height).toBe(10);
    expect(shared[0].height).toBe(2.5);
    expect(horizonRects([null, 0, 0], { width: 10, height: 10 })).toEqual([]);
  });

  it('extent and change', () => {
    expect(extentOf([3, null, -2, 7])).toEqual([-2, 7]);
    expect(extentOf([null])).toBeNull();
    expect(rowValues([null, 5, 7, 2], 'change')).toEqual([null, 0, 2, -3]);
    expect(rowValues([5, 7], 'series')).toEqual([5, 7]);
  });
});
