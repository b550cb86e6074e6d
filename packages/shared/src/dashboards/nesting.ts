/**
 * Which component may hold which (spec section 5 "Dashboard layout": nesting by parent type, tabs
 * of limited depth) and how wide things are on the 12-column grid (section 9 "Layout").
 */
import { childDepth, childrenOf, itemOf, parentIdOf } from './tree.js';
import {
  CHART_TYPE,
  COLUMN_TYPE,
  DIVIDER_TYPE,
  DYNAMIC_TYPE,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_MIN_COLUMN_COUNT,
  GRID_TYPE,
  HEADER_TYPE,
  MARKDOWN_TYPE,
  MAX_TABS_DEPTH,
  ROOT_TYPE,
  ROW_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  type DashboardLayout,
  type LayoutItem,
  type LayoutType,
} from './types.js';

/*
 * The deepest a parent may sit and still take a child of a given type (the BI server's table; depth
 * as `childDepth` counts it: root 0, grid 1, rows and columns add one, tabs add nothing). Rows and
 * tabs stop at depth 3, so a column can hold a row but that row cannot hold another column with
 * rows. Tabs go in the grid (depth 1) or in a tab or column up to MAX_TABS_DEPTH.
 */
const ROOT_DEPTH = 0;
const GRID_DEPTH = 1;
const CONTAINER_MAX_DEPTH = 3;
const ROW_MAX_DEPTH = 4;
const LEAF_MAX_DEPTH = 5;
/*
 * The tab of a tabs component is structural: the BI server creates it with its tabs without a depth
 * check (so its saved dashboards have tabs, with tabs, inside columns at depth 4). Only where a tabs
 * component may be placed is limited.
 */
const ANY_DEPTH = Number.POSITIVE_INFINITY;

/*
 * A tab of tabs placed in a column sits at depth 4. The BI server wraps a chart dropped there in a
 * row without checking that row against the table, so its saved dashboards hold such rows; a tab
 * takes a row down to depth 4 (a row's own limit) to keep them, which still allows nothing deeper
 * than a chart in that row.
 */
const TAB_ROW_MAX_DEPTH = ROW_MAX_DEPTH;

const PARENT_MAX_DEPTH: Partial<Record<LayoutType, Partial<Record<LayoutType, number>>>> = {
  [ROOT_TYPE]: { [TABS_TYPE]: ROOT_DEPTH, [GRID_TYPE]: ROOT_DEPTH },
  [GRID_TYPE]: {
    [CHART_TYPE]: GRID_DEPTH,
    [DYNAMIC_TYPE]: GRID_DEPTH,
    [MARKDOWN_TYPE]: GRID_DEPTH,
    [COLUMN_TYPE]: GRID_DEPTH,
    [DIVIDER_TYPE]: GRID_DEPTH,
    [HEADER_TYPE]: GRID_DEPTH,
    [ROW_TYPE]: GRID_DEPTH,
    [TABS_TYPE]: GRID_DEPTH,
  },
  // the spec adds dividers to the BI server's row children
  [ROW_TYPE]: {
    [CHART_TYPE]: ROW_MAX_DEPTH,
    [DYNAMIC_TYPE]: ROW_MAX_DEPTH,
    [MARKDOWN_TYPE]: ROW_MAX_DEPTH,
    [COLUMN_TYPE]: ROW_MAX_DEPTH,
    [DIVIDER_TYPE]: ROW_MAX_DEPTH,
  },
  [TABS_TYPE]: { [TAB_TYPE]: ANY_DEPTH },
  [TAB_TYPE]: {
    [CHART_TYPE]: LEAF_MAX_DEPTH,
    [DYNAMIC_TYPE]: LEAF_MAX_DEPTH,
    [MARKDOWN_TYPE]: LEAF_MAX_DEPTH,
    [COLUMN_TYPE]: CONTAINER_MAX_DEPTH,
    [DIVIDER_TYPE]: LEAF_MAX_DEPTH,
    [HEADER_TYPE]: LEAF_MAX_DEPTH,
    [ROW_TYPE]: TAB_ROW_MAX_DEPTH,
    [TABS_TYPE]: MAX_TABS_DEPTH,
  },
  [COLUMN_TYPE]: {
    [CHART_TYPE]: LEAF_MAX_DEPTH,
    [HEADER_TYPE]: LEAF_MAX_DEPTH,
    [MARKDOWN_TYPE]: LEAF_MAX_DEPTH,
    [DYNAMIC_TYPE]: LEAF_MAX_DEPTH,
    [ROW_TYPE]: CONTAINER_MAX_DEPTH,
    [DIVIDER_TYPE]: CONTAINER_MAX_DEPTH,
    [TABS_TYPE]: MAX_TABS_DEPTH,
  },
};

/*
 * Sizes the spec leaves open (issue 24: a 20,000-deep TABS/TAB chain passed the nesting table, as
 * tabs add no depth, and its export ran out of memory). Without tabs a layout is at most six levels
 * below the root (root > grid > row > column > row > column > chart); each level of nested tabs
 * adds two (tabs, tab), so 30 leaves room for a dozen levels of nested tabs. A real dashboard has a
 * few hundred components; 5,000 components with chart names and uuids take about 1.1 MB of text.
 */
/** Components (levels below the root) on the path to the deepest component a layout may hold. */
export const MAX_LAYOUT_DEPTH = 30;
/** Components in one layout. */
export const MAX_LAYOUT_COMPONENTS = 5_000;
/** Characters of a position_json text. */
export const MAX_POSITION_JSON_LENGTH = 2 * 1024 * 1024;

/** Spec 5 "Nesting by parent type": may a `childType` go inside a `parentType` sitting at `parentDepth`? */
export function isValidChild({
  parentType,
  childType,
  parentDepth,
}: {
  parentType: LayoutType | string | null | undefined;
  childType: LayoutType | string | null | undefined;
  parentDepth: number;
}): boolean {
  if (!parentType || !childType || !Number.isFinite(parentDepth)) return false;
  const maxDepth = PARENT_MAX_DEPTH[parentType as LayoutType]?.[childType as LayoutType];
  return maxDepth !== undefined && parentDepth <= maxDepth;
}

/**
 * The deepest a `parentType` may sit and still take a `childType` (the nesting table above);
 * undefined when it never takes one. Used to say why a drop is refused.
 */
export function maxParentDepth(parentType: LayoutType | string, childType: LayoutType | string): number | undefined {
  return PARENT_MAX_DEPTH[parentType as LayoutType]?.[childType as LayoutType];
}

/** The container types that take a `childType` at some depth, in the nesting table's order. */
export function parentTypesOf(childType: LayoutType | string): LayoutType[] {
  return (Object.keys(PARENT_MAX_DEPTH) as LayoutType[]).filter((parent) => maxParentDepth(parent, childType) !== undefined);
}

/** Checks every parent-child pair below `id` (which sits at `depth`) against the nesting table. */
export function subtreeNestingIsValid(layout: DashboardLayout, id: string, depth: number): boolean {
  const seen = new Set<string>();
  const stack: [string, number][] = [[id, depth]];
  while (stack.length > 0) {
    const [current, currentDepth] = stack.pop() as [string, number];
    if (seen.has(current)) return false;
    seen.add(current);
    const item = itemOf(layout, current);
    if (!item) return false;
    for (const childId of childrenOf(item)) {
      const child = itemOf(layout, childId);
      if (!child || !isValidChild({ parentType: item.type, childType: child.type, parentDepth: currentDepth })) return false;
      stack.push([childId, childDepth(item.type, currentDepth)]);
    }
  }
  return true;
}

/**
 * Does a `childType` dropped straight into a `parentType` get a wrapper first?
 *
 * Spec 4 says "Row, column and tab types dropped in a grid or root are wrapped in a column (some
 * other types are wrapped too when dropped in a grid or tab container)". Our reading: that sentence
 * renders the BI server's wrap table, which is keyed by the container (grid, tab) and wraps the
 * width-carrying components — chart, markdown, column (and dynamic) — in a ROW so that they always
 * sit in a 12-column row; headers, dividers, rows and tabs go in unwrapped. The wrapper made is
 * therefore a ROW (`handleDrop` creates it), and the name is kept as agreed between the helpers.
 */
export function shouldWrapChildInColumn(parentType: LayoutType | string, childType: LayoutType | string): boolean {
  if (parentType !== GRID_TYPE && parentType !== TAB_TYPE) return false;
  return childType === CHART_TYPE || childType === MARKDOWN_TYPE || childType === COLUMN_TYPE || childType === DYNAMIC_TYPE;
}

/** Components with a width the user drags (the others fill their container). */
export function componentIsResizable(item: Pick<LayoutItem, 'type'> | null | undefined): boolean {
  const type = item?.type;
  return type === CHART_TYPE || type === MARKDOWN_TYPE || type === COLUMN_TYPE || type === DYNAMIC_TYPE;
}

export function defaultWidthOf(type: LayoutType | string): number {
  return type === DYNAMIC_TYPE ? GRID_COLUMN_COUNT : GRID_DEFAULT_CHART_WIDTH;
}

/** The stored width of a resizable component, or its default. */
export function widthOf(item: LayoutItem): number {
  const width = item.meta?.width;
  return typeof width === 'number' && Number.isFinite(width) && width > 0 ? width : defaultWidthOf(item.type);
}

/** How many grid columns the inside of a container spans: a column's width, else its container's, else 12. */
export function innerWidth(layout: DashboardLayout, id: string): number {
  const seen = new Set<string>();
  let current: string | null = id;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const item = itemOf(layout, current);
    if (!item || item.type === GRID_TYPE || item.type === ROOT_TYPE) break;
    if (item.type === COLUMN_TYPE) return widthOf(item);
    current = parentIdOf(layout, current);
  }
  return GRID_COLUMN_COUNT;
}

function occupiedWidth(layout: DashboardLayout, row: LayoutItem, excludingId?: string): number {
  let sum = 0;
  for (const childId of childrenOf(row)) {
    const child = itemOf(layout, childId);
    if (child && childId !== excludingId && componentIsResizable(child)) sum += widthOf(child);
  }
  return sum;
}

/**
 * The fewest columns `id` can be squeezed into without overflowing anything inside it: a row needs
 * the sum of its children, a container the most any child needs, a chart or markdown one column.
 * That is the widest row found below `id` without passing through a row; walked with a stack, so a
 * deep layout cannot overflow the call stack.
 */
export function minimumWidthOf(layout: DashboardLayout, id: string, seen = new Set<string>()): number {
  let widest = GRID_MIN_COLUMN_COUNT;
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    const item = itemOf(layout, current);
    if (!item || seen.has(current)) continue;
    seen.add(current);
    if (item.type === ROW_TYPE) widest = Math.max(widest, occupiedWidth(layout, item));
    else stack.push(...childrenOf(item));
  }
  return widest;
}

/**
 * The BI server's width triple for a component: `width` it spans, `occupiedWidth` its children (or
 * it) take up and `minimumWidth` it can shrink to. A row spans its container and is occupied by the
 * sum of its children; a column's children stack, so it is never occupied; a chart, markdown or
 * dynamic component spans and occupies its own width.
 */
export function getDetailedComponentWidth(
  layout: DashboardLayout,
  id: string,
): { width: number; occupiedWidth: number; minimumWidth: number } {
  const item = itemOf(layout, id);
  if (!item) return { width: 0, occupiedWidth: 0, minimumWidth: 0 };
  switch (item.type) {
    case ROW_TYPE: {
      const occupied = occupiedWidth(layout, item);
      return { width: innerWidth(layout, id), occupiedWidth: occupied, minimumWidth: Math.max(occupied, GRID_MIN_COLUMN_COUNT) };
    }
    case COLUMN_TYPE:
      return { width: widthOf(item), occupiedWidth: 0, minimumWidth: minimumWidthOf(layout, id) };
    case CHART_TYPE:
    case MARKDOWN_TYPE:
    case DYNAMIC_TYPE: {
      const width = widthOf(item);
      return { width, occupiedWidth: width, minimumWidth: GRID_MIN_COLUMN_COUNT };
    }
    default: {
      const width = innerWidth(layout, id);
      return { width, occupiedWidth: 0, minimumWidth: minimumWidthOf(layout, id) };
    }
  }
}

/**
 * Free grid columns inside `parentId` for a new or growing child: a row's width less what its
 * children take (`excludingId` is left out, for a child resizing itself), a column's width, else
 * the container's inner width (a chart dropped there gets a fresh row). A child's resize handle
 * stops at its own width plus `availableWidth` of its row.
 */
export function availableWidth(layout: DashboardLayout, parentId: string, excludingId?: string): number {
  const parent = itemOf(layout, parentId);
  if (!parent) return 0;
  if (parent.type === ROW_TYPE) return Math.max(0, innerWidth(layout, parentId) - occupiedWidth(layout, parent, excludingId));
  return innerWidth(layout, parentId);
}
