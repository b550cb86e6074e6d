import { describe, expect, it } from 'vitest';
import { categoryAxisLabel, categoryLabelLayout, legendLayout, textWidth } from './utils';

const AIRPORTS = ['ORD', 'DFW', 'ATL', 'LAX', 'PHX', 'STL', 'DTW', 'MSP', 'LAS', 'DEN'];
const MONTHS = Array.from({ length: 25 }, (_, i) => `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'][i % 6]} 20${9 + Math.floor(i / 12)}`);

describe('categoryLabelLayout', () => {
  it('labels all ten airports flat on a third of a 1440 px dashboard', () => {
    expect(categoryLabelLayout(AIRPORTS, 400)).toEqual({ interval: 0, rotate: 0, width: expect.any(Number) });
    expect(categoryLabelLayout(AIRPORTS, 400).width).toBeGreaterThanOrEqual(textWidth('ORD'));
  });

  it('keeps long labels flat, cut to the band with an ellipsis, while the band shows a readable part', () => {
    const names = ['Chicago O’Hare International', 'Dallas/Fort Worth International', 'Hartsfield–Jackson Atlanta'];
    const layout = categoryLabelLayout(names, 400);
    expect(layout.interval).toBe(0);
    expect(layout.rotate).toBe(0);
    expect(layout.width).toBeLessThanOrEqual(400 / 3 - 4);
    expect(categoryAxisLabel(layout)).toMatchObject({ overflow: 'truncate', ellipsis: '…', interval: 0 });
  });

  it('turns labels 45° when flat ones would collide but turned ones do not, still showing every label', () => {
    expect(categoryLabelLayout(MONTHS, 870)).toEqual({ interval: 0, rotate: 45, width: 140 });
  });

  it('stands labels upright before thinning them, and thins only when upright lines collide', () => {
    expect(categoryLabelLayout(MONTHS, 500)).toMatchObject({ interval: 0, rotate: 90 });
    // 8 px a label: every third one keeps upright lines 24 px apart
    expect(categoryLabelLayout(MONTHS, 200)).toMatchObject({ interval: 2, rotate: 90 });
    expect(categoryLabelLayout(MONTHS, 100)).toMatchObject({ interval: 4, rotate: 90 });
  });

  it('keeps a rotation the controls ask for and thins only as far as that rotation needs', () => {
    expect(categoryLabelLayout(MONTHS, 870, { rotate: -45 })).toMatchObject({ interval: 0, rotate: -45 });
    expect(categoryLabelLayout(MONTHS, 400, { rotate: -45 })).toMatchObject({ interval: 1, rotate: -45 });
    // flat as asked: every second month when a month name does not fit its band
    expect(categoryLabelLayout(MONTHS, 870, { rotate: 0 })).toMatchObject({ interval: 1, rotate: 0 });
  });

  it('stacks labels of a vertical axis and skips some only when lines would overlap', () => {
    expect(categoryLabelLayout(AIRPORTS, 300, { vertical: true })).toEqual({ interval: 0, rotate: 0, width: 140 });
    expect(categoryLabelLayout(MONTHS, 200, { vertical: true }).interval).toBe(1);
  });

  it('cuts labels at the largest width asked for', () => {
    const layout = categoryLabelLayout(['a very long category name indeed', 'b'], 800, { maxWidth: 80 });
    expect(layout).toEqual({ interval: 0, rotate: 0, width: 80 });
  });
});

describe('legendLayout', () => {
  const names = Array.from({ length: 30 }, (_, i) => `Series ${i + 1}`);

  it('wraps a plain legend on the right into more columns and keeps their room free', () => {
    const scroll = legendLayout({ legendOrientation: 'right', legendType: 'scroll' } as never, names, 960, 300);
    const plain = legendLayout({ legendOrientation: 'right', legendType: 'plain' } as never, names, 960, 300);
    expect(scroll.legend.type).toBe('scroll');
    expect(plain.legend.type).toBe('plain');
    expect(plain.padding.right).toBeGreaterThanOrEqual(3 * scroll.padding.right);
  });

  it('grows the room of a plain legend on top with the rows its names wrap into', () => {
    const one = legendLayout({ legendType: 'plain' } as never, names.slice(0, 2), 480, 320);
    const many = legendLayout({ legendType: 'plain' } as never, names, 480, 320);
    expect(many.padding.top).toBeGreaterThan(3 * one.padding.top);
  });
});
