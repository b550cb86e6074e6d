import { describe, expect, it } from 'vitest';
import gridExport from './fixtures/bi-server-grid-export.json';
import tabsExport from './fixtures/bi-server-tabs-export.json';
import { emptyLayout, layoutFromTree, serializeLayout } from './layout.js';
import { MAX_LAYOUT_COMPONENTS, MAX_LAYOUT_DEPTH, MAX_POSITION_JSON_LENGTH } from './nesting.js';
import { POSITION_MESSAGES, validatePositionJson } from './validatePosition.js';
import { nestedTabs } from './fixtures/nestedTabs.js';

describe('spec 5 dashboard layout: a saved position_json is checked', () => {
  it('accepts the BI server exports as they are (version key, no parents, HEADER_ID, unused GRID_ID)', () => {
    expect(validatePositionJson(JSON.stringify(gridExport))).toEqual([]);
    expect(validatePositionJson(tabsExport)).toEqual([]);
    expect(validatePositionJson(serializeLayout(emptyLayout()))).toEqual([]);
  });

  it('refuses text that is not a JSON object', () => {
    expect(validatePositionJson('{')).toEqual([POSITION_MESSAGES.invalidJson]);
    expect(validatePositionJson('[]')).toEqual([POSITION_MESSAGES.notAnObject]);
    expect(validatePositionJson(null)).toEqual([POSITION_MESSAGES.notAnObject]);
  });

  it('needs a root holding one grid or tabs', () => {
    expect(validatePositionJson({ GRID_ID: { type: 'GRID', id: 'GRID_ID', children: [] } })).toEqual([POSITION_MESSAGES.noRoot]);
    const two = { ...emptyLayout(), ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID', 'GRID_ID'] } };
    expect(validatePositionJson(two)).toContain(POSITION_MESSAGES.rootChildren);
  });

  it('known types only; ids must match their keys; children must exist', () => {
    const layout = {
      ...emptyLayout(),
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1', 'W-1', 'ghost'] },
      'ROW-1': { type: 'ROW', id: 'ROW-2', children: [] },
      'W-1': { type: 'WIDGET', id: 'W-1', children: [] },
    };
    expect(validatePositionJson(layout)).toEqual([
      POSITION_MESSAGES.idMismatch('ROW-1'),
      POSITION_MESSAGES.unknownType('W-1', 'WIDGET'),
      POSITION_MESSAGES.missingChild('GRID_ID', 'W-1'),
      POSITION_MESSAGES.missingChild('GRID_ID', 'ghost'),
    ]);
  });

  it('spec 5: chart ids are integers from 1 to 65535', () => {
    const withChart = (chartId: unknown) =>
      validatePositionJson({
        ...emptyLayout(),
        GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'] },
        'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-1'] },
        'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], meta: { chartId, width: 4, height: 50 } },
      });
    expect(withChart(65535)).toEqual([]);
    for (const bad of [65536, 0, 2.5, '7', undefined]) expect(withChart(bad)).toEqual([POSITION_MESSAGES.badChartId('CHART-1')]);
  });

  it('spec 5: the nesting table is enforced, with depths', () => {
    const rowInRow = layoutFromTree({ type: 'GRID', children: [{ type: 'ROW', id: 'outer', children: [{ type: 'ROW', id: 'inner' }] }] });
    expect(validatePositionJson(rowInRow)).toEqual([POSITION_MESSAGES.badNesting('outer', 'ROW', 'inner', 'ROW')]);
    const tooDeep = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'ROW',
          children: [
            {
              type: 'COLUMN',
              children: [{ type: 'ROW', children: [{ type: 'COLUMN', id: 'c5', children: [{ type: 'ROW', id: 'r6' }] }] }],
            },
          ],
        },
      ],
    });
    expect(validatePositionJson(tooDeep)).toEqual([POSITION_MESSAGES.badNesting('c5', 'COLUMN', 'r6', 'ROW')]);
  });

  it('a component placed twice (or in a cycle) is refused', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        { type: 'ROW', id: 'a', children: [{ type: 'CHART', id: 'c', meta: { chartId: 1 } }] },
        { type: 'ROW', id: 'b' },
      ],
    });
    const twice = { ...layout, b: { ...layout.b, children: ['c'] } };
    expect(validatePositionJson(twice)).toEqual([POSITION_MESSAGES.placedTwice('c')]);
  });

  it('sizes: a 20,000-deep tabs chain (3 MB) is refused by its length, before parsing; as an object by its component count', () => {
    const text = JSON.stringify(nestedTabs(20_000));
    expect(text.length).toBeGreaterThan(MAX_POSITION_JSON_LENGTH);
    const start = performance.now();
    expect(validatePositionJson(text)).toEqual([POSITION_MESSAGES.tooLong]);
    expect(validatePositionJson(nestedTabs(20_000))).toEqual([POSITION_MESSAGES.tooManyComponents]);
    expect(performance.now() - start).toBeLessThan(200);
    expect(POSITION_MESSAGES.tooManyComponents).toBe('The layout has more than 5,000 components, the limit');
    // the version key is not a component
    const full = nestedTabs((MAX_LAYOUT_COMPONENTS - 2) / 2);
    expect(validatePositionJson({ DASHBOARD_VERSION_KEY: 'v2', ...full })).not.toContain(POSITION_MESSAGES.tooManyComponents);
  });

  it(`sizes: components at most ${MAX_LAYOUT_DEPTH} levels below the root; a 4,000-deep chain under 2 MB is refused once`, () => {
    // grid at level 1, each pair adds two: 14 pairs end at level 29, 15 at level 31
    expect(validatePositionJson(nestedTabs(14))).toEqual([]);
    const tab29 = nestedTabs(14);
    tab29['TAB-13'].children = ['H'];
    tab29.H = { type: 'HEADER', id: 'H', children: [] };
    expect(validatePositionJson(tab29)).toEqual([]);
    // TABS-14 sits at level 30: its tab would be at 31
    expect(validatePositionJson(nestedTabs(15))).toEqual([POSITION_MESSAGES.tooDeep('TABS-14')]);
    const deep = JSON.stringify(nestedTabs(2_000));
    expect(deep.length).toBeLessThan(MAX_POSITION_JSON_LENGTH);
    expect(validatePositionJson(deep)).toEqual([POSITION_MESSAGES.tooDeep('TABS-14')]);
  });
});
