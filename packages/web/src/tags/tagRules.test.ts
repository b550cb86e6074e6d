import { describe, expect, it } from 'vitest';
import { NO_CHART_FILTERS, chartListFilters } from '../charts/chartList';
import { NO_DASHBOARD_FILTERS, dashboardListFilters } from '../dashboards/dashboardList';
import { cleanTagNames, objectCounts, tagChanges, type TaggedObject } from './tagRules';

describe('tag select rules', () => {
  it('keeps trimmed, distinct, non-empty names in order', () => {
    expect(cleanTagNames([' sales', 'sales', '', '  ', 'ops ', 'x'.repeat(251)])).toEqual(['sales', 'ops']);
  });

  it('turns a select change into the tags to add and to remove', () => {
    expect(tagChanges(['a', 'b'], ['b', 'c', ' c'])).toEqual({ add: ['c'], remove: ['a'] });
    expect(tagChanges([], [])).toEqual({ add: [], remove: [] });
    expect(tagChanges(['a'], ['a'])).toEqual({ add: [], remove: [] });
  });
});

describe('tag object counts', () => {
  it('counts every object a tag is on, across types', () => {
    const obj = (id: number, type: TaggedObject['type'], tagIds: number[]): TaggedObject => ({
      id,
      type,
      name: `o${id}`,
      url: '/',
      changed_on: '',
      creator: '',
      tags: tagIds.map((t) => ({ id: t, name: `t${t}`, type: 1 })),
    });
    const counts = objectCounts([obj(1, 'chart', [7, 8]), obj(1, 'dashboard', [7]), obj(2, 'chart', [])]);
    expect(counts.get(7)).toBe(2);
    expect(counts.get(8)).toBe(1);
    expect(counts.has(9)).toBe(false);
  });
});

describe('list filters by tag', () => {
  it('filters the chart list by tag id with the peer operator chart_tag_id on column tags', () => {
    expect(chartListFilters({ ...NO_CHART_FILTERS, tagId: 7 })).toEqual([{ col: 'tags', opr: 'chart_tag_id', value: 7 }]);
    expect(chartListFilters(NO_CHART_FILTERS)).toEqual([]);
  });

  it('filters the dashboard list by tag id with dashboard_tag_id', () => {
    expect(dashboardListFilters({ ...NO_DASHBOARD_FILTERS, tagId: 3 })).toEqual([{ col: 'tags', opr: 'dashboard_tag_id', value: 3 }]);
    expect(dashboardListFilters(NO_DASHBOARD_FILTERS)).toEqual([]);
  });
});
