import { describe, expect, it } from 'vitest';
import {
  CATEGORICAL_SCHEMES,
  CategoricalColorScale,
  DEFAULT_SEQUENTIAL_SCHEME,
  SEQUENTIAL_SCHEMES,
  getCategoricalScheme,
  getSequentialScheme,
  sequentialColor,
} from './index.js';

describe('Colour schemes keep the BI server ids so saved charts keep their colours', () => {
  it('has every categorical and sequential id a saved chart may name, with distinct valid colours', () => {
    const ids = CATEGORICAL_SCHEMES.map((s) => s.id);
    for (const id of ['supersetColors', 'bnbColors', 'googleCategory10c', 'googleCategory20c', 'd3Category10', 'd3Category20']) {
      expect(ids).toContain(id);
    }
    expect(SEQUENTIAL_SCHEMES.map((s) => s.id)).toEqual(
      expect.arrayContaining(['fire', 'schemeRdYlGn', 'superset_seq_1', 'superset_seq_2']),
    );
    for (const s of [...CATEGORICAL_SCHEMES, ...SEQUENTIAL_SCHEMES]) {
      expect(s.colors.every((c) => /^#[0-9a-f]{6}$/i.test(c))).toBe(true);
      expect(new Set(s.colors.map((c) => c.toLowerCase())).size).toBe(s.colors.length);
    }
  });

  it('an unknown scheme falls back to the default', () => {
    expect(getCategoricalScheme('nope').id).toBe('supersetColors');
    expect(getCategoricalScheme(null).colors.slice(0, 3)).toEqual(['#1FA8C9', '#454E7C', '#5AC189']);
    expect(getSequentialScheme(undefined).id).toBe(DEFAULT_SEQUENTIAL_SCHEME);
    expect(getCategoricalScheme('d3Category10').colors[0]).toBe('#1f77b4');
  });
});

describe('CategoricalColorScale', () => {
  it('gives the same label the same colour, new labels the next colour in order', () => {
    const scale = new CategoricalColorScale('d3Category10');
    expect(scale.getColor('boys')).toBe('#1f77b4');
    expect(scale.getColor('girls')).toBe('#ff7f0e');
    expect(scale.getColor('boys')).toBe('#1f77b4');
    expect(scale.getColorMap()).toEqual({ boys: '#1f77b4', girls: '#ff7f0e' });
  });

  it('wraps round when the scheme runs out of colours', () => {
    const scale = new CategoricalColorScale('googleCategory10c');
    const colors = Array.from({ length: 11 }, (_, i) => scale.getColor(`s${i}`));
    expect(colors[10]).toBe(colors[0]);
    expect(new Set(colors.slice(0, 10)).size).toBe(10);
  });

  it("a forced colour (the dashboard's label_colors) wins and does not use up a scheme colour", () => {
    const scale = new CategoricalColorScale('d3Category10', { girls: '#123456' });
    expect(scale.getColor('girls')).toBe('#123456');
    expect(scale.getColor('boys')).toBe('#1f77b4');
  });
});

describe('sequentialColor', () => {
  it('interpolates linearly between the stops; the ends are the first and last stops', () => {
    expect(sequentialColor('white_black', 0)).toBe('#ffffff');
    expect(sequentialColor('white_black', 1)).toBe('#000000');
    expect(sequentialColor('white_black', 0.5)).toBe('#808080');
    expect(sequentialColor('fire', 1 / 3)).toBe('#ffff00');
    expect(sequentialColor('black_white', 2)).toBe('#ffffff');
    expect(sequentialColor('black_white', Number.NaN)).toBe('#000000');
  });
});
