import { describe, expect, it } from 'vitest';
import { tabsLayout } from './state/testLayouts';
import { activateTab, activeTabsParam, isInActiveTabs, parseActiveTabsParam, resolveActiveTabs, revealComponent } from './tabsState';

describe('active tabs (spec section 3 "Dashboard state": activeTabs, directPathToChild)', () => {
  const layout = tabsLayout();

  it('by default every tabs component shows its first tab', () => {
    expect(resolveActiveTabs(layout, [])).toEqual(['TAB-1', 'TAB-2a']);
  });

  it('wanted tabs win in their order; unknown ids are dropped', () => {
    expect(resolveActiveTabs(layout, ['TAB-2', 'TAB-2b', 'TAB-nope'])).toEqual(['TAB-2', 'TAB-2b']);
    expect(resolveActiveTabs(layout, ['TAB-1', 'TAB-2'])).toEqual(['TAB-1', 'TAB-2a']);
  });

  it('a click activates the tab in its container and keeps the others', () => {
    const active = activateTab(layout, ['TAB-1', 'TAB-2b'], 'TAB-2');
    expect(active).toEqual(['TAB-2', 'TAB-2b']);
  });

  it('revealing a component (anchor, focused chart) activates every tab on its path', () => {
    expect(revealComponent(layout, ['TAB-1', 'TAB-2a'], 'CHART-d')).toEqual(['TAB-2', 'TAB-2b']);
    expect(revealComponent(layout, ['TAB-1', 'TAB-2b'], 'TAB-2')).toEqual(['TAB-2', 'TAB-2b']);
    expect(revealComponent(layout, ['TAB-1'], 'NOPE')).toEqual(['TAB-1', 'TAB-2a']);
  });

  it('a component is shown only when every tab above it is active', () => {
    expect(isInActiveTabs(layout, ['TAB-1', 'TAB-2a'], 'CHART-a')).toBe(true);
    expect(isInActiveTabs(layout, ['TAB-1', 'TAB-2a'], 'CHART-c')).toBe(false);
    expect(isInActiveTabs(layout, ['TAB-2', 'TAB-2a'], 'CHART-c')).toBe(true);
  });

  it("the address names only the tabs that are not their container's first, and reads back", () => {
    expect(activeTabsParam(layout, ['TAB-1', 'TAB-2a'])).toBeNull();
    const param = activeTabsParam(layout, ['TAB-2', 'TAB-2b']);
    expect(param).toBe('TAB-2,TAB-2b');
    expect(resolveActiveTabs(layout, parseActiveTabsParam(param))).toEqual(['TAB-2', 'TAB-2b']);
    expect(parseActiveTabsParam('TAB-1,<script>, ,TAB_2')).toEqual(['TAB-1', 'TAB_2']);
  });
});
