import { describe, expect, it } from 'vitest';
import type { VizMeta } from '@rama/shared';
import { ALL_CHARTS, RECENTLY_USED, categoryCounts, pushRecent, readRecent, visibleTypes } from './vizGallery';

let order = 0;
const meta = (key: string, name: string, category: VizMeta['category'], tags: string[] = []): VizMeta => ({
  key,
  order: (order += 10),
  name,
  category,
  description: `${name} chart`,
  tags,
});
const metas = [
  meta('table', 'Table', 'Table'),
  meta('pie', 'Pie Chart', 'Part of a Whole', ['circle']),
  meta('echarts_timeseries_line', 'Line Chart', 'Evolution'),
];

describe('viz type gallery', () => {
  it('keeps the six most recently used types, newest first, each once', () => {
    let recent: string[] = [];
    for (const v of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'c']) recent = pushRecent(recent, v);
    expect(recent).toEqual(['c', 'g', 'f', 'e', 'd', 'b']);
  });
  it('reads recent types defensively', () => {
    expect(readRecent({ getItem: () => 'not json' })).toEqual([]);
    expect(readRecent({ getItem: () => '["pie", 3]' })).toEqual(['pie']);
  });
  it('counts types per category, skipping empty categories', () => {
    expect(categoryCounts(metas, ['pie', 'gone'])).toEqual([
      [ALL_CHARTS, 3],
      [RECENTLY_USED, 1],
      ['Evolution', 1],
      ['Part of a Whole', 1],
      ['Table', 1],
    ]);
  });
  it('searches names and tags across categories', () => {
    expect(visibleTypes(metas, 'Table', 'circle', []).map((m) => m.key)).toEqual(['pie']);
    expect(visibleTypes(metas, 'Evolution', '', []).map((m) => m.key)).toEqual(['echarts_timeseries_line']);
    expect(visibleTypes(metas, RECENTLY_USED, '', ['pie', 'table']).map((m) => m.key)).toEqual(['pie', 'table']);
  });
});
