/**
 * Layout edits other than drops (spec section 4 "Dashboard"): delete with its cascade, resize,
 * component updates, and turning the grid into top-level tabs and back.
 */
import { newComponent } from './layout.js';
import { availableWidth, componentIsResizable, innerWidth, minimumWidthOf, widthOf } from './nesting.js';
import { childrenOf, isLayoutItem, itemOf, parentIdOf, withItem, withParents, withoutSubtree } from './tree.js';
import {
  CHART_TYPE,
  COLUMN_TYPE,
  DYNAMIC_TYPE,
  GRID_COLUMN_COUNT,
  GRID_ID,
  GRID_MIN_COLUMN_COUNT,
  GRID_MIN_ROW_UNITS,
  GRID_TYPE,
  MARKDOWN_TYPE,
  ROOT_ID,
  ROW_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  type DashboardLayout,
  type LayoutItem,
  type LayoutType,
} from './types.js';

/** Containers removed when their last child goes, by how it went. */
export const PRUNED_WHEN_EMPTY_AFTER_DELETE: readonly LayoutType[] = [ROW_TYPE, COLUMN_TYPE, TABS_TYPE];
/** The BI server removes only emptied rows and tabs after a move; an empty column stays as a drop target. */
export const PRUNED_WHEN_EMPTY_AFTER_MOVE: readonly LayoutType[] = [ROW_TYPE, TABS_TYPE];

/** The root holds the grid again (after its top-level tabs went), keeping `children` in it. */
function restoreGrid(layout: DashboardLayout, children: string[]): DashboardLayout {
  const grid = itemOf(layout, GRID_ID);
  return {
    ...layout,
    [ROOT_ID]: { ...(itemOf(layout, ROOT_ID) as LayoutItem), children: [GRID_ID] },
    [GRID_ID]: { ...(grid ?? { type: GRID_TYPE, id: GRID_ID }), children, parents: [ROOT_ID] },
  };
}

/**
 * Walks up from `containerId` removing containers of `types` that have no child left: an emptied
 * wrapper row or column goes, then its row if that emptied too; tabs whose last tab went are deleted,
 * and when those were the top-level tabs the root gets its grid back.
 */
export function pruneEmptyContainers(layout: DashboardLayout, containerId: string | null, types: readonly LayoutType[]): DashboardLayout {
  let next = layout;
  let current = containerId;
  while (current !== null) {
    const item = itemOf(next, current);
    if (!item || childrenOf(item).length > 0 || !types.includes(item.type)) break;
    const parent = parentIdOf(next, current);
    if (item.type === TABS_TYPE && parent === ROOT_ID) {
      next = { ...next };
      delete next[current];
      return restoreGrid(next, []);
    }
    next = withoutSubtree(next, current, parent);
    current = parent;
  }
  return next;
}

/** The grid's content moves into the first tab of `tabsId`, which becomes the root's only child. */
export function convertToTopLevelTabs(layout: DashboardLayout, tabsId?: string): DashboardLayout {
  const root = itemOf(layout, ROOT_ID);
  const topId = childrenOf(root)[0];
  const top = itemOf(layout, topId);
  if (!root || !top || top.type !== GRID_TYPE) return layout;
  let next = { ...layout };
  let tabs: LayoutItem;
  if (tabsId === undefined) {
    const tab = newComponent(TAB_TYPE);
    tabs = { ...newComponent(TABS_TYPE), children: [tab.id] };
    next[tab.id] = tab;
  } else {
    const existing = itemOf(layout, tabsId);
    if (existing?.type !== TABS_TYPE || childrenOf(existing).length === 0) return layout;
    const source = parentIdOf(layout, tabsId);
    if (source) next[source] = { ...next[source], children: childrenOf(next[source]).filter((c) => c !== tabsId) };
    next = pruneEmptyContainers(next, source, PRUNED_WHEN_EMPTY_AFTER_MOVE);
    tabs = existing;
  }
  const firstTabId = tabs.children[0];
  const firstTab = next[firstTabId];
  next[firstTabId] = { ...firstTab, children: [...firstTab.children, ...childrenOf(next[topId])] };
  next[tabs.id] = tabs;
  delete next[topId];
  next[ROOT_ID] = { ...root, children: [tabs.id] };
  return withParents(next);
}

/** The content of every top-level tab moves, in tab order, back into the grid; the tabs go. */
export function deleteTopLevelTabs(layout: DashboardLayout): DashboardLayout {
  const tabsId = childrenOf(itemOf(layout, ROOT_ID))[0];
  const tabs = itemOf(layout, tabsId);
  if (!tabs || tabs.type !== TABS_TYPE) return layout;
  const next = { ...layout };
  const content: string[] = [];
  for (const tabId of childrenOf(tabs)) {
    content.push(...childrenOf(itemOf(layout, tabId)));
    delete next[tabId];
  }
  delete next[tabsId];
  return withParents(restoreGrid(next, content));
}

/**
 * Spec 4: delete removes the component and its descendants, then removes a wrapper row or column
 * that became empty (and a row that emptied in turn), and tabs whose last tab went. Deleting the
 * top-level tabs themselves moves their content back to the grid, as the BI server's header menu does.
 * The root and the grid cannot be deleted.
 */
export function deleteComponent(layout: DashboardLayout, id: string, parentId: string | null): DashboardLayout {
  const item = itemOf(layout, id);
  if (!item || id === ROOT_ID || item.type === GRID_TYPE) return layout;
  const parent = parentId !== null && childrenOf(itemOf(layout, parentId)).includes(id) ? parentId : parentIdOf(layout, id);
  if (item.type === TABS_TYPE && parent === ROOT_ID) return deleteTopLevelTabs(layout);
  const next = withoutSubtree(layout, id, parent);
  return withParents(pruneEmptyContainers(next, parent, PRUNED_WHEN_EMPTY_AFTER_DELETE));
}

/** A column's charts and markdown span the column: they take its width whenever it changes. */
export function fitColumnChildren(layout: DashboardLayout, columnId: string): DashboardLayout {
  const column = itemOf(layout, columnId);
  if (column?.type !== COLUMN_TYPE) return layout;
  const width = widthOf(column);
  let next = layout;
  for (const childId of childrenOf(column)) {
    const child = itemOf(next, childId);
    if (
      child &&
      (child.type === CHART_TYPE || child.type === MARKDOWN_TYPE || child.type === DYNAMIC_TYPE) &&
      child.meta?.width !== width
    ) {
      next = withItem(next, { ...child, meta: { ...child.meta, width } });
    }
  }
  return next;
}

/**
 * Resizes a component in grid units (width in columns, height in 8 px units). The width is kept
 * between what the component needs (a column: its widest row) and its width plus the free columns
 * of its row (12 elsewhere); a chart inside a column keeps the column's width; heights are at least
 * GRID_MIN_ROW_UNITS. Answers the same layout when nothing changes.
 */
export function resizeComponent(layout: DashboardLayout, id: string, size: { width?: number; height?: number }): DashboardLayout {
  const item = itemOf(layout, id);
  if (!item) return layout;
  const meta = { ...item.meta };
  let changed = false;
  const parentId = parentIdOf(layout, id);
  const parent = itemOf(layout, parentId);
  if (size.width !== undefined && Number.isFinite(size.width) && componentIsResizable(item) && parent?.type !== COLUMN_TYPE) {
    const max =
      parent?.type === ROW_TYPE ? availableWidth(layout, parent.id, id) : parentId ? innerWidth(layout, parentId) : GRID_COLUMN_COUNT;
    const min = item.type === COLUMN_TYPE ? minimumWidthOf(layout, id) : GRID_MIN_COLUMN_COUNT;
    const width = Math.min(Math.max(Math.round(size.width), min), max);
    if (min <= max && width !== meta.width) {
      meta.width = width;
      changed = true;
    }
  }
  if (size.height !== undefined && Number.isFinite(size.height)) {
    const height = Math.max(Math.round(size.height), GRID_MIN_ROW_UNITS);
    if (height !== meta.height) {
      meta.height = height;
      changed = true;
    }
  }
  if (!changed) return layout;
  return fitColumnChildren(withItem(layout, { ...item, meta }), id);
}

/**
 * Replaces components (meta edits: header text, markdown, tab titles, chart name overrides…). Only
 * entries that are components are taken; a changed key is the component's id. `parents` are
 * rebuilt in case children changed.
 */
export function updateComponents(layout: DashboardLayout, changed: Record<string, LayoutItem>): DashboardLayout {
  const entries = Object.entries(changed).filter(([key, item]) => isLayoutItem(item) && key !== '__proto__');
  if (entries.length === 0) return layout;
  const next = { ...layout };
  for (const [key, item] of entries) next[key] = { ...item, id: key, children: Array.isArray(item.children) ? item.children : [] };
  let fitted = withParents(next);
  for (const [key, item] of entries) if (item.type === COLUMN_TYPE) fitted = fitColumnChildren(fitted, key);
  return fitted;
}
