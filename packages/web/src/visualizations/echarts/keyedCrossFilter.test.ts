import { describe, expect, it } from 'vitest';
import { DIMMED_OPACITY } from '../crossFilter';
import { interactiveKeyedOption, keyedClickValues, keyedPointValues, type KeyedValues } from './keyedCrossFilter';

type AnyRecord = Record<string, unknown>;

const keyed: KeyedValues = {
  sea: [{ col: 'origin', val: 'SEA', formattedVal: 'SEA' }],
  lax: [{ col: 'origin', val: 'LAX', formattedVal: 'LAX' }],
  route: [
    { col: 'origin', val: 'SEA', formattedVal: 'SEA' },
    { col: 'destination', val: 'LAX', formattedVal: 'LAX' },
  ],
  adhoc: [],
};

describe('keyed cross-filters', () => {
  it('a click on an element filters on its values, labelled as shown; elements without columns do nothing', () => {
    expect(keyedClickValues(keyed, { data: { filterKey: 'route' } })).toEqual({ values: keyed.route, label: 'SEA, LAX' });
    expect(keyedClickValues(keyed, { data: { filterKey: 'adhoc' } })).toBeNull();
    expect(keyedClickValues(keyed, { data: { name: 'no key' } })).toBeNull();
    expect(keyedPointValues(keyed, { data: { filterKey: 'sea' } })).toEqual(keyed.sea);
  });

  it('dims nodes, links and nested children outside the selection', () => {
    const option = {
      series: [
        {
          type: 'graph',
          data: [
            { name: 'SEA', filterKey: 'sea' },
            { name: 'LAX', filterKey: 'lax', itemStyle: { color: '#123456' } },
          ],
          links: [{ source: 'SEA', target: 'LAX', filterKey: 'route' }],
        },
        { type: 'sunburst', data: [{ name: 'all', filterKey: 'adhoc', children: [{ name: 'LAX', filterKey: 'lax' }] }] },
      ],
    };
    const out = interactiveKeyedOption(option, keyed, { origin: ['SEA'] }, false) as { series: AnyRecord[]; animation: boolean };
    const [graph, sunburst] = out.series;
    expect((graph.data as AnyRecord[])[0].itemStyle).toBeUndefined();
    expect((graph.data as AnyRecord[])[1].itemStyle).toEqual({ color: '#123456', opacity: DIMMED_OPACITY });
    expect((graph.links as AnyRecord[])[0].lineStyle).toBeUndefined();
    const child = ((sunburst.data as AnyRecord[])[0].children as AnyRecord[])[0];
    expect(child.itemStyle).toEqual({ opacity: DIMMED_OPACITY });
    expect(out.animation).toBe(false);
  });
});
