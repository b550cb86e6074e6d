import { describe, expect, it } from 'vitest';
import { CATEGORICAL_SCHEMES } from '../colors/schemes.js';
import { AA_TEXT, bestInk, contrastRatio, lightenForContrast, parseColor } from './contrast.js';
import { darkPaletteColor, resolveTheme, TEXT_PAIRS, THEME_TOKENS } from './theme.js';

describe('WCAG contrast', () => {
  it('matches the published ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // WebAIM's checker: #777777 on white is 4.48:1, just short of AA
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('rgb(0, 0, 255)', '#fff')).toBeCloseTo(8.59, 2);
    expect(contrastRatio('#ffffff', '#777')).toBe(contrastRatio('#777', '#ffffff'));
  });

  it('reads hex and rgb() colours and refuses anything else', () => {
    expect(parseColor('#1F7A8C')).toEqual([31, 122, 140]);
    expect(parseColor('rgba(31, 122, 140, 0.5)')).toEqual([31, 122, 140]);
    expect(parseColor('red')).toBeNull();
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
    expect(contrastRatio('red', '#fff')).toBeNaN();
  });

  it('lightens a colour on a dark background until it reaches the ratio, keeping colours that already do', () => {
    const bg = THEME_TOKENS.dark.surface;
    const tuned = lightenForContrast('#454E7C', bg, AA_TEXT);
    expect(contrastRatio('#454E7C', bg)).toBeLessThan(AA_TEXT);
    expect(contrastRatio(tuned, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    // still a blue: blue channel the largest
    const [r, g, b] = parseColor(tuned)!;
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    expect(lightenForContrast('#FCC700', bg, AA_TEXT)).toBe('#FCC700');
  });
});

describe('theme tokens meet WCAG AA', () => {
  for (const mode of ['light', 'dark'] as const) {
    it.each(TEXT_PAIRS.map(([fg, bg]) => [fg, bg]))(`${mode}: %s on %s is at least 4.5:1`, (fg, bg) => {
      const tokens = THEME_TOKENS[mode];
      expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(AA_TEXT);
    });
  }
});

describe('chart palettes in the dark look', () => {
  it('every colour of every categorical scheme reads as a label on the dark chart surface', () => {
    const failures: string[] = [];
    for (const scheme of CATEGORICAL_SCHEMES) {
      for (const color of scheme.colors) {
        const ratio = contrastRatio(darkPaletteColor(color), THEME_TOKENS.dark.surface);
        if (!(ratio >= AA_TEXT)) failures.push(`${scheme.id} ${color}: ${ratio.toFixed(2)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps the palette recognisable: bright colours unchanged, dark ones lifted, order kept', () => {
    expect(darkPaletteColor('#FCC700')).toBe('#FCC700');
    expect(darkPaletteColor('#454E7C')).not.toBe('#454E7C');
    expect(darkPaletteColor('not a colour')).toBe('not a colour');
  });

  it('the chart text and the axis labels read on the dark chart surface', () => {
    expect(contrastRatio(THEME_TOKENS.dark['chart-text'], THEME_TOKENS.dark.surface)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('resolveTheme', () => {
  it('follows the system by default choice, an explicit choice otherwise', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('a forced look (report capture, dashboard custom CSS) wins over the choice', () => {
    expect(resolveTheme('dark', true, 'light')).toBe('light');
    expect(resolveTheme('system', true, 'light')).toBe('light');
  });
});

describe('bestInk', () => {
  const dark = THEME_TOKENS.dark;
  const inks = [dark.text, THEME_TOKENS.light.text];
  it('a strong light tint over the dark surface takes dark text, a faint one keeps light text', () => {
    expect(bestInk('rgba(168,230,201,0.9)', dark.surface, inks)).toBe(THEME_TOKENS.light.text);
    expect(bestInk('rgba(168,230,201,0.1)', dark.surface, inks)).toBe(dark.text);
    expect(bestInk('#ffffff', dark.surface, inks)).toBe(THEME_TOKENS.light.text);
  });
  it('reads nothing it does not understand', () => {
    expect(bestInk('linear-gradient(red, blue)', dark.surface, inks)).toBeNull();
  });
});
