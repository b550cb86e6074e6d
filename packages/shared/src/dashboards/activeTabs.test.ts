import { describe, expect, it } from 'vitest';
import tabsExport from './fixtures/bi-server-tabs-export.json';
import { activeTabsForComponent, defaultActiveTabs, pathToComponent } from './activeTabs.js';
import { layoutFromTree, parsePositionJson } from './layout.js';

const layout = parsePositionJson(JSON.stringify(tabsExport));

describe('spec 3 dashboard state: active tabs', () => {
  it('by default the first tab of every tabs a viewer reaches is active', () => {
    expect(defaultActiveTabs(layout)).toEqual(['TAB-NF3dlrWGS']);
    const open = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'TABS',
          id: 'a',
          children: [
            {
              type: 'TAB',
              id: 'a1',
              children: [
                {
                  type: 'TABS',
                  id: 'b',
                  children: [
                    { type: 'TAB', id: 'b1' },
                    { type: 'TAB', id: 'b2' },
                  ],
                },
              ],
            },
          ],
        },
        { type: 'TABS', id: 'c', children: [{ type: 'TAB', id: 'c1' }] },
      ],
    });
    expect(defaultActiveTabs(open)).toEqual(['a1', 'b1', 'c1']);
    expect(defaultActiveTabs(layoutFromTree({ type: 'GRID' }))).toEqual([]);
  });

  it('the path to a component runs from ROOT_ID (directPathToChild)', () => {
    expect(pathToComponent(layout, 'CHART-8vBvzT3Yx')).toEqual([
      'ROOT_ID',
      'TABS-lV0r00f4H1',
      'TAB-gcQJxApOZS',
      'TABS-CSjo6VfNrj',
      'TAB-EcNm_wh922',
      'ROW-LCjsdSetJ',
      'CHART-8vBvzT3Yx',
    ]);
    expect(pathToComponent(layout, 'nope')).toEqual([]);
  });

  it('revealing a chart activates the tabs on its path, replacing their siblings and keeping other choices', () => {
    expect(activeTabsForComponent(layout, 'CHART-8vBvzT3Yx')).toEqual(['TAB-gcQJxApOZS', 'TAB-EcNm_wh922']);
    expect(activeTabsForComponent(layout, 'CHART-dxSxLbzKd', ['TAB-gcQJxApOZS', 'TAB-z81Q87PD7'])).toEqual([
      'TAB-z81Q87PD7',
      'TAB-NF3dlrWGS',
    ]);
    expect(activeTabsForComponent(layout, 'TAB-EcNm_wh922', [])).toEqual(['TAB-gcQJxApOZS', 'TAB-EcNm_wh922']);
  });
});
