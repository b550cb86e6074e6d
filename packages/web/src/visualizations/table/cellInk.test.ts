import { describe, expect, it } from 'vitest';
import { THEME_TOKENS } from '@rama/shared';
import { cellInk } from './cellInk';

describe('cellInk', () => {
  it('a strong light heat-map tint takes dark text in the dark look; faint tints and the light look keep the table ink', () => {
    expect(cellInk('rgba(168,230,201,0.95)', 'dark')).toBe(THEME_TOKENS.light.text);
    expect(cellInk('rgba(168,230,201,0.15)', 'dark')).toBeUndefined();
    expect(cellInk('rgba(168,230,201,0.95)', 'light')).toBeUndefined();
    expect(cellInk(undefined, 'dark')).toBeUndefined();
  });
});
