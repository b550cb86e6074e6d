import { describe, expect, it } from 'vitest';
import type { DashboardLayout } from '../dashboards/types.js';
import {
  activeTabsFor,
  allTabsAnchor,
  anchorTabIds,
  dashboardTabChoices,
  invalidTabIds,
  invalidTabIdsMessage,
  isTabListAnchor,
  topLevelTabIds,
} from './tabs.js';

const item = (type: string, id: string, children: string[] = [], text?: string) => ({
  type,
  id,
  children,
  ...(text && { meta: { text } }),
});

/** ROOT > GRID > TABS[Overview, Details > TABS[Monthly, Daily]] */
const layout = {
  ROOT_ID: item('ROOT', 'ROOT_ID', ['GRID_ID']),
  GRID_ID: item('GRID', 'GRID_ID', ['TABS-top']),
  'TABS-top': item('TABS', 'TABS-top', ['TAB-overview', 'TAB-details']),
  'TAB-overview': item('TAB', 'TAB-overview', [], 'Overview'),
  'TAB-details': item('TAB', 'TAB-details', ['TABS-inner'], 'Details'),
  'TABS-inner': item('TABS', 'TABS-inner', ['TAB-monthly', 'TAB-daily']),
  'TAB-monthly': item('TAB', 'TAB-monthly', [], 'Monthly'),
  'TAB-daily': item('TAB', 'TAB-daily', []),
} as unknown as DashboardLayout;

describe('the tabs a dashboard report may capture', () => {
  it('lists every tab in page order, a nested one as "Parent ▸ Child" with its path', () => {
    expect(dashboardTabChoices(layout)).toEqual([
      { id: 'TAB-overview', label: 'Overview', path: ['TAB-overview'] },
      { id: 'TAB-details', label: 'Details', path: ['TAB-details'] },
      { id: 'TAB-monthly', label: 'Details ▸ Monthly', path: ['TAB-details', 'TAB-monthly'] },
      { id: 'TAB-daily', label: 'Details ▸ Untitled tab', path: ['TAB-details', 'TAB-daily'] },
    ]);
  });

  it('has no tabs to offer for a dashboard without tabs', () => {
    const flat = { ROOT_ID: item('ROOT', 'ROOT_ID', ['GRID_ID']), GRID_ID: item('GRID', 'GRID_ID') } as unknown as DashboardLayout;
    expect(dashboardTabChoices(flat)).toEqual([]);
    expect(allTabsAnchor(flat)).toBeNull();
  });

  it('means the top-level tabs by "all tabs", stored as a JSON list anchor', () => {
    expect(topLevelTabIds(layout)).toEqual(['TAB-overview', 'TAB-details']);
    const anchor = allTabsAnchor(layout);
    expect(anchor).toBe('["TAB-overview","TAB-details"]');
    expect(isTabListAnchor(anchor)).toBe(true);
    expect(anchorTabIds(anchor)).toEqual(['TAB-overview', 'TAB-details']);
  });

  it('reads a one-tab anchor as that tab, and opens it through its parents', () => {
    expect(anchorTabIds('TAB-monthly')).toEqual(['TAB-monthly']);
    expect(isTabListAnchor('TAB-monthly')).toBe(false);
    expect(anchorTabIds(null)).toEqual([]);
    expect(activeTabsFor(layout, 'TAB-monthly')).toEqual(['TAB-details', 'TAB-monthly']);
  });

  it('names the anchor and active tab ids the dashboard does not have', () => {
    expect(invalidTabIds(layout, { anchor: 'TAB-monthly', activeTabs: ['TAB-details', 'TAB-monthly'] })).toEqual([]);
    expect(invalidTabIds(layout, { anchor: '["TAB-overview","TAB-gone"]' })).toEqual(['TAB-gone']);
    expect(invalidTabIds(layout, { anchor: 'TAB-x', activeTabs: ['TAB-y'] })).toEqual(['TAB-y', 'TAB-x']);
    expect(invalidTabIds(layout, undefined)).toEqual([]);
    expect(invalidTabIdsMessage(['TAB-x'])).toBe('Invalid tab ids: TAB-x');
  });
});
