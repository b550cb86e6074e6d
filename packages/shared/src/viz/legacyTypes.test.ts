import { describe, expect, it } from 'vitest';
import { VIZ_DEFINITIONS } from './registry.js';
import { LEGACY_VIZ_TYPES, isKnownVizType, unknownVizTypeMessage } from './legacyTypes.js';

describe('legacy visualization types', () => {
  it('lists only keys the registry does not draw, each once', () => {
    expect(LEGACY_VIZ_TYPES.filter((k) => VIZ_DEFINITIONS.has(k))).toEqual([]);
    expect(new Set(LEGACY_VIZ_TYPES).size).toBe(LEGACY_VIZ_TYPES.length);
  });

  it('holds the NVD3, v1 and deck.gl keys exports still carry', () => {
    for (const key of ['area', 'bar', 'dist_bar', 'line', 'dual_line', 'line_multi', 'pivot_table', 'filter_box', 'deck_scatter'])
      expect(LEGACY_VIZ_TYPES).toContain(key);
  });

  it('knows every registry key and every legacy key, and nothing else', () => {
    for (const key of VIZ_DEFINITIONS.keys()) expect(isKnownVizType(key)).toBe(true);
    expect(isKnownVizType('dist_bar')).toBe(true);
    expect(isKnownVizType('no_such_chart')).toBe(false);
    expect(isKnownVizType('')).toBe(false);
    expect(isKnownVizType('Table')).toBe(false);
  });

  it('names the refused key in its message', () => {
    expect(unknownVizTypeMessage('sparkles')).toBe('"sparkles" is not a known visualization type.');
  });
});
