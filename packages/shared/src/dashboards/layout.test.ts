import { describe, expect, it } from 'vitest';
import gridExport from './fixtures/bi-server-grid-export.json';
import tabsExport from './fixtures/bi-server-tabs-export.json';
import {
  chartIdsInLayout,
  componentDepth,
  descendantIds,
  emptyLayout,
  layoutChartsByComponent,
  layoutFromTree,
  newComponent,
  newComponentId,
  parentIdOf,
  parsePositionJson,
  serializeLayout,
  toChartId,
} from './layout.js';
import { validatePositionJson } from './validatePosition.js';
import { MAX_LAYOUT_DEPTH } from './nesting.js';
import { nestedTabs } from './fixtures/nestedTabs.js';
import { DASHBOARD_VERSION_KEY, GRID_ID, HEADER_ID, ROOT_ID, type DashboardLayout } from './types.js';

const charts = (...ids: number[]) => ids.map((id) => ({ id, slice_name: `Chart ${id}` }));

describe('spec 3 layout component: new components', () => {
  it('ids are TYPE-<10 random characters> and do not repeat', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newComponentId('CHART')));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^CHART-[0-9a-z]{10}$/);
  });

  it("spec 9: a new header reads 'New header' (medium, transparent); a new tab 'Tab title'", () => {
    expect(newComponent('HEADER').meta).toEqual({ text: 'New header', headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' });
    expect(newComponent('TAB').meta?.text).toBe('Tab title');
  });

  it('spec 9: charts and markdown are 4 columns wide and 50 grid units (8 px) high; a column is 4 wide', () => {
    expect(newComponent('CHART', { chartId: 3 }).meta).toEqual({ width: 4, height: 50, chartId: 3 });
    expect(newComponent('MARKDOWN').meta).toEqual({ width: 4, height: 50, code: '' });
    expect(newComponent('COLUMN').meta).toEqual({ width: 4, background: 'BACKGROUND_TRANSPARENT' });
    expect(newComponent('ROW').meta).toEqual({ background: 'BACKGROUND_TRANSPARENT' });
  });

  it('a new tabs component has no tab until it is dropped', () => {
    expect(newComponent('TABS').children).toEqual([]);
  });

  it('the empty layout is the root holding an empty grid', () => {
    const layout = emptyLayout();
    expect(layout[ROOT_ID].children).toEqual([GRID_ID]);
    expect(layout[GRID_ID]).toEqual({ type: 'GRID', id: GRID_ID, children: [], parents: [ROOT_ID] });
  });
});

describe('parsePositionJson: the BI server export', () => {
  it('reads a v2 grid export: version key dropped, HEADER_ID kept, every component reachable with parents rebuilt', () => {
    const layout = parsePositionJson(JSON.stringify(gridExport));
    expect(layout[DASHBOARD_VERSION_KEY]).toBeUndefined();
    expect(layout[HEADER_ID].meta?.text).toBe("World Bank's Data");
    expect(Object.keys(layout).sort()).toEqual(
      Object.keys(gridExport)
        .filter((k) => k !== DASHBOARD_VERSION_KEY)
        .sort(),
    );
    expect(layout['CHART-hI9jK1'].parents).toEqual([ROOT_ID, GRID_ID, 'ROW-cD4fG6', 'COLUMN-dE5fG7', 'ROW-gH8iJ0']);
    expect(layout['CHART-vW3xY4'].meta).toMatchObject({ chartId: 102, width: 5, height: 52, sliceNameOverride: 'Population' });
    expect(validatePositionJson(serializeLayout(layout))).toEqual([]);
  });

  it('reads a top-level tabs export with nested tabs; the unused GRID_ID the BI server leaves behind is dropped', () => {
    const layout = parsePositionJson(JSON.stringify(tabsExport));
    expect(layout[ROOT_ID].children).toEqual(['TABS-lV0r00f4H1']);
    expect(layout[GRID_ID]).toBeUndefined();
    expect(layout['TAB-z81Q87PD7'].meta?.text).toBe('Nested Tab 1');
    expect(chartIdsInLayout(layout)).toEqual([201, 202, 203]);
    expect(componentDepth(layout, 'CHART-4JX2eHjZv')).toBe(3);
  });

  it('round-trips: serialize then parse gives the same layout', () => {
    const layout = parsePositionJson(JSON.stringify(gridExport));
    expect(parsePositionJson(serializeLayout(layout))).toEqual(layout);
  });

  it('accepts the parsed object as well as the text', () => {
    expect(parsePositionJson(gridExport as unknown as Record<string, unknown>)).toEqual(parsePositionJson(JSON.stringify(gridExport)));
  });
});

describe('parsePositionJson: repairs and never throws', () => {
  it.each([null, undefined, '', '   ', 'not json', '[1,2]', '42', '"text"', '{"ROOT_ID": 5}'])(
    'garbage %j gives the empty layout',
    (text) => {
      expect(parsePositionJson(text as string)).toEqual(emptyLayout());
    },
  );

  it('unknown types, non-objects and charts without a valid id are dropped, and so is what only they held', () => {
    const layout = parsePositionJson(
      JSON.stringify({
        ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
        GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1', 'WIDGET-1', 'ROW-2'] },
        'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-ok', 'CHART-big', 'CHART-none', 'ghost'] },
        'CHART-ok': { type: 'CHART', id: 'CHART-ok', children: [], meta: { chartId: '12', width: 'wide' } },
        'CHART-big': { type: 'CHART', id: 'CHART-big', children: [], meta: { chartId: 70000 } },
        'CHART-none': { type: 'CHART', id: 'CHART-none', children: [] },
        'WIDGET-1': { type: 'WIDGET', id: 'WIDGET-1', children: ['CHART-inside'] },
        'CHART-inside': { type: 'CHART', id: 'CHART-inside', children: [], meta: { chartId: 5 } },
        'ROW-2': 'oops',
      }),
    );
    expect(layout[GRID_ID].children).toEqual(['ROW-1']);
    expect(layout['ROW-1'].children).toEqual(['CHART-ok']);
    expect(layout['CHART-ok'].meta).toMatchObject({ chartId: 12, width: 4, height: 50 });
    expect(layout['CHART-inside']).toBeUndefined();
  });

  it('children that break the nesting table, cycles and second placements are cut', () => {
    const layout = parsePositionJson({
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-a', 'ROW-b'] },
      'ROW-a': { type: 'ROW', id: 'ROW-a', children: ['ROW-b', 'CHART-1'] },
      'ROW-b': { type: 'ROW', id: 'ROW-b', children: ['CHART-1', 'GRID_ID'] },
      'CHART-1': { type: 'CHART', id: 'CHART-1', children: ['ROW-a'], meta: { chartId: 1 } },
    });
    expect(layout['ROW-a'].children).toEqual(['CHART-1']);
    expect(layout['ROW-b'].children).toEqual([]);
    expect(layout['CHART-1'].children).toEqual([]);
  });

  it('a layout without root or grid (hand-written) gets them, holding the components that hang from nothing', () => {
    const layout = parsePositionJson({
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      'ROW-0': { type: 'ROW', id: 'ROW-0', children: ['CHART-7'], parents: ['ROOT_ID', 'GRID_ID'] },
      'CHART-7': { type: 'CHART', id: 'CHART-7', children: [], meta: { chartId: 7, width: 6, height: 50 } },
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: [] },
    });
    expect(layout[GRID_ID].children).toEqual(['ROW-0', 'ROW-1']);
    expect(chartIdsInLayout(layout)).toEqual([7]);
  });

  it('keys win over stored ids, and __proto__ keys are ignored', () => {
    const layout = parsePositionJson(
      '{"ROOT_ID":{"type":"ROOT","id":"x","children":["GRID_ID"]},"GRID_ID":{"type":"GRID","id":"y","children":[]},"__proto__":{"type":"ROW","id":"p","children":[]}}',
    );
    expect(layout[ROOT_ID].id).toBe(ROOT_ID);
    expect(layout[GRID_ID].id).toBe(GRID_ID);
    expect(Object.getPrototypeOf(layout)).toBe(Object.prototype);
  });

  it('top-level tabs left without a tab fall back to the grid', () => {
    const layout = parsePositionJson({
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-1'] },
      'TABS-1': { type: 'TABS', id: 'TABS-1', children: ['nothing'] },
    });
    expect(layout[ROOT_ID].children).toEqual([GRID_ID]);
    expect(layout['TABS-1']).toBeUndefined();
  });
});

describe('parsePositionJson: charts added from Explore', () => {
  it('charts missing from the layout are appended to the grid in rows of three charts of width 4', () => {
    const layout = parsePositionJson(null, charts(1, 2, 3, 4));
    const rows = layout[GRID_ID].children;
    expect(rows).toHaveLength(2);
    expect(layout[rows[0]].children.map((id) => layout[id].meta?.chartId)).toEqual([1, 2, 3]);
    expect(layout[rows[1]].children).toEqual(['CHART-explore-4-1']);
    expect(layout['CHART-explore-4-1'].meta).toEqual({ chartId: 4, width: 4, height: 50, sliceName: 'Chart 4' });
    expect(layout['CHART-explore-4-1'].parents).toEqual([ROOT_ID, GRID_ID, rows[1]]);
  });

  it('they go after the existing content, or into the first top-level tab', () => {
    const grid = parsePositionJson(JSON.stringify(gridExport), charts(101, 300));
    expect(grid[GRID_ID].children.slice(0, 5)).toEqual(gridExport.GRID_ID.children);
    const added = grid[GRID_ID].children[5];
    expect(grid[added].children).toEqual(['CHART-explore-300-1']);
    const tabbed = parsePositionJson(JSON.stringify(tabsExport), charts(300));
    expect(parentIdOf(tabbed, parentIdOf(tabbed, 'CHART-explore-300-1') as string)).toBe('TAB-NF3dlrWGS');
  });

  it('the names of charts already placed are refreshed from the chart list', () => {
    const layout = parsePositionJson(JSON.stringify(gridExport), [{ id: 101, slice_name: 'Renamed', uuid: 'u-101' }]);
    expect(layout['CHART-rS1tU2'].meta).toMatchObject({ sliceName: 'Renamed', uuid: 'u-101' });
  });
});

describe('layout lookups', () => {
  const layout: DashboardLayout = layoutFromTree({
    type: 'GRID',
    children: [
      {
        type: 'ROW',
        id: 'r',
        children: [
          { type: 'CHART', id: 'a', meta: { chartId: 9 } },
          { type: 'CHART', id: 'b', meta: { chartId: 3 } },
        ],
      },
      { type: 'ROW', id: 's', children: [{ type: 'CHART', id: 'c', meta: { chartId: 9 } }] },
    ],
  });

  it('chartIdsInLayout lists each placed chart once in layout order', () => {
    expect(chartIdsInLayout(layout)).toEqual([9, 3]);
    expect(chartIdsInLayout({ ...layout, lost: { type: 'CHART', id: 'lost', children: [], meta: { chartId: 44 } } })).toEqual([9, 3]);
  });

  it('layoutChartsByComponent maps a chart id to its first component', () => {
    expect([...layoutChartsByComponent(layout)]).toEqual([
      [9, 'a'],
      [3, 'b'],
    ]);
  });

  it('parentIdOf, descendantIds and componentDepth are available from the layout module', () => {
    expect(parentIdOf(layout, 'c')).toBe('s');
    expect(descendantIds(layout, 'r')).toEqual(['a', 'b']);
    expect(componentDepth(layout, 'a')).toBe(3);
  });

  it('serializeLayout writes the version key the BI server expects', () => {
    expect(JSON.parse(serializeLayout(layout))).toMatchObject({ DASHBOARD_VERSION_KEY: 'v2', ROOT_ID: layout[ROOT_ID] });
  });

  it('spec 5: chart ids are integers from 1 to 65535', () => {
    expect(toChartId(1)).toBe(1);
    expect(toChartId(65535)).toBe(65535);
    expect(toChartId('17')).toBe(17);
    expect([0, 65536, 1.5, -3, '1e3', null, 'x'].map(toChartId)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('deep layouts stored before the size limits', () => {
  it('a 50,000-deep tabs chain is read without recursion, cut at the depth limit, and serialized small', () => {
    const start = performance.now();
    const layout = parsePositionJson(JSON.stringify(nestedTabs(25_000)));
    const text = serializeLayout(layout);
    expect(performance.now() - start).toBeLessThan(2_000);
    // root, grid and the tabs and tabs down to level 30
    expect(Object.keys(layout)).toHaveLength(MAX_LAYOUT_DEPTH + 1);
    expect(Math.max(...Object.values(layout).map((c) => c.parents?.length ?? 0))).toBe(MAX_LAYOUT_DEPTH);
    expect(text.length).toBeLessThan(50_000);
    expect(validatePositionJson(text)).toEqual([]);
    expect(descendantIds(layout, ROOT_ID)).toHaveLength(MAX_LAYOUT_DEPTH);
    expect(chartIdsInLayout(layout)).toEqual([]);
  });
});
