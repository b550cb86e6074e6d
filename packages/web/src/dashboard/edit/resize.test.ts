import { describe, expect, it } from 'vitest';
import { heightUnitsFromPixels, widthSnapPoints, widthUnitsFromPixels } from './resize';

// a 1376 px grid: 100 px columns and 16 px gutters
const COL = 100;

describe('resize snapping (spec section 9: 12 grid columns, grid unit 8)', () => {
  it('a width handle stops at whole columns with their gutters', () => {
    expect(widthSnapPoints(COL)).toEqual([100, 216, 332, 448, 564, 680, 796, 912, 1028, 1144, 1260, 1376]);
    expect(widthSnapPoints(COL, 2, 4)).toEqual([216, 332, 448]);
  });

  it('a pixel width becomes the nearest whole number of columns', () => {
    expect(widthUnitsFromPixels(448, COL, 1, 12)).toBe(4);
    expect(widthUnitsFromPixels(500, COL, 1, 12)).toBe(4);
    expect(widthUnitsFromPixels(510, COL, 1, 12)).toBe(5);
  });

  it('never below one column (or the minimum) nor beyond the free width of the row', () => {
    expect(widthUnitsFromPixels(10, COL, 1, 12)).toBe(1);
    expect(widthUnitsFromPixels(1376, COL, 1, 6)).toBe(6);
    expect(widthUnitsFromPixels(100, COL, 3, 12)).toBe(3);
  });

  it('a pixel height becomes 8 px units, between 5 and 100 units', () => {
    expect(heightUnitsFromPixels(400)).toBe(50);
    expect(heightUnitsFromPixels(403)).toBe(50);
    expect(heightUnitsFromPixels(405)).toBe(51);
    expect(heightUnitsFromPixels(8)).toBe(5);
    expect(heightUnitsFromPixels(5000)).toBe(100);
  });
});
