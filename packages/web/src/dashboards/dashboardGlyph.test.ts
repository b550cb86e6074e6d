import { describe, expect, it } from 'vitest';
import { GLYPH_COLUMNS, GLYPH_ROWS, GLYPH_VARIANTS, dashboardGlyph, hashString, titleInitial, type GlyphTile } from './dashboardGlyph';

const overlaps = (a: GlyphTile, b: GlyphTile) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('dashboard card thumbnail glyph', () => {
  it('takes the first letter or digit of the title, in upper case', () => {
    expect(titleInitial('flights overview')).toBe('F');
    expect(titleInitial('[ untitled dashboard ]')).toBe('U');
    expect(titleInitial('  2024 sales')).toBe('2');
    expect(titleInitial('été')).toBe('É');
    expect(titleInitial('📈 — ')).toBe('#');
    expect(titleInitial('')).toBe('#');
  });

  it('is the same drawing for the same dashboard, whatever its title', () => {
    expect(dashboardGlyph('7', 'A').tiles).toEqual(dashboardGlyph('7', 'B').tiles);
    expect(dashboardGlyph('7', 'A').palette).toEqual(dashboardGlyph('7', 'B').palette);
    expect(dashboardGlyph('7', 'Sales').initial).toBe('S');
  });

  it('varies between dashboards: every layout and palette is used', () => {
    const layouts = new Set<string>();
    const palettes = new Set<string>();
    for (let id = 1; id <= 500; id++) {
      const glyph = dashboardGlyph(String(id), 'x');
      layouts.add(JSON.stringify(glyph.tiles));
      palettes.add(glyph.palette.accent);
    }
    expect(layouts.size).toBe(GLYPH_VARIANTS.layouts);
    expect(palettes.size).toBe(GLYPH_VARIANTS.palettes);
  });

  it('draws every layout inside the 12-column board, filling it without overlaps, with the initial in one of its tiles', () => {
    const seen = new Set<string>();
    for (let id = 1; seen.size < GLYPH_VARIANTS.layouts; id++) {
      const { tiles, accent } = dashboardGlyph(String(id), 'x');
      const key = JSON.stringify(tiles);
      if (seen.has(key)) continue;
      seen.add(key);
      expect(accent).toBeGreaterThanOrEqual(0);
      expect(accent).toBeLessThan(tiles.length);
      let area = 0;
      tiles.forEach((tile, i) => {
        expect(tile.x).toBeGreaterThanOrEqual(0);
        expect(tile.y).toBeGreaterThanOrEqual(0);
        expect(tile.x + tile.w).toBeLessThanOrEqual(GLYPH_COLUMNS);
        expect(tile.y + tile.h).toBeLessThanOrEqual(GLYPH_ROWS);
        area += tile.w * tile.h;
        tiles.slice(i + 1).forEach((other) => expect(overlaps(tile, other)).toBe(false));
      });
      expect(area).toBe(GLYPH_COLUMNS * GLYPH_ROWS);
    }
  });

  it('hashes strings stably (FNV-1a)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('a')).not.toBe(hashString('b'));
  });
});
