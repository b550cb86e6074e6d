import { describe, expect, it } from 'vitest';
import { backgroundOf, getColorFormatters, getColorFunction, getOpacity, withAlpha } from './conditionalFormatting';

const values = [0, 10, 50, 100];

describe('conditional formatting colours', () => {
  it('scales opacity from the cut-off (0.05) to the extreme (1)', () => {
    expect(getOpacity(100, 50, 100)).toBe(1);
    expect(getOpacity(50, 50, 100)).toBe(0.05);
    expect(getOpacity(75, 50, 100)).toBe(0.53);
    expect(getOpacity(7, 7, 7)).toBe(1);
  });

  it('turns hex and rgb colours into rgba with the opacity', () => {
    expect(withAlpha('#ACE1C4', 0.5)).toBe('rgba(172,225,196,0.5)');
    expect(withAlpha('#fff', 1)).toBe('rgba(255,255,255,1)');
    expect(withAlpha('rgb(10, 20, 30)', 0.25)).toBe('rgba(10,20,30,0.25)');
    expect(withAlpha('colorError', 1)).toBe('rgba(239,161,170,1)');
  });

  it("'>' colours only values above the target, strongest at the column maximum", () => {
    const f = getColorFunction({ column: 'x', operator: '>', targetValue: 50, colorScheme: '#ff0000' }, values);
    expect(f(10)).toBeUndefined();
    expect(f(50)).toBeUndefined();
    expect(f(100)).toBe('rgba(255,0,0,1)');
    expect(f(75)).toBe('rgba(255,0,0,0.53)');
  });

  it("'<' and '≤' run towards the column minimum", () => {
    const lt = getColorFunction({ operator: '<', targetValue: 50, colorScheme: '#000000' }, values);
    expect(lt(0)).toBe('rgba(0,0,0,1)');
    expect(lt(50)).toBeUndefined();
    const le = getColorFunction({ operator: '≤', targetValue: 50, colorScheme: '#000000' }, values);
    expect(le(50)).toBe('rgba(0,0,0,0.05)');
  });

  it("'=' colours exact matches fully and '≠' everything else", () => {
    const eq = getColorFunction({ operator: '=', targetValue: 10, colorScheme: '#000000' }, values);
    expect(eq(10)).toBe('rgba(0,0,0,1)');
    expect(eq(11)).toBeUndefined();
    const ne = getColorFunction({ operator: '≠', targetValue: 10, colorScheme: '#000000' }, values);
    expect(ne(10)).toBeUndefined();
    expect(ne(100)).toBe('rgba(0,0,0,1)');
  });

  it('between operators respect their open and closed ends', () => {
    const open = getColorFunction({ operator: '< x <', targetValueLeft: 10, targetValueRight: 100, colorScheme: '#000000' }, values);
    expect(open(10)).toBeUndefined();
    expect(open(100)).toBeUndefined();
    expect(open(50)).toBe('rgba(0,0,0,0.47)');
    const closed = getColorFunction({ operator: '≤ x ≤', targetValueLeft: 10, targetValueRight: 100, colorScheme: '#000000' }, values);
    expect(closed(10)).toBe('rgba(0,0,0,0.05)');
    expect(closed(100)).toBe('rgba(0,0,0,1)');
  });

  it("'None' shades the whole column from transparent at its minimum", () => {
    const f = getColorFunction({ operator: 'None', colorScheme: '#000000' }, values);
    expect(f(0)).toBe('rgba(0,0,0,0)');
    expect(f(50)).toBe('rgba(0,0,0,0.5)');
    expect(f(100)).toBe('rgba(0,0,0,1)');
  });

  it('an incomplete rule or a non-numeric value colours nothing', () => {
    expect(getColorFunction({ operator: '>', colorScheme: '#000' }, values)(100)).toBeUndefined();
    expect(getColorFunction({ operator: '< x <', targetValueLeft: 1, colorScheme: '#000' }, values)(5)).toBeUndefined();
    expect(getColorFunction({ operator: '>', targetValue: 1 }, values)(5)).toBeUndefined();
    expect(getColorFunction({ operator: '>', targetValue: 1, colorScheme: '#000' }, values)(null)).toBeUndefined();
  });

  it('builds one formatter per usable rule and lets the last matching rule win', () => {
    const rules = [
      { column: 'x', operator: '>', targetValue: 0, colorScheme: '#ff0000' },
      { column: 'x', operator: '>', targetValue: 90, colorScheme: '#0000ff' },
      { column: 'y' },
      'junk',
    ];
    const fs = getColorFormatters(rules, () => values);
    expect(fs.map((f) => f.column)).toEqual(['x', 'x']);
    const getters = fs.map((f) => f.getColor);
    expect(backgroundOf(getters, 100)).toBe('rgba(0,0,255,1)');
    expect(backgroundOf(getters, 60)).toBe('rgba(255,0,0,0.62)');
    expect(getColorFormatters(undefined, () => values)).toEqual([]);
  });
});
