/**
 * Which tabs are showing (spec section 3 "Dashboard state": activeTabs, directPathToChild): the
 * default first tabs, and the tabs to switch to so that a chart or anchor is visible.
 */
import { childrenOf, itemOf, pathFromRoot } from './tree.js';
import { ROOT_ID, TABS_TYPE, TAB_TYPE, type DashboardLayout } from './types.js';

/** The first tab of every tabs component a viewer sees on arrival (tabs inside hidden tabs are not reached). */
export function defaultActiveTabs(layout: DashboardLayout): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [ROOT_ID];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    const item = itemOf(layout, id);
    if (!item || seen.has(id)) continue;
    seen.add(id);
    const children = childrenOf(item);
    if (item.type === TABS_TYPE) {
      if (children.length > 0 && itemOf(layout, children[0])) {
        out.push(children[0]);
        stack.push(children[0]);
      }
    } else {
      stack.push(...[...children].reverse());
    }
  }
  return out;
}

/** The ids from ROOT_ID down to `id`, both included (the BI server's directPathToChild); empty if not on the dashboard. */
export function pathToComponent(layout: DashboardLayout, id: string): string[] {
  return pathFromRoot(layout, id);
}

/**
 * The active tabs after revealing `id`: starting from `current` (by default the first tabs), each
 * tab on the way to `id` becomes the active one of its tabs component, replacing its siblings.
 */
export function activeTabsForComponent(layout: DashboardLayout, id: string, current?: readonly string[]): string[] {
  const path = pathFromRoot(layout, id);
  let active = [...(current ?? defaultActiveTabs(layout))];
  for (let i = 1; i < path.length; i += 1) {
    if (itemOf(layout, path[i])?.type !== TAB_TYPE) continue;
    const siblings = childrenOf(itemOf(layout, path[i - 1]));
    active = active.filter((tab) => !siblings.includes(tab));
    active.push(path[i]);
  }
  return active;
}
