/**
 * The dashboard layout (`position_json`, spec section 3 "Layout component"): new components, reading
 * a stored or exported layout, writing it back, and lookups over it.
 */
import { MAX_LAYOUT_DEPTH, isValidChild } from './nesting.js';
import { childDepth, childrenOf, isLayoutItem, itemOf, pathFromRoot, withParents } from './tree.js';
import {
  BACKGROUND_TRANSPARENT,
  CHART_TYPE,
  COLUMN_TYPE,
  DASHBOARD_VERSION_KEY,
  DYNAMIC_TYPE,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_DEFAULT_MARKDOWN_HEIGHT,
  GRID_ID,
  GRID_TYPE,
  HEADER_ID,
  HEADER_TYPE,
  LAYOUT_TYPES,
  MARKDOWN_TYPE,
  MAX_CHART_ID,
  NEW_HEADER_TEXT,
  NEW_TAB_TITLE,
  ROOT_ID,
  ROOT_TYPE,
  ROW_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  type DashboardLayout,
  type LayoutItem,
  type LayoutMeta,
  type LayoutType,
} from './types.js';

export { componentDepth, descendantIds, parentIdOf } from './tree.js';

/** The version the BI server writes into `position_json` beside the components. */
export const DASHBOARD_VERSION = 'v2';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 10;

/** A fresh component id such as `CHART-k3j2h1g0f9`. */
export function newComponentId(type: LayoutType): string {
  const bytes = new Uint8Array(ID_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let suffix = '';
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${type}-${suffix}`;
}

const DEFAULT_META: Partial<Record<LayoutType, LayoutMeta>> = {
  [CHART_TYPE]: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT },
  [MARKDOWN_TYPE]: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_MARKDOWN_HEIGHT, code: '' },
  [COLUMN_TYPE]: { width: GRID_DEFAULT_CHART_WIDTH, background: BACKGROUND_TRANSPARENT },
  [ROW_TYPE]: { background: BACKGROUND_TRANSPARENT },
  [HEADER_TYPE]: { text: NEW_HEADER_TEXT, headerSize: 'MEDIUM_HEADER', background: BACKGROUND_TRANSPARENT },
  [TAB_TYPE]: { text: NEW_TAB_TITLE, defaultText: NEW_TAB_TITLE },
  [DYNAMIC_TYPE]: { width: GRID_COLUMN_COUNT, background: BACKGROUND_TRANSPARENT },
};

/** A new component with the palette's defaults (section 9: 'New header', 'Tab title', width 4, height 50). */
export function newComponent(type: LayoutType, meta?: Partial<LayoutMeta>): LayoutItem {
  return { type, id: newComponentId(type), children: [], parents: [], meta: { ...DEFAULT_META[type], ...meta } };
}

/** A dashboard with nothing on it: the root holding an empty grid. */
export function emptyLayout(): DashboardLayout {
  return {
    [ROOT_ID]: { type: ROOT_TYPE, id: ROOT_ID, children: [GRID_ID] },
    [GRID_ID]: { type: GRID_TYPE, id: GRID_ID, children: [], parents: [ROOT_ID] },
  };
}

/** A nested description of a layout, for examples and tests. */
export interface LayoutTreeNode {
  type: LayoutType;
  /** defaults to a fresh id (GRID_ID for the grid) */
  id?: string;
  meta?: Partial<LayoutMeta>;
  children?: LayoutTreeNode[];
}

/**
 * The layout described by `top` (the root's child: a grid or top-level tabs), components getting
 * the palette's default meta and their `parents`.
 */
export function layoutFromTree(top: LayoutTreeNode): DashboardLayout {
  const layout: DashboardLayout = { [ROOT_ID]: { type: ROOT_TYPE, id: ROOT_ID, children: [] } };
  const add = (node: LayoutTreeNode, parents: string[]): string => {
    const base: LayoutItem =
      node.type === GRID_TYPE ? { type: GRID_TYPE, id: node.id ?? GRID_ID, children: [] } : newComponent(node.type, node.meta);
    const id = node.id ?? base.id;
    const children = (node.children ?? []).map((child) => add(child, [...parents, id]));
    layout[id] = { ...base, id, children, parents };
    return id;
  };
  layout[ROOT_ID].children = [add(top, [ROOT_ID])];
  return layout;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const LEAF_TYPES = new Set<string>([CHART_TYPE, MARKDOWN_TYPE, HEADER_TYPE, 'DIVIDER', DYNAMIC_TYPE]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A chart id as the layout may hold it (number or numeric string), when it is in 1..65535. */
export function toChartId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_CHART_ID ? n : null;
}

function positiveOr(value: unknown, fallback: number, max = Number.POSITIVE_INFINITY): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), max) : fallback;
}

/** One stored entry as a component, or null when it is not one we can show. */
function normaliseEntry(key: string, value: unknown): LayoutItem | null {
  if (!isPlainObject(value) || !(LAYOUT_TYPES as readonly string[]).includes(value.type as string)) return null;
  const type = value.type as LayoutType;
  const meta: LayoutMeta = isPlainObject(value.meta) ? { ...value.meta } : {};
  if (type === CHART_TYPE) {
    const chartId = toChartId(meta.chartId);
    if (chartId === null) return null;
    meta.chartId = chartId;
  }
  if (type === CHART_TYPE || type === MARKDOWN_TYPE || type === COLUMN_TYPE || type === DYNAMIC_TYPE) {
    meta.width = positiveOr(meta.width, (DEFAULT_META[type]?.width as number) ?? GRID_DEFAULT_CHART_WIDTH, GRID_COLUMN_COUNT);
  }
  if (type === CHART_TYPE || type === MARKDOWN_TYPE) meta.height = positiveOr(meta.height, GRID_DEFAULT_CHART_HEIGHT);
  if (type === MARKDOWN_TYPE && typeof meta.code !== 'string') meta.code = '';
  if (type === TAB_TYPE && typeof meta.text !== 'string')
    meta.text = typeof meta.defaultText === 'string' ? meta.defaultText : NEW_TAB_TITLE;
  const children = LEAF_TYPES.has(type) || !Array.isArray(value.children) ? [] : value.children.filter((c) => typeof c === 'string');
  return { type, id: key, children: [...new Set(children)], meta };
}

function parseObject(text: string | Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (isPlainObject(text)) return text;
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Keeps only what hangs from the root through valid nesting (first parent wins; no cycles) and at
 * most MAX_LAYOUT_DEPTH levels below it: a stored layout older than that limit is read cut, so its
 * `parents` lists (one per component, as long as its level) stay small.
 */
function reachableTree(entries: DashboardLayout): DashboardLayout {
  const stored = entries[ROOT_ID];
  const rootChild = (stored?.type === ROOT_TYPE ? stored.children : []).find(
    (id) => entries[id] && isValidChild({ parentType: ROOT_TYPE, childType: entries[id].type, parentDepth: 0 }),
  );
  const out: DashboardLayout = {};
  let topId = rootChild ?? (entries[GRID_ID]?.type === GRID_TYPE ? GRID_ID : null);
  if (topId === null) {
    // no grid at all (hand-written layouts): what hangs from nothing goes into a new grid, in order
    const referenced = new Set(Object.values(entries).flatMap((item) => item.children));
    const orphans = Object.keys(entries).filter(
      (id) =>
        id !== ROOT_ID &&
        id !== HEADER_ID &&
        !referenced.has(id) &&
        isValidChild({ parentType: GRID_TYPE, childType: entries[id].type, parentDepth: 1 }),
    );
    topId = GRID_ID;
    entries = { ...entries, [GRID_ID]: { type: GRID_TYPE, id: GRID_ID, children: orphans } };
  }
  out[ROOT_ID] = { type: ROOT_TYPE, id: ROOT_ID, children: [topId], ...(stored?.meta ? { meta: stored.meta } : {}) };
  const seen = new Set([ROOT_ID, topId]);
  const stack: [string, number, number][] = [[topId, 1, 1]];
  while (stack.length > 0) {
    const [id, depth, level] = stack.pop() as [string, number, number];
    const item = entries[id];
    const kept = item.children.filter((childId) => {
      const child = entries[childId];
      if (!child || seen.has(childId) || level >= MAX_LAYOUT_DEPTH) return false;
      if (!isValidChild({ parentType: item.type, childType: child.type, parentDepth: depth })) return false;
      seen.add(childId);
      return true;
    });
    // depth first in child order, so that the first placement of a component is the one kept
    for (const childId of [...kept].reverse()) stack.push([childId, childDepth(item.type, depth), level + 1]);
    out[id] = { ...item, children: kept };
  }
  // top-level tabs without a tab show nothing: fall back to the grid
  if (out[topId].type === TABS_TYPE && out[topId].children.length === 0) {
    delete out[topId];
    out[ROOT_ID] = { ...out[ROOT_ID], children: [GRID_ID] };
    out[GRID_ID] = { type: GRID_TYPE, id: GRID_ID, children: [] };
  }
  return out;
}

/** Where charts added from Explore go: the grid, or the first top-level tab. */
function firstParentContainerId(layout: DashboardLayout): string {
  const top = itemOf(layout, childrenOf(itemOf(layout, ROOT_ID))[0]);
  if (top?.type === TABS_TYPE && top.children.length > 0) return top.children[0];
  return top?.id ?? GRID_ID;
}

export interface LayoutChartRef {
  id: number;
  slice_name: string;
  uuid?: string;
}

function appendCharts(layout: DashboardLayout, charts: readonly LayoutChartRef[]): DashboardLayout {
  const byChart = layoutChartsByComponent(layout);
  const next = { ...layout };
  for (const chart of charts) {
    const componentId = byChart.get(chart.id);
    if (componentId) {
      const item = next[componentId];
      next[componentId] = { ...item, meta: { ...item.meta, sliceName: chart.slice_name, ...(chart.uuid ? { uuid: chart.uuid } : {}) } };
    }
  }
  const containerId = firstParentContainerId(next);
  let row: LayoutItem | null = null;
  let rowWidth = 0;
  for (const chart of charts) {
    const chartId = toChartId(chart.id);
    if (chartId === null || byChart.has(chartId)) continue;
    if (row === null || rowWidth + GRID_DEFAULT_CHART_WIDTH > GRID_COLUMN_COUNT) {
      row = { ...newComponent(ROW_TYPE) };
      next[row.id] = row;
      next[containerId] = { ...next[containerId], children: [...next[containerId].children, row.id] };
      rowWidth = 0;
    }
    let count = 1;
    while (next[`${CHART_TYPE}-explore-${chartId}-${count}`]) count += 1;
    const holder: LayoutItem = {
      type: CHART_TYPE,
      id: `${CHART_TYPE}-explore-${chartId}-${count}`,
      children: [],
      meta: {
        chartId,
        width: GRID_DEFAULT_CHART_WIDTH,
        height: GRID_DEFAULT_CHART_HEIGHT,
        sliceName: chart.slice_name,
        ...(chart.uuid ? { uuid: chart.uuid } : {}),
      },
    };
    next[holder.id] = holder;
    row = { ...row, children: [...row.children, holder.id] };
    next[row.id] = row;
    byChart.set(chartId, holder.id);
    rowWidth += GRID_DEFAULT_CHART_WIDTH;
  }
  return next;
}

/**
 * Reads a stored or exported `position_json` (the BI server's v2 export included: version key,
 * missing `parents`, the HEADER_ID title entry). Never throws: garbage gives an empty layout,
 * unknown types and charts without a valid id are dropped, children that break the nesting table or
 * hang from nothing are dropped, `parents` are rebuilt. Charts of `charts` that the layout lacks
 * (added from Explore) are appended at the end of the grid, or of the first top-level tab, in rows
 * of three charts of width 4; the names of charts already there are refreshed from `charts`.
 */
export function parsePositionJson(
  text: string | Record<string, unknown> | null | undefined,
  charts: readonly LayoutChartRef[] = [],
): DashboardLayout {
  const raw = parseObject(text);
  const entries: DashboardLayout = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === DASHBOARD_VERSION_KEY || FORBIDDEN_KEYS.has(key)) continue;
    const item = normaliseEntry(key, value);
    if (item) entries[key] = item;
  }
  let layout = reachableTree(entries);
  const header = entries[HEADER_ID];
  if (header?.type === HEADER_TYPE && !layout[HEADER_ID]) layout[HEADER_ID] = { ...header, children: [] };
  if (charts.length > 0) layout = appendCharts(layout, charts);
  return withParents(layout);
}

/** `position_json` as the BI server writes it: the components plus DASHBOARD_VERSION_KEY 'v2'. */
export function serializeLayout(layout: DashboardLayout): string {
  return JSON.stringify({ [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION, ...layout });
}

/** Component ids in tree order from the root (every component when the map has no root). */
function idsInTreeOrder(layout: DashboardLayout): string[] {
  if (!itemOf(layout, ROOT_ID)) return Object.keys(layout).filter((key) => isLayoutItem(layout[key]));
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [ROOT_ID];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    const item = itemOf(layout, id);
    if (!item || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...[...childrenOf(item)].reverse());
  }
  return out;
}

/** chart id → id of the (first) component showing it, for the charts placed in the tree. */
export function layoutChartsByComponent(layout: DashboardLayout): Map<number, string> {
  const out = new Map<number, string>();
  for (const id of idsInTreeOrder(layout)) {
    const item = itemOf(layout, id) as LayoutItem;
    const chartId = item.type === CHART_TYPE ? toChartId(item.meta?.chartId) : null;
    if (chartId !== null && !out.has(chartId)) out.set(chartId, id);
  }
  return out;
}

/** The ids of the charts placed on the dashboard, once each, in layout order. */
export function chartIdsInLayout(layout: DashboardLayout): number[] {
  return [...layoutChartsByComponent(layout).keys()];
}

/** Is `id` inside the tree hanging from the root? */
export function isInLayoutTree(layout: DashboardLayout, id: string): boolean {
  return pathFromRoot(layout, id).length > 0;
}
