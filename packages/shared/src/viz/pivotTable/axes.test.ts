import { describe, expect, it } from 'vitest';
import { axisEntries, headerLevels, headersByEntry } from './axes.js';

const keys = [
  ['east', 'a'],
  ['east', 'b'],
  ['west', 'c'],
];
const brief = (es: ReturnType<typeof axisEntries>) => es.map((e) => `${e.kind}:${e.key.join('/')}`);

describe('pivot axes', () => {
  it('without subtotals or totals lists the leaves', () => {
    expect(brief(axisEntries(keys, 2, false, false))).toEqual(['leaf:east/a', 'leaf:east/b', 'leaf:west/c']);
  });

  it('adds a subtotal after each group and the total at the end', () => {
    expect(brief(axisEntries(keys, 2, true, true))).toEqual([
      'leaf:east/a',
      'leaf:east/b',
      'subtotal:east',
      'leaf:west/c',
      'subtotal:west',
      'total:',
    ]);
  });

  it('subtotals on top come before their group, outer groups first', () => {
    const deep = [
      ['x', 'p', '1'],
      ['x', 'q', '2'],
    ];
    expect(brief(axisEntries(deep, 3, true, false, true))).toEqual([
      'subtotal:x',
      'subtotal:x/p',
      'leaf:x/p/1',
      'subtotal:x/q',
      'leaf:x/q/2',
    ]);
    expect(brief(axisEntries(deep, 3, true, false))).toEqual(['leaf:x/p/1', 'subtotal:x/p', 'leaf:x/q/2', 'subtotal:x/q', 'subtotal:x']);
  });

  it('an axis without dimensions is one entry and gets no second total', () => {
    expect(brief(axisEntries([[]], 0, true, true))).toEqual(['leaf:']);
  });
});

describe('pivot header cells', () => {
  it('merges a group label over its leaves and its subtotal; the subtotal label reaches the innermost level', () => {
    const entries = axisEntries(keys, 2, true, true);
    const [outer, inner] = headerLevels(entries, 2);
    expect(outer.map((c) => [c.part, c.kind, c.span, c.depthSpan])).toEqual([
      ['east', 'leaf', 3, 1],
      ['west', 'leaf', 2, 1],
      [null, 'total', 1, 2],
    ]);
    expect(inner.map((c) => [c.part, c.kind, c.span, c.depthSpan])).toEqual([
      ['a', 'leaf', 1, 1],
      ['b', 'leaf', 1, 1],
      [null, 'subtotal', 1, 1],
      ['c', 'leaf', 1, 1],
      [null, 'subtotal', 1, 1],
    ]);
  });

  it('does not merge equal inner values of different groups', () => {
    const same = [
      ['east', 'a'],
      ['west', 'a'],
    ];
    const [, inner] = headerLevels(axisEntries(same, 2, false, false), 2);
    expect(inner.map((c) => c.span)).toEqual([1, 1]);
  });

  it('regroups row headers by the body row they start on', () => {
    const entries = axisEntries(keys, 2, false, true);
    const byRow = headersByEntry(headerLevels(entries, 2), entries.length);
    expect(byRow.map((cells) => cells.map((c) => c.part ?? c.kind))).toEqual([['east', 'a'], ['b'], ['west', 'c'], ['total']]);
    expect(byRow[0][0].span).toBe(2);
  });
});
