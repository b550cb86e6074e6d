/**
 * Drag and drop in edit mode, the pure part (spec section 4 "Drops", section 5 "Dashboard layout"):
 * what a draggable carries, and how the pointer over the dashboard becomes a drop position (the
 * shared `getDropPosition`, 20 px edge zone), a drop indicator and the DropResult the layout
 * reducer applies.
 */
import { sharedText, t } from '../../i18n';
import {
  DROP_EDGE_ZONE_PX,
  GRID_TYPE,
  NEW_COMPONENTS_SOURCE_ID,
  ROOT_ID,
  ROW_TYPE,
  TABS_TYPE,
  componentDepth,
  descendantIds,
  dropDestination,
  dropRefusal,
  dropRefusalText,
  getDropPosition,
  nestingRefusal,
  parentIdOf,
  type DashboardLayout,
  type DropPosition,
  type DropRefusal,
  type DropResult,
  type LayoutItem,
  type LayoutMeta,
  type LayoutType,
} from '@rama/shared';

/**
 * How a component sits among its siblings. `row`: stacked top to bottom, its siblings above and
 * below, its own children side by side (a row in the grid, a column or a tab; a header, a divider).
 * `column`: side by side with its siblings, its children stacked (everything inside a row; a tab
 * among its tabs; the grid, whose children are stacked).
 */
export type Orientation = 'row' | 'column';

/** The data of a draggable (dnd-kit `data`). */
export interface DragItem {
  kind: 'dashboard-drag';
  /** the component id, or a palette key for a new component */
  id: string;
  type: LayoutType;
  meta?: LayoutMeta;
  /** where it comes from: its parent (NEW_COMPONENTS_SOURCE_ID for the palette) */
  parentId: string;
  parentType: LayoutType;
  index: number;
  /** what the drag overlay shows */
  title: string;
}

/** The data of a drop target (dnd-kit `data`); the rest comes from the layout. */
export interface DropTargetData {
  kind: 'dashboard-drop';
  /** the layout component */
  id: string;
  /** the dnd-kit id: the component id, or another one for a second drop area of it (a tab's content) */
  dropId: string;
  orientation: Orientation;
}

export function isDragItem(value: unknown): value is DragItem {
  return typeof value === 'object' && value !== null && (value as DragItem).kind === 'dashboard-drag';
}

export function isDropTargetData(value: unknown): value is DropTargetData {
  return typeof value === 'object' && value !== null && (value as DropTargetData).kind === 'dashboard-drop';
}

/** A palette item: created on drop, so it comes from the new-component source. */
export function newComponentItem(key: string, type: LayoutType, title: string, meta?: LayoutMeta): DragItem {
  return { kind: 'dashboard-drag', id: key, type, meta, parentId: NEW_COMPONENTS_SOURCE_ID, parentType: type, index: 0, title };
}

/** A component on the dashboard as a draggable, from where it sits now. */
export function layoutDragItem(layout: DashboardLayout, item: LayoutItem, title: string): DragItem {
  const parentId = parentIdOf(layout, item.id) ?? '';
  const parent = layout[parentId];
  return {
    kind: 'dashboard-drag',
    id: item.id,
    type: item.type,
    meta: item.meta,
    parentId,
    parentType: parent?.type ?? GRID_TYPE,
    index: parent ? parent.children.indexOf(item.id) : 0,
    title,
  };
}

/** Is a drop at `position` beside the component (in its parent), rather than inside it? */
export function dropsAsSibling(orientation: Orientation, position: DropPosition): boolean {
  return orientation === 'row' ? position === 'TOP' || position === 'BOTTOM' : position === 'LEFT' || position === 'RIGHT';
}

/** A component cannot go into itself or anything inside it. */
export function isInsideDragged(layout: DashboardLayout, draggedId: string, targetId: string): boolean {
  return draggedId === targetId || descendantIds(layout, draggedId).includes(targetId);
}

/** The drop indicator's line: across (horizontal) above or below, upright (vertical) left or right. */
export function indicatorDirection(position: DropPosition): 'horizontal' | 'vertical' | null {
  if (position === 'TOP' || position === 'BOTTOM') return 'horizontal';
  if (position === 'LEFT' || position === 'RIGHT') return 'vertical';
  return null;
}

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

const contains = (r: Rect, p: Point) => p.x >= r.left && p.x <= r.left + r.width && p.y >= r.top && p.y <= r.top + r.height;

/** How many components hold `id` (the root: 0); the innermost of nested targets has the most. */
export function nestingLevel(layout: DashboardLayout, id: string): number {
  let level = 0;
  const seen = new Set([id]);
  for (let p = parentIdOf(layout, id); p !== null && !seen.has(p); p = parentIdOf(layout, p)) {
    seen.add(p);
    level += 1;
  }
  return level;
}

/** Where the drop goes, what the indicator shows and on which component. */
export interface DropResolution {
  /** the drop area (dnd-kit id) the indicator is drawn on */
  indicatorId: string;
  position: DropPosition;
  forbidden: boolean;
  /** null when nothing is to happen (forbidden, or back where it came from) */
  drop: DropResult | null;
  /** why the drop is refused (shown at the pointer, and as a toast when dropped anyway) */
  refusal?: DropRefusal;
  /** what an allowed drop does when it is not plain to see (tabs at the top become the top-level tabs) */
  note?: string;
  /** the drop goes inside the indicated component (an empty tab or column): the line is drawn just inside it */
  inside?: boolean;
}

/** What the drop at the top of the dashboard does, said beside the pointer (in the current language). */
export const topLevelTabsNote = (): string => t('dashboard:dnd.topLevelTabsNote');

/**
 * The text at the pointer and in the toast for a refused drop: the shared package's sentence (and
 * hint), in the current language where the messages file has it.
 */
export function refusalText(resolution: DropResolution | null): string | null {
  const refusal = resolution?.refusal;
  if (!refusal) return null;
  return dropRefusalText({
    ...refusal,
    message: sharedText('messages', refusal.message),
    hint: refusal.hint && sharedText('messages', refusal.hint),
  });
}

export interface ResolveDropArgs {
  layout: DashboardLayout;
  item: DragItem;
  pointer: Point;
  /** the drop targets under the pointer (any order): component id, drop area id, orientation, rect */
  targets: { id: string; dropId: string; orientation: Orientation; rect: Rect }[];
  /** the rect of a drop area by its id, for the children of a container (gap insertion) */
  rectOf: (dropId: string) => Rect | null;
}

interface Candidate {
  id: string;
  dropId: string;
  orientation: Orientation;
  rect: Rect;
  item: LayoutItem;
  parent: LayoutItem | null;
  depth: number;
}

/**
 * Resolves a pointer position during a drag (spec section 5: "Drop position (top, right, bottom,
 * left, forbidden) is computed from the pointer with a 20 px edge zone"):
 * 1. near an edge of the innermost component where its siblings are: before or after it;
 * 2. else near an edge of an enclosing component, beside that one (so a new row can go between
 *    two rows whose charts fill them);
 * 3. else beside the innermost component on the nearer side (a component that takes no children);
 * 4. else into the innermost container, between the two children nearest the pointer (at the start
 *    of an empty one);
 * 5. else the spot is forbidden by the nesting rules.
 * A tabs component dropped at the top edge of the grid becomes the top-level tabs (destination root).
 */
export function resolveDrop({ layout, item, pointer, targets, rectOf }: ResolveDropArgs): DropResolution | null {
  const candidates: Candidate[] = targets
    .filter((t) => layout[t.id] && !isInsideDragged(layout, item.id, t.id) && contains(t.rect, pointer))
    .map((t) => {
      const parentId = parentIdOf(layout, t.id);
      return { ...t, item: layout[t.id], parent: parentId ? (layout[parentId] ?? null) : null, depth: componentDepth(layout, t.id) };
    })
    .sort((a, b) => nestingLevel(layout, b.id) - nestingLevel(layout, a.id));
  if (candidates.length === 0) return null;

  const source = { id: item.parentId, type: item.parentType, index: item.index };
  const dragging = { id: item.id, type: item.type, ...(item.meta && { meta: item.meta }) };
  const result = (c: Candidate, indicatorId: string, position: DropPosition, index?: number): DropResolution => {
    const destination =
      index !== undefined
        ? { id: c.id, type: c.item.type, index }
        : dropDestination({
            position,
            orientation: c.orientation,
            component: c.item,
            container: c.parent,
            index: c.parent ? c.parent.children.indexOf(c.id) : 0,
            dragging: { id: item.id, parentId: item.parentId, index: item.index },
          });
    if (!destination) return { indicatorId, position, forbidden: false, drop: null };
    const unchanged = destination.id === item.parentId && destination.index === item.index;
    if (unchanged) return { indicatorId, position, forbidden: false, drop: null };
    const drop: DropResult = { source, destination, dragging, position };
    // the reducer would refuse it (no room in a row, too deep …): say why while dragging
    const refusal = refusalOf(layout, drop);
    return refusal ? { indicatorId, position, forbidden: true, drop: null, refusal } : { indicatorId, position, forbidden: false, drop };
  };

  const positionOf = (c: Candidate, isShallow: boolean): DropPosition => {
    // nothing goes beside the grid or the top-level tabs: the only drop into the root (top-level tabs) is handled below
    const sibling = c.item.type === GRID_TYPE || c.parent?.id === ROOT_ID ? null : c.parent;
    return getDropPosition({
      pointer,
      rect: c.rect,
      parentType: c.item.type,
      childType: item.type,
      orientation: c.orientation,
      depth: c.depth,
      containerType: sibling?.type ?? null,
      containerDepth: sibling ? componentDepth(layout, sibling.id) : undefined,
      hasChildren: c.item.children.length > 0,
      isSelfOrAncestor: isInsideDragged(layout, item.id, c.id),
      isShallow,
    });
  };

  const nearEdge = (r: Rect, position: DropPosition) => {
    if (position === 'TOP') return pointer.y - r.top < DROP_EDGE_ZONE_PX;
    if (position === 'BOTTOM') return r.top + r.height - pointer.y < DROP_EDGE_ZONE_PX;
    if (position === 'LEFT') return pointer.x - r.left < DROP_EDGE_ZONE_PX;
    if (position === 'RIGHT') return r.left + r.width - pointer.x < DROP_EDGE_ZONE_PX;
    return false;
  };

  // top-level tabs: a tabs component at the top edge of the grid, while the root holds the grid
  const grid = candidates.find((c) => c.item.type === GRID_TYPE);
  if (item.type === TABS_TYPE && grid && grid.parent?.id === ROOT_ID && pointer.y - grid.rect.top < DROP_EDGE_ZONE_PX) {
    const drop: DropResult = { source, dragging, destination: { id: ROOT_ID, type: 'ROOT', index: 0 }, position: 'TOP' };
    const refusal = refusalOf(layout, drop);
    if (refusal) return { indicatorId: grid.dropId, position: 'TOP', forbidden: true, drop: null, refusal };
    return { indicatorId: grid.dropId, position: 'TOP', forbidden: false, drop, note: topLevelTabsNote(), inside: true };
  }

  const [inner, ...outer] = candidates;
  const own = positionOf(inner, true);
  const ownIsSibling = own !== null && own !== 'FORBIDDEN' && dropsAsSibling(inner.orientation, own);
  if (ownIsSibling && nearEdge(inner.rect, own)) return result(inner, inner.dropId, own);

  for (const c of outer) {
    const p = positionOf(c, false);
    if (p !== null && p !== 'FORBIDDEN' && dropsAsSibling(c.orientation, p)) return result(c, c.dropId, p);
  }

  if (ownIsSibling) return result(inner, inner.dropId, own);

  if (own !== null && own !== 'FORBIDDEN') {
    // into the container: at the root always first (top-level tabs), else between the children nearest the pointer
    const start: DropPosition = childrenSideBySide(inner.item) ? 'LEFT' : 'TOP';
    if (inner.id === ROOT_ID) return { ...result(inner, inner.dropId, start, 0), inside: true };
    const gap = gapInsertion(inner.item, item.id, pointer, rectOf);
    return gap ? result(inner, gap.indicatorId, gap.position, gap.index) : { ...result(inner, inner.dropId, start, 0), inside: true };
  }
  if (own !== 'FORBIDDEN') return null;
  // neither inside the component nor beside it: the rule of the container it would share (a row), else its own
  const refusal =
    (inner.parent && inner.parent.id !== ROOT_ID && inner.item.type !== GRID_TYPE
      ? nestingRefusal(inner.parent.type, item.type, componentDepth(layout, inner.parent.id))
      : null) ?? nestingRefusal(inner.item.type, item.type, inner.depth);
  return { indicatorId: inner.dropId, position: 'FORBIDDEN', forbidden: true, drop: null, ...(refusal && { refusal }) };
}

/*
 * The refusal of the last drop asked about, kept while the pointer stays in one place: a pointer
 * move asks again for the same drop, and working it out runs the reducer on the layout.
 */
let lastRefusal: { layout: DashboardLayout; key: string; refusal: DropRefusal | null } | null = null;

function refusalOf(layout: DashboardLayout, drop: DropResult): DropRefusal | null {
  const key = JSON.stringify([drop.source, drop.destination, drop.dragging.id, drop.dragging.type]);
  if (lastRefusal?.layout === layout && lastRefusal.key === key) return lastRefusal.refusal;
  const refusal = dropRefusal(layout, drop);
  lastRefusal = { layout, key, refusal };
  return refusal;
}

/** Rows lay their children out left to right, and tabs their tabs; every other container stacks them. */
export function childrenSideBySide(container: Pick<LayoutItem, 'type'>): boolean {
  return container.type === ROW_TYPE || container.type === TABS_TYPE;
}

/**
 * Where between its children a drop into `container` lands: children side by side by x, stacked
 * ones by y. The drop goes before the first child whose middle is past the pointer, else last (the
 * dragged one left out of the count, as the reducer counts). The indicator goes on that child, or
 * after the last one. Null for a container without measured children.
 */
export function gapInsertion(
  container: LayoutItem,
  draggedId: string,
  pointer: Point,
  rectOf: (id: string) => Rect | null,
): { index: number; indicatorId: string; position: DropPosition } | null {
  const across = childrenSideBySide(container);
  const others = container.children.filter((id) => id !== draggedId);
  const measured = others
    .map((id, index) => ({ id, index, rect: rectOf(id) }))
    .filter((c): c is { id: string; index: number; rect: Rect } => c.rect !== null);
  if (measured.length === 0) return null;
  const after = (r: Rect) => (across ? r.left + r.width / 2 >= pointer.x : r.top + r.height / 2 >= pointer.y);
  const next = measured.find((c) => after(c.rect));
  if (next) return { index: next.index, indicatorId: next.id, position: across ? 'LEFT' : 'TOP' };
  const last = measured[measured.length - 1];
  return { index: others.length, indicatorId: last.id, position: across ? 'RIGHT' : 'BOTTOM' };
}
