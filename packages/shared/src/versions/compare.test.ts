import { describe, expect, it } from 'vitest';
import { LINE_DIFF_MAX_CELLS, chartControlChanges, layoutChanges, layoutOf, lineDiff, sameJson } from './compare.js';

describe('the compare view', () => {
  it('lists changed controls with their values before and after', () => {
    const changes = chartControlChanges(
      '{"metric":"count","groupby":["a"],"viz_type":"pie"}',
      '{"metric":"sum","groupby":["a"],"viz_type":"bar"}',
    );
    expect(changes).toEqual([{ key: 'metric', label: 'metric', before: 'count', after: 'sum' }]);
    expect(chartControlChanges('{"groupby":["a"]}', '{"groupby":["b"]}')[0].label).toBe('dimensions');
  });

  it('reads a layout without its version key and lists the charts that moved', () => {
    const before = layoutOf(
      JSON.stringify({
        DASHBOARD_VERSION_KEY: 'v2',
        ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
        GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['CHART-x', 'CHART-y'] },
        'CHART-x': { type: 'CHART', id: 'CHART-x', children: [], meta: { chartId: 1, sliceName: 'X', width: 4, height: 50 } },
        'CHART-y': { type: 'CHART', id: 'CHART-y', children: [], meta: { chartId: 2, sliceName: 'Y', width: 4, height: 50 } },
      }),
    );
    expect(Object.keys(before)).not.toContain('DASHBOARD_VERSION_KEY');
    const after = { ...before, GRID_ID: { ...before.GRID_ID, children: ['CHART-y', 'CHART-x'] } };
    const c = layoutChanges(before, after);
    expect(c.moved.map((m) => m.name).sort()).toEqual(['X', 'Y']);
    expect(c.otherChanged).toBe(false);
    expect(layoutChanges(before, before)).toEqual({ added: [], removed: [], moved: [], resized: [], otherChanged: false });
  });

  it('diffs SQL line by line', () => {
    expect(lineDiff('SELECT a\nFROM t\nWHERE x = 1', 'SELECT a, b\nFROM t\nWHERE x = 1')).toEqual([
      { kind: 'removed', text: 'SELECT a' },
      { kind: 'added', text: 'SELECT a, b' },
      { kind: 'same', text: 'FROM t' },
      { kind: 'same', text: 'WHERE x = 1' },
    ]);
    expect(lineDiff(null, 'SELECT 1')).toEqual([{ kind: 'added', text: 'SELECT 1' }]);
  });

  it('stays bounded on huge texts (no table past the cell limit)', () => {
    const n = Math.ceil(Math.sqrt(LINE_DIFF_MAX_CELLS)) + 10;
    const a = Array.from({ length: n }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: n }, (_, i) => `b${i}`).join('\n');
    const d = lineDiff(a, b);
    expect(d.length).toBe(2 * n);
    expect(d[0].kind).toBe('removed');
    expect(d[n].kind).toBe('added');
  });

  it('compares JSON without regard to key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
  });
});
