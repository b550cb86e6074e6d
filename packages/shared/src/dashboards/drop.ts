/**
 * Drag and drop on the dashboard grid (spec section 4 "Drops", section 5 "Dashboard layout"): where
 * a drop lands, and the layout after it — create, move, create top-level tabs, or a refusal.
 */
import { layoutChartsByComponent, newComponent, toChartId } from './layout.js';
import {
  availableWidth,
  componentIsResizable,
  innerWidth,
  isValidChild,
  maxParentDepth,
  minimumWidthOf,
  parentTypesOf,
  shouldWrapChildInColumn,
  subtreeNestingIsValid,
  widthOf,
} from './nesting.js';
import { convertToTopLevelTabs, fitColumnChildren, PRUNED_WHEN_EMPTY_AFTER_MOVE, pruneEmptyContainers } from './ops.js';
import { childrenOf, componentDepth, descendantIds, itemOf, parentIdOf, pathFromRoot, withItem, withParents } from './tree.js';
import {
  CHART_TYPE,
  COLUMN_TYPE,
  DROP_EDGE_ZONE_PX,
  DROP_MESSAGES,
  DIVIDER_TYPE,
  DYNAMIC_TYPE,
  GRID_COLUMN_COUNT,
  GRID_TYPE,
  HEADER_TYPE,
  LAYOUT_TYPES,
  MARKDOWN_TYPE,
  NEW_COMPONENTS_SOURCE_ID,
  ROOT_ID,
  ROOT_TYPE,
  ROW_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  type DashboardLayout,
  type DropLocation,
  type DropPosition,
  type DropResult,
  type LayoutItem,
  type LayoutType,
} from './types.js';

export interface DropPositionArgs {
  pointer: { x: number; y: number };
  /** the hovered component's bounding box */
  rect: { top: number; left: number; width: number; height: number };
  /** type of the hovered component: a drop "as child" goes into it */
  parentType: LayoutType;
  /** type of the dragged component */
  childType: LayoutType;
  /** how the hovered component lays out: 'row' (a row) or 'column' (everything else) */
  orientation: 'row' | 'column';
  /** depth of the hovered component (`componentDepth`) */
  depth: number;
  /** type of the hovered component's own parent: a drop "as sibling" goes there; omitted = no sibling drop */
  containerType?: LayoutType | null;
  /** depth of that parent; by default the BI server's guess (tabs and tab add no depth) */
  containerDepth?: number;
  hasChildren?: boolean;
  /** the dragged component is the hovered one or one of its ancestors */
  isSelfOrAncestor?: boolean;
  /** false when the pointer is over a nested target (then only its 20 px edges count) */
  isShallow?: boolean;
}

/**
 * Spec 5: the drop position from the pointer with a 20 px edge zone. Inside the edge zone of a
 * component that could take the dragged one both as child and as sibling, the drop is beside it;
 * further in, it goes inside. FORBIDDEN when neither fits; null when a nested target is not near an edge.
 */
export function getDropPosition(args: DropPositionArgs): DropPosition {
  const { pointer, rect, parentType, childType, orientation, depth, containerType } = args;
  if (args.isSelfOrAncestor) return 'FORBIDDEN';
  const validChild = isValidChild({ parentType, childType, parentDepth: depth });
  const containerDepth = args.containerDepth ?? depth + (containerType === TAB_TYPE || containerType === TABS_TYPE ? 0 : -1);
  const validSibling = containerType ? isValidChild({ parentType: containerType, childType, parentDepth: containerDepth }) : false;
  if (!validChild && !validSibling) return 'FORBIDDEN';
  const hasChildren = args.hasChildren ?? false;
  const childDropVertical = orientation === 'row';
  const asChild: DropPosition = childDropVertical ? (hasChildren ? 'RIGHT' : 'LEFT') : hasChildren ? 'BOTTOM' : 'TOP';
  if (validChild && !validSibling) return asChild;

  const deltaTop = Math.abs(pointer.y - rect.top);
  const deltaBottom = Math.abs(pointer.y - (rect.top + rect.height));
  const deltaLeft = Math.abs(pointer.x - rect.left);
  const deltaRight = Math.abs(pointer.x - (rect.left + rect.width));
  if (args.isShallow === false && Math.min(deltaTop, deltaBottom, deltaLeft, deltaRight) > DROP_EDGE_ZONE_PX) return null;

  const siblingDropVertical = !childDropVertical;
  if (!validChild) {
    if (siblingDropVertical) return pointer.x < rect.left + rect.width / 2 ? 'LEFT' : 'RIGHT';
    return pointer.y < rect.top + rect.height / 2 ? 'TOP' : 'BOTTOM';
  }
  if (siblingDropVertical) {
    if (deltaLeft < DROP_EDGE_ZONE_PX) return 'LEFT';
    if (deltaRight < DROP_EDGE_ZONE_PX) return 'RIGHT';
  } else {
    if (deltaTop < DROP_EDGE_ZONE_PX) return 'TOP';
    if (deltaBottom < DROP_EDGE_ZONE_PX) return 'BOTTOM';
  }
  return asChild;
}

/**
 * The destination of a drop at `position` on `component` (at `index` in `container`): inside it
 * (first or last), or before/after it in its container. `index` in the result counts after the
 * dragged component has left its old place, which is what `handleDrop` expects.
 */
export function dropDestination(args: {
  position: DropPosition;
  orientation: 'row' | 'column';
  component: Pick<LayoutItem, 'id' | 'type' | 'children'>;
  container: Pick<LayoutItem, 'id' | 'type'> | null;
  index: number;
  dragging: { id: string; parentId: string | null; index: number };
}): DropLocation | null {
  const { position, orientation, component, container, dragging } = args;
  if (!position || position === 'FORBIDDEN') return null;
  const vertical = position === 'TOP' || position === 'BOTTOM';
  const asSibling = orientation === 'row' ? vertical : !vertical;
  const after = position === 'BOTTOM' || position === 'RIGHT';
  if (!asSibling) {
    const count = component.children.length - (dragging.parentId === component.id ? 1 : 0);
    return { id: component.id, type: component.type, index: after ? Math.max(count, 0) : 0 };
  }
  if (!container) return null;
  const shift = dragging.parentId === container.id && dragging.index < args.index ? 1 : 0;
  return { id: container.id, type: container.type, index: args.index - shift + (after ? 1 : 0) };
}

export interface DropOutcome {
  layout: DashboardLayout;
  /** the drop was refused with this message (spec 5); the layout is unchanged */
  error?: string;
  /** the drop happened, with this warning to show */
  warning?: string;
}

export interface HandleDropOptions {
  /** native filter scopes, to warn when a moved chart enters or leaves one (spec 5) */
  filterScopes?: readonly { rootPath: readonly string[]; excluded?: readonly number[] }[];
}

/**
 * The width a component gets in `destination`, or null when it does not fit there (spec 5: "A drop
 * needs enough width"). Room is the free columns of a row, a column's width, or a whole fresh row
 * in a grid or tab. A too-wide chart, markdown or column shrinks down to the room if its content
 * allows (the BI server's rule); inside a column a chart or markdown takes the column's width.
 */
function widthInDestination(layout: DashboardLayout, item: LayoutItem, destination: LayoutItem): number | undefined | null {
  const room = destination.type === ROW_TYPE ? availableWidth(layout, destination.id, item.id) : innerWidth(layout, destination.id);
  if (room < minimumWidthOf(layout, item.id)) return null;
  if (!componentIsResizable(item)) return undefined;
  const spansColumn =
    destination.type === COLUMN_TYPE && (item.type === CHART_TYPE || item.type === MARKDOWN_TYPE || item.type === DYNAMIC_TYPE);
  return spansColumn ? room : Math.min(widthOf(item), room);
}

/** Puts `id` into `destinationId` at `index`, in a new row when spec 4's wrap rule asks for one. */
function place(layout: DashboardLayout, id: string, destinationId: string, index: number): { layout: DashboardLayout; placedId: string } {
  const destination = layout[destinationId];
  const item = layout[id];
  let placedId = id;
  const next = { ...layout };
  if (shouldWrapChildInColumn(destination.type, item.type)) {
    const row = { ...newComponent(ROW_TYPE), children: [id] };
    next[row.id] = row;
    placedId = row.id;
  }
  const children = [...destination.children];
  children.splice(Math.min(Math.max(index, 0), children.length), 0, placedId);
  next[destinationId] = { ...destination, children };
  return { layout: next, placedId };
}

/** The placed subtree must still satisfy the nesting table at its new depth. */
function nestingHolds(layout: DashboardLayout, placedId: string): boolean {
  const depth = componentDepth(layout, placedId);
  return depth >= 0 && subtreeNestingIsValid(layout, placedId, depth);
}

function createFromDrop(layout: DashboardLayout, drop: DropResult, destination: LayoutItem): DropOutcome {
  const type = drop.dragging.type;
  const depth = componentDepth(layout, destination.id);
  if (!(LAYOUT_TYPES as readonly string[]).includes(type) || type === ROOT_TYPE || type === GRID_TYPE) return { layout };
  if (!isValidChild({ parentType: destination.type, childType: type, parentDepth: depth })) return { layout };
  const meta = { ...drop.dragging.meta };
  if (type === CHART_TYPE) {
    const raw = meta.chartId;
    if (typeof raw !== 'number' && !(typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)))
      return { layout, error: DROP_MESSAGES.noChartDefinition };
    const chartId = toChartId(raw);
    // an id past the layout's 65535 limit, or a chart already on the dashboard: the palette never offers it
    if (chartId === null || layoutChartsByComponent(layout).has(chartId)) return { layout };
    meta.chartId = chartId;
  }
  const component = newComponent(type, meta);
  let next = withItem(layout, component);
  if (type === TABS_TYPE) {
    const tab = newComponent(TAB_TYPE);
    next = withItem(withItem(next, tab), { ...component, children: [tab.id] });
  }
  const width = widthInDestination(next, next[component.id], destination);
  if (width === null) return { layout, error: DROP_MESSAGES.notEnoughSpace };
  if (width !== undefined) next = withItem(next, { ...next[component.id], meta: { ...next[component.id].meta, width } });
  const placed = place(next, component.id, destination.id, drop.destination?.index ?? 0);
  next = withParents(fitColumnChildren(placed.layout, component.id));
  return nestingHolds(next, placed.placedId) ? { layout: next } : { layout };
}

function inScope(path: readonly string[], chartId: number, scope: { rootPath: readonly string[]; excluded?: readonly number[] }): boolean {
  return !(scope.excluded ?? []).includes(chartId) && path.some((id) => scope.rootPath.includes(id));
}

/** Spec 5: "This chart has been moved to a different filter scope." when a move changes a chart's filters. */
function scopeWarning(before: DashboardLayout, after: DashboardLayout, movedId: string, options: HandleDropOptions): string | undefined {
  const scopes = options.filterScopes ?? [];
  if (scopes.length === 0) return undefined;
  for (const id of [movedId, ...descendantIds(after, movedId)]) {
    const chartId = toChartId(after[id]?.type === CHART_TYPE ? after[id].meta?.chartId : null);
    if (chartId === null) continue;
    const was = pathFromRoot(before, id);
    const now = pathFromRoot(after, id);
    if (scopes.some((scope) => inScope(was, chartId, scope) !== inScope(now, chartId, scope))) return DROP_MESSAGES.movedToDifferentScope;
  }
  return undefined;
}

function moveFromDrop(layout: DashboardLayout, drop: DropResult, destination: LayoutItem, options: HandleDropOptions): DropOutcome {
  const id = drop.dragging.id;
  const item = itemOf(layout, id);
  const fromId = parentIdOf(layout, id);
  if (!item || !fromId || item.type === GRID_TYPE || id === destination.id || descendantIds(layout, id).includes(destination.id)) {
    return { layout };
  }
  if (!isValidChild({ parentType: destination.type, childType: item.type, parentDepth: componentDepth(layout, destination.id) })) {
    return { layout };
  }
  const sameParent = fromId === destination.id;
  const fromIndex = childrenOf(layout[fromId]).indexOf(id);
  const index = drop.destination?.index ?? 0;
  if (sameParent && index === fromIndex) return { layout };

  let next: DashboardLayout = { ...layout, [fromId]: { ...layout[fromId], children: childrenOf(layout[fromId]).filter((c) => c !== id) } };
  if (!sameParent) {
    const width = widthInDestination(layout, item, destination);
    if (width === null) return { layout, error: DROP_MESSAGES.notEnoughSpace };
    if (width !== undefined && width !== item.meta?.width) next[id] = { ...item, meta: { ...item.meta, width } };
  }
  const placed = place(next, id, destination.id, index);
  next = fitColumnChildren(placed.layout, id);
  if (!sameParent) next = pruneEmptyContainers(next, fromId, PRUNED_WHEN_EMPTY_AFTER_MOVE);
  next = withParents(next);
  if (!nestingHolds(next, placed.placedId)) return { layout };
  const warning = scopeWarning(layout, next, id, options);
  return warning ? { layout: next, warning } : { layout: next };
}

/** Spec 4: a tabs component dropped on the root becomes the top-level tabs, holding the grid's content. */
function dropOnRoot(layout: DashboardLayout, drop: DropResult, isNew: boolean): DropOutcome {
  const top = itemOf(layout, childrenOf(itemOf(layout, ROOT_ID))[0]);
  if (top?.type !== GRID_TYPE) return { layout };
  if (isNew) return drop.dragging.type === TABS_TYPE ? { layout: convertToTopLevelTabs(layout) } : { layout };
  if (itemOf(layout, drop.dragging.id)?.type !== TABS_TYPE) return { layout };
  const next = convertToTopLevelTabs(layout, drop.dragging.id);
  return next !== layout && subtreeNestingIsValid(next, ROOT_ID, 0) ? { layout: next } : { layout };
}

/**
 * Spec 4 "Drops": handled as create (source is NEW_COMPONENTS_SOURCE_ID), move, create top-level
 * tabs (destination is the root), or rejected. A rejected drop answers the same layout object, with
 * `error` set when the spec has a message for it (not enough space, a top-level tab into nested
 * tabs, a chart without a definition) and without one otherwise (no destination, a child the
 * nesting table refuses, a drop onto itself).
 */
export function handleDrop(layout: DashboardLayout, drop: DropResult, options: HandleDropOptions = {}): DropOutcome {
  if (!drop) return { layout };
  const { source, destination, dragging } = drop;
  if (!source || !destination || !dragging) return { layout };
  const target = itemOf(layout, destination.id);
  if (!target) return { layout };
  const isNew = source.id === NEW_COMPONENTS_SOURCE_ID;
  if (destination.id === ROOT_ID) return dropOnRoot(layout, drop, isNew);
  if (isNew) return createFromDrop(layout, drop, target);
  // the BI server keeps top-level tabs from becoming nested ones (and so tabs in tabs in tabs)
  const rootChildId = childrenOf(itemOf(layout, ROOT_ID))[0];
  const fromId = parentIdOf(layout, dragging.id);
  if (fromId === rootChildId && itemOf(layout, fromId)?.type === TABS_TYPE && target.type === TABS_TYPE && target.id !== rootChildId) {
    return { layout, error: DROP_MESSAGES.topLevelTabIntoNested };
  }
  return moveFromDrop(layout, drop, target, options);
}

/*
 * Why a drop is refused (issue 27: "a drop that does not fit says why", at the pointer while
 * dragging and as a toast when dropped anyway). Each refusal names the rule of the nesting table
 * or of the 12-column width that `handleDrop` applies; the width ones keep the BI server's message
 * as their hint, so the toast reads as the peer's does.
 */

/** The rule a refused drop breaks. */
export type DropRefusalRule =
  | 'inside-itself'
  | 'not-a-child'
  | 'too-deep'
  | 'holds-too-deep'
  | 'row-full'
  | 'not-enough-space'
  | 'top-level-tabs'
  | 'top-of-dashboard'
  | 'no-chart-definition'
  | 'chart-already-added';

export interface DropRefusal {
  rule: DropRefusalRule;
  /** the rule, in a sentence */
  message: string;
  /** what to do instead, when there is something to say */
  hint?: string;
}

const TYPE_NAMES: Partial<Record<LayoutType, [singular: string, plural: string]>> = {
  [ROOT_TYPE]: ['the top of the dashboard', 'the top of the dashboard'],
  [GRID_TYPE]: ['the dashboard', 'the dashboard'],
  [TABS_TYPE]: ['tabs', 'tabs'],
  [TAB_TYPE]: ['tab', 'tabs'],
  [ROW_TYPE]: ['row', 'rows'],
  [COLUMN_TYPE]: ['column', 'columns'],
  [CHART_TYPE]: ['chart', 'charts'],
  [MARKDOWN_TYPE]: ['markdown', 'markdown blocks'],
  [HEADER_TYPE]: ['header', 'headers'],
  [DIVIDER_TYPE]: ['divider', 'dividers'],
  [DYNAMIC_TYPE]: ['component', 'components'],
};

const singular = (type: string) => TYPE_NAMES[type as LayoutType]?.[0] ?? 'component';
const plural = (type: string) => TYPE_NAMES[type as LayoutType]?.[1] ?? 'components';
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const columns = (n: number) => `${n} ${n === 1 ? 'column' : 'columns'}`;

/** "in a row", "on the dashboard", "in a tabs bar" … */
function inside(type: string): string {
  if (type === GRID_TYPE) return 'on the dashboard';
  if (type === ROOT_TYPE) return 'at the top of the dashboard';
  if (type === TABS_TYPE) return 'in a tabs bar';
  return `in a ${singular(type)}`;
}

/** "a, b or c" */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}

/** The nesting table's reason a `childType` may not go into a `parentType` at `parentDepth`; null when it may. */
export function nestingRefusal(parentType: LayoutType | string, childType: LayoutType | string, parentDepth: number): DropRefusal | null {
  if (isValidChild({ parentType, childType, parentDepth })) return null;
  const max = maxParentDepth(parentType, childType);
  if (max === undefined) {
    // the top of the dashboard is for top-level tabs only, so it is not offered as a place
    const places = parentTypesOf(childType)
      .filter((type) => type !== ROOT_TYPE)
      .map(inside);
    const goes = childType === TAB_TYPE ? 'A tab goes' : `${capitalized(plural(childType))} go`;
    return {
      rule: 'not-a-child',
      message: places.length > 0 ? `${goes} ${listed(places)}, not ${inside(parentType)}.` : `${goes} nowhere ${inside(parentType)}.`,
    };
  }
  return {
    rule: 'too-deep',
    message: `${capitalized(plural(childType))} cannot be nested deeper than ${max} ${max === 1 ? 'level' : 'levels'}: this ${singular(parentType)} is ${parentDepth} levels deep.`,
    hint: 'Drop it nearer the top of the dashboard.',
  };
}

/** The width rule's reason `itemId` does not fit in `destination`; null when it fits. */
function widthRefusal(layout: DashboardLayout, item: LayoutItem, destination: LayoutItem): DropRefusal | null {
  if (widthInDestination(layout, item, destination) !== null) return null;
  const need = minimumWidthOf(layout, item.id);
  const hint = DROP_MESSAGES.notEnoughSpace;
  if (destination.type === ROW_TYPE) {
    const room = availableWidth(layout, destination.id, item.id);
    if (room <= 0) return { rule: 'row-full', message: `This row is full: its widths add up to ${GRID_COLUMN_COUNT}.`, hint };
    return { rule: 'not-enough-space', message: `This row has ${columns(room)} free; this component needs ${need}.`, hint };
  }
  const room = innerWidth(layout, destination.id);
  return {
    rule: 'not-enough-space',
    message: `This ${singular(destination.type)} is ${columns(room)} wide; this component needs ${need}.`,
    hint,
  };
}

const HOLDS_TOO_DEEP = 'What this component holds cannot be nested this deep here.';

/** A refusal as one line (the toast). */
export function dropRefusalText(refusal: DropRefusal): string {
  return refusal.hint ? `${refusal.message} ${refusal.hint}` : refusal.message;
}

/**
 * Why `handleDrop` would refuse `drop` on `layout`, or null when it would take it (or when there is
 * nothing to drop: no destination, or a move back to where the component is). The checks follow
 * `handleDrop`'s order: the top of the dashboard, a component into itself, a top-level tab into
 * nested tabs, the nesting table (which parent takes which child, and how deep), the chart's
 * definition, the width on the 12-column grid, and last what the moved component holds.
 */
export function dropRefusal(layout: DashboardLayout, drop: DropResult | null): DropRefusal | null {
  if (!drop?.source || !drop.destination || !drop.dragging) return null;
  const target = itemOf(layout, drop.destination.id);
  if (!target) return null;
  const isNew = drop.source.id === NEW_COMPONENTS_SOURCE_ID;
  const type = isNew ? drop.dragging.type : itemOf(layout, drop.dragging.id)?.type;
  if (!type) return null;

  if (target.id === ROOT_ID) {
    if (type !== TABS_TYPE) return { rule: 'top-of-dashboard', message: 'Only tabs go at the top of the dashboard, above its rows.' };
    if (itemOf(layout, childrenOf(itemOf(layout, ROOT_ID))[0])?.type !== GRID_TYPE) {
      return { rule: 'top-of-dashboard', message: 'The dashboard already has top-level tabs.' };
    }
    return handleDrop(layout, drop).layout === layout ? { rule: 'holds-too-deep', message: HOLDS_TOO_DEEP } : null;
  }

  if (!isNew) {
    const id = drop.dragging.id;
    if (id === target.id || descendantIds(layout, id).includes(target.id)) {
      return { rule: 'inside-itself', message: 'A component cannot go inside itself.' };
    }
    const rootChildId = childrenOf(itemOf(layout, ROOT_ID))[0];
    const fromId = parentIdOf(layout, id);
    if (fromId === rootChildId && itemOf(layout, fromId)?.type === TABS_TYPE && target.type === TABS_TYPE && target.id !== rootChildId) {
      return { rule: 'top-level-tabs', message: DROP_MESSAGES.topLevelTabIntoNested };
    }
  }

  const nesting = nestingRefusal(target.type, type, componentDepth(layout, target.id));
  if (nesting) return nesting;

  if (isNew) {
    if (type === CHART_TYPE) {
      const raw = drop.dragging.meta?.chartId;
      const chartId = typeof raw === 'number' || (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)) ? toChartId(raw) : null;
      if (chartId === null) return { rule: 'no-chart-definition', message: DROP_MESSAGES.noChartDefinition };
      if (layoutChartsByComponent(layout).has(chartId))
        return { rule: 'chart-already-added', message: 'This chart is already on the dashboard.' };
    }
    // a new component needs one column: only a row with no free column or nothing refuses it
    const probe = { ...newComponent(type, drop.dragging.meta), children: [] };
    const width = widthRefusal(withItem(layout, probe), probe, target);
    if (width) return width;
  } else {
    const item = itemOf(layout, drop.dragging.id) as LayoutItem;
    const fromId = parentIdOf(layout, item.id);
    if (fromId === target.id && childrenOf(itemOf(layout, fromId)).indexOf(item.id) === drop.destination.index) return null;
    if (fromId !== target.id) {
      const width = widthRefusal(layout, item, target);
      if (width) return width;
    }
  }

  const outcome = handleDrop(layout, drop);
  if (outcome.error) return { rule: 'not-enough-space', message: outcome.error };
  return outcome.layout === layout ? { rule: 'holds-too-deep', message: HOLDS_TOO_DEEP } : null;
}
