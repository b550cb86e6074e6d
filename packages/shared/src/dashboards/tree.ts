/**
 * Read-only walks over a layout map (spec section 3 "Layout component"): who holds a component, its
 * path from the root, its nesting depth. Every function accepts a map that came straight from
 * `JSON.parse` (a version-key string entry, missing `children`, cycles) without throwing.
 */
import {
  COLUMN_TYPE,
  GRID_TYPE,
  ROOT_ID,
  ROOT_TYPE,
  ROW_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  type DashboardLayout,
  type LayoutItem,
} from './types.js';

export function isLayoutItem(value: unknown): value is LayoutItem {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as LayoutItem).type === 'string';
}

/** The component stored under `id`, or undefined for a missing id or a non-component entry. */
export function itemOf(layout: DashboardLayout, id: string | null | undefined): LayoutItem | undefined {
  if (id == null || !Object.hasOwn(layout, id)) return undefined;
  const value: unknown = layout[id];
  return isLayoutItem(value) ? value : undefined;
}

export function childrenOf(item: LayoutItem | undefined): string[] {
  return item && Array.isArray(item.children) ? item.children : [];
}

/** The id of the component whose children hold `id` (the stored `parents` is only a hint). */
export function parentIdOf(layout: DashboardLayout, id: string): string | null {
  const hinted = itemOf(layout, id)?.parents?.at(-1);
  if (hinted && childrenOf(itemOf(layout, hinted)).includes(id)) return hinted;
  for (const key of Object.keys(layout)) {
    if (childrenOf(itemOf(layout, key)).includes(id)) return key;
  }
  return null;
}

/** Every component below `id`, depth first in child order (not `id` itself). */
export function descendantIds(layout: DashboardLayout, id: string): string[] {
  const out: string[] = [];
  const seen = new Set([id]);
  const stack = [...childrenOf(itemOf(layout, id))].reverse();
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next) || !itemOf(layout, next)) continue;
    seen.add(next);
    out.push(next);
    stack.push(...[...childrenOf(itemOf(layout, next))].reverse());
  }
  return out;
}

/** The ids from ROOT_ID down to `id` (both included); empty when `id` is not reachable from the root. */
export function pathFromRoot(layout: DashboardLayout, id: string): string[] {
  if (!itemOf(layout, id)) return [];
  const path = [id];
  const seen = new Set(path);
  let current = id;
  while (current !== ROOT_ID) {
    const parent = parentIdOf(layout, current);
    if (parent === null || seen.has(parent)) return [];
    seen.add(parent);
    path.push(parent);
    current = parent;
  }
  return path.reverse();
}

/**
 * The nesting depth of a child of a component of `parentType` at `parentDepth`, as the BI server
 * counts it: the root, the grid, rows and columns add one; tabs and a nested tab add nothing; a
 * top-level tab (depth 1) stands in for the grid, so its children are at depth 2.
 *   root(0) > grid(1) > row(2) > column(3) > row(4) > chart(5)
 *   root(0) > grid(1) > tabs(2) > tab(2) > row(2) > …
 *   root(0) > tabs(1) > tab(1) > row(2) > …
 */
export function childDepth(parentType: string, parentDepth: number): number {
  switch (parentType) {
    case TABS_TYPE:
      return parentDepth;
    case TAB_TYPE:
      return Math.max(parentDepth, 2);
    case ROOT_TYPE:
    case GRID_TYPE:
    case ROW_TYPE:
    case COLUMN_TYPE:
    default:
      return parentDepth + 1;
  }
}

/** The depth the drag-and-drop rules use for `id` (root 0, grid 1, …); -1 when it is not in the tree. */
export function componentDepth(layout: DashboardLayout, id: string): number {
  const path = pathFromRoot(layout, id);
  if (path.length === 0) return -1;
  let depth = 0;
  for (let i = 1; i < path.length; i += 1) {
    depth = childDepth((itemOf(layout, path[i - 1]) as LayoutItem).type, depth);
  }
  return depth;
}

/**
 * The same layout with every component reachable from the root carrying `parents` (its ancestors
 * from ROOT_ID down), as the BI server stores them. Components whose parents are already right keep
 * their identity, so memoised views of them do not re-render.
 */
export function withParents(layout: DashboardLayout): DashboardLayout {
  if (!itemOf(layout, ROOT_ID)) return layout;
  let next: DashboardLayout | null = null;
  const seen = new Set([ROOT_ID]);
  const stack: [string, string[]][] = childrenOf(itemOf(layout, ROOT_ID)).map((id) => [id, [ROOT_ID]]);
  while (stack.length > 0) {
    const [id, parents] = stack.pop() as [string, string[]];
    const item = itemOf(layout, id);
    if (!item || seen.has(id)) continue;
    seen.add(id);
    const current = item.parents;
    if (!current || current.length !== parents.length || current.some((p, i) => p !== parents[i])) {
      next ??= { ...layout };
      next[id] = { ...item, parents };
    }
    const below = [...parents, id];
    for (const child of childrenOf(item)) stack.push([child, below]);
  }
  return next ?? layout;
}

/** `layout` with `id` replaced by `item` (a new map; the other components are shared). */
export function withItem(layout: DashboardLayout, item: LayoutItem): DashboardLayout {
  return { ...layout, [item.id]: item };
}

/** Removes `id` and everything below it from the map and from `parentId`'s children. */
export function withoutSubtree(layout: DashboardLayout, id: string, parentId: string | null): DashboardLayout {
  const next = { ...layout };
  for (const gone of [id, ...descendantIds(layout, id)]) delete next[gone];
  const parent = itemOf(next, parentId);
  if (parent && parentId) next[parentId] = { ...parent, children: childrenOf(parent).filter((c) => c !== id) };
  return next;
}
