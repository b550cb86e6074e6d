import { describe, expect, it } from 'vitest';
import { chartAreaSize, gridColumnWidth, heightInPixels, widthInPixels } from './gridGeometry';

describe('grid geometry (spec section 9 "Layout": 12 grid columns, grid unit 8)', () => {
  it('a column is the grid width less 11 gutters of 16 px, over 12', () => {
    expect(gridColumnWidth(1376)).toBeCloseTo((1376 - 11 * 16) / 12);
    expect(gridColumnWidth(100)).toBe(0);
  });
  it('a component w columns wide spans w columns and the w − 1 gutters between them', () => {
    const col = gridColumnWidth(1376); // 100 px
    expect(col).toBe(100);
    expect(widthInPixels(4, col)).toBe(4 * 100 + 3 * 16);
    expect(widthInPixels(12, col)).toBe(1376);
    expect(widthInPixels(1, col)).toBe(100);
  });
  it('three charts of width 4 and their two gutters fill the grid exactly', () => {
    const col = gridColumnWidth(1200);
    expect(3 * widthInPixels(4, col) + 2 * 16).toBeLessThanOrEqual(1200);
    expect(3 * widthInPixels(4, col) + 2 * 16).toBeGreaterThan(1197);
  });
  it('heights are in 8 px units (default chart height 50 → 400 px)', () => {
    expect(heightInPixels(50)).toBe(400);
    expect(heightInPixels(-1)).toBe(0);
  });
  it('the drawing area leaves room for the card padding and title, never below zero', () => {
    expect(chartAreaSize({ width: 400, height: 400 })).toEqual({ width: 376, height: 344 });
    expect(chartAreaSize({ width: 10, height: 10 })).toEqual({ width: 0, height: 0 });
  });
});
