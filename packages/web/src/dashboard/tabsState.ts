/**
 * Which tab of every tabs container is shown (spec section 3 "Dashboard state": activeTabs,
 * directPathToChild): one TAB id per TABS container, resolved against the layout, changed by a
 * click or by revealing a component (an anchor, a focused chart), and written into the address as
 * the tabs that differ from each container's first tab.
 */
import { ROOT_ID, TAB_TYPE, TABS_TYPE, activeTabsForComponent, type DashboardLayout } from '@rama/shared';

export const ACTIVE_TABS_PARAM = 'activeTabs';

/** The TABS containers in layout order (depth first from the root), each with its TAB children. */
function tabsContainers(layout: DashboardLayout): { id: string; tabs: string[] }[] {
  const out: { id: string; tabs: string[] }[] = [];
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const item = layout[id];
    if (!item) return;
    if (item.type === TABS_TYPE) out.push({ id, tabs: item.children.filter((c) => layout[c]?.type === TAB_TYPE) });
    for (const child of item.children) walk(child);
  };
  walk(ROOT_ID);
  return out;
}

/**
 * One tab per container: the first of `wanted` (in its order, so earlier entries win) that is a
 * tab of the container, else the container's first tab. Unknown ids are dropped.
 */
export function resolveActiveTabs(layout: DashboardLayout, wanted: readonly string[]): string[] {
  const rank = new Map<string, number>();
  wanted.forEach((id, i) => {
    if (!rank.has(id)) rank.set(id, i);
  });
  const out: string[] = [];
  for (const { tabs } of tabsContainers(layout)) {
    if (tabs.length === 0) continue;
    let best = tabs[0];
    let bestRank = Number.POSITIVE_INFINITY;
    for (const tab of tabs) {
      const r = rank.get(tab);
      if (r !== undefined && r < bestRank) {
        best = tab;
        bestRank = r;
      }
    }
    out.push(best);
  }
  return out;
}

/** A click on a tab: it becomes its container's active tab; the other containers keep theirs. */
export function activateTab(layout: DashboardLayout, activeTabs: readonly string[], tabId: string): string[] {
  return resolveActiveTabs(layout, [tabId, ...activeTabs]);
}

/** Show a component: the tabs on its path become active (an anchor, a focused chart, a tab link); the others stay. */
export function revealComponent(layout: DashboardLayout, activeTabs: readonly string[], componentId: string): string[] {
  const current = resolveActiveTabs(layout, activeTabs);
  if (!layout[componentId]) return current;
  return resolveActiveTabs(layout, activeTabsForComponent(layout, componentId, current));
}

/** Is the component on screen as far as tabs go (every TAB above it, or it itself, active)? */
export function isInActiveTabs(layout: DashboardLayout, activeTabs: readonly string[], componentId: string): boolean {
  const active = new Set(activeTabs);
  const parents = layout[componentId]?.parents ?? [];
  return [...parents, componentId].every((id) => layout[id]?.type !== TAB_TYPE || active.has(id));
}

/** The address's value: the active tabs that are not their container's first tab; null when all are. */
export function activeTabsParam(layout: DashboardLayout, activeTabs: readonly string[]): string | null {
  const firsts = new Set(tabsContainers(layout).map((c) => c.tabs[0]));
  const differing = activeTabs.filter((id) => !firsts.has(id));
  return differing.length ? differing.join(',') : null;
}

/** `?activeTabs=TAB-a,TAB-b` → the ids (component ids only: letters, digits, `-`, `_`). */
export function parseActiveTabsParam(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => /^[\w-]{1,200}$/.test(v));
}
