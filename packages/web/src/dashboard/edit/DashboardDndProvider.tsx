/**
 * Drag and drop for the dashboard in edit mode (issue 12 part 4, spec section 4 "Drops" and
 * section 5 "Dashboard layout"): pointer and keyboard dragging with @dnd-kit, the innermost drop
 * target under the pointer, the drop position from the shared rules (20 px edge zone), a drop
 * indicator while dragging, and on drop the layout reducer's create / move / top-level tabs — or
 * its refusal, shown as a toast with the spec's message.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { sharedText } from '../../i18n';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type ClientRect,
  type Collision,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import { StopOutlined } from '@ant-design/icons';
import { NEW_COMPONENTS_SOURCE_ID } from '@rama/shared';
import { useAppDispatch, useToasts } from '../../core/hooks';
import type { RootState } from '../../core/state';
import { layoutActions, selectLayout } from '../state/layoutSlice';
import {
  isDragItem,
  isDropTargetData,
  layoutDragItem,
  refusalText,
  resolveDrop,
  type DragItem,
  type DropResolution,
  type Point,
  type Rect,
} from './dndModel';
import { EditUiContext, EditUiStore, useDropMessage, useIsDropForbidden } from './editUiStore';
import './edit.css';

/** A small move before a drag starts, so clicks on the handle and the menus stay clicks. */
const ACTIVATION_DISTANCE_PX = 6;
const DRAGGING_CLASS = 'rama-dashboard-dragging';
const FORBIDDEN_CLASS = 'rama-drop-forbidden';

const toRect = (r: ClientRect): Rect => ({ top: r.top, left: r.left, width: r.width, height: r.height });
const center = (r: ClientRect): Point => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const inside = (r: ClientRect, p: Point) => p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;

/** The preview sits just below and right of the pointer, whatever the size of what is dragged. */
const OVERLAY_OFFSET_PX = 12;

const besidePointer: Modifier = ({ transform, activatorEvent, activeNodeRect }) => {
  if (!activeNodeRect || !activatorEvent || !('clientX' in activatorEvent)) return transform;
  const { clientX, clientY } = activatorEvent as MouseEvent;
  return {
    ...transform,
    x: transform.x + clientX - activeNodeRect.left + OVERLAY_OFFSET_PX,
    y: transform.y + clientY - activeNodeRect.top + OVERLAY_OFFSET_PX,
  };
};

const OVERLAY_MODIFIERS = [besidePointer];

/** What the last collision pass saw: the pointer and every drop target's rect. */
interface PointerState {
  pointer: Point | null;
  rects: Map<string, Rect>;
}

/** The preview beside the pointer: what is dragged, and why it cannot go here (or what the drop will do). */
function DragPreview({ item }: { item: DragItem }) {
  const forbidden = useIsDropForbidden();
  const { reason, note } = useDropMessage();
  return (
    <div className={`rama-drag-overlay${forbidden ? ' is-forbidden' : ''}`} data-test="drag-overlay">
      <div className="rama-drag-overlay-title">
        {forbidden && <StopOutlined aria-hidden />}
        <span>{item.title}</span>
      </div>
      {forbidden && reason && (
        <div className="rama-drop-message is-refusal" role="status" data-test="drop-refusal">
          {reason}
        </div>
      )}
      {!forbidden && note && (
        <div className="rama-drop-message" role="status" data-test="drop-note">
          {note}
        </div>
      )}
    </div>
  );
}

export function DashboardDndProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const { addDangerToast, addWarningToast } = useToasts();
  const [ui] = useState(() => new EditUiStore());
  const [active, setActive] = useState<DragItem | null>(null);
  const pointerState = useRef<PointerState>({ pointer: null, rects: new Map() });
  const resolution = useRef<DropResolution | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor),
  );

  /**
   * Every drop target containing the pointer (the centre of the dragged item with the keyboard),
   * innermost (smallest) first; when there is none, the closest one by centre.
   */
  const collisionDetection: CollisionDetection = useCallback((args) => {
    const pointer = args.pointerCoordinates ?? center(args.collisionRect);
    const rects = new Map<string, Rect>();
    for (const [id, rect] of args.droppableRects) rects.set(String(id), toRect(rect));
    pointerState.current = { pointer, rects };
    const within: (Collision & { area: number })[] = [];
    for (const container of args.droppableContainers) {
      const rect = args.droppableRects.get(container.id);
      if (rect && !container.disabled && inside(rect, pointer)) {
        within.push({
          id: container.id,
          data: { droppableContainer: container, value: rect.width * rect.height },
          area: rect.width * rect.height,
        });
      }
    }
    if (within.length) return within.sort((a, b) => a.area - b.area).map(({ id, data }) => ({ id, data }));
    return closestCenter(args);
  }, []);

  const setBodyClass = (name: string, on: boolean) => document.body.classList.toggle(name, on);

  const clear = useCallback(() => {
    setActive(null);
    resolution.current = null;
    ui.setIndicator(null);
    setBodyClass(DRAGGING_CLASS, false);
    setBodyClass(FORBIDDEN_CLASS, false);
  }, [ui]);

  // a drag in progress when edit mode ends (or the page goes) leaves nothing behind
  useEffect(() => clear, [clear]);

  /** The dragged item as it is now: a component's place is read from the layout, not from the drag start. */
  const currentItem = (data: unknown): DragItem | null => {
    if (!isDragItem(data)) return null;
    if (data.parentId === NEW_COMPONENTS_SOURCE_ID) return data;
    const layout = selectLayout(store.getState());
    return layout[data.id] ? layoutDragItem(layout, layout[data.id], data.title) : null;
  };

  const onDragStart = ({ active: a }: DragStartEvent) => {
    const item = currentItem(a.data.current);
    if (!item) return;
    setActive(item);
    ui.setHovered(null);
    setBodyClass(DRAGGING_CLASS, true);
  };

  const onDragMove = (event: DragMoveEvent) => {
    const item = currentItem(event.active.data.current);
    const { pointer, rects } = pointerState.current;
    if (!item || !pointer) return;
    const targets = (event.collisions ?? []).flatMap((c) => {
      const data: unknown = c.data?.droppableContainer?.data?.current;
      const rect = rects.get(String(c.id));
      return isDropTargetData(data) && rect ? [{ id: data.id, dropId: data.dropId, orientation: data.orientation, rect }] : [];
    });
    const next = resolveDrop({ layout: selectLayout(store.getState()), item, pointer, targets, rectOf: (id) => rects.get(id) ?? null });
    resolution.current = next;
    ui.setIndicator(
      next && (next.drop || next.forbidden)
        ? {
            id: next.indicatorId,
            position: next.position,
            forbidden: next.forbidden,
            reason: refusalText(next),
            note: next.note ?? null,
            inside: next.inside ?? false,
          }
        : null,
    );
    setBodyClass(FORBIDDEN_CLASS, next?.forbidden ?? false);
  };

  const onDragEnd = (_event: DragEndEvent) => {
    const drop = resolution.current?.drop ?? null;
    // dropped where it is refused: the same reason as beside the pointer, as a toast
    const refused = refusalText(resolution.current);
    clear();
    if (refused) addDangerToast(refused);
    if (!drop) return;
    dispatch(layoutActions.handleDrop(drop));
    const { lastDropError, lastDropWarning } = store.getState().dashboardLayout;
    if (lastDropError) addDangerToast(sharedText('messages', lastDropError));
    else if (lastDropWarning) addWarningToast(sharedText('messages', lastDropWarning));
    if (lastDropError || lastDropWarning) dispatch(layoutActions.clearDropMessages());
  };

  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active: a }) =>
        isDragItem(a.data.current) ? t('dnd.pickedUp', { name: a.data.current.title }) : t('dnd.pickedUpComponent'),
      onDragOver: () => {
        const r = resolution.current;
        if (!r) return t('dnd.notOver');
        if (r.forbidden) return t('dnd.cannotDrop', { reason: refusalText(r) ?? '' }).trim();
        return r.note ? t('dnd.canDropNote', { note: r.note }) : t('dnd.canDrop');
      },
      onDragEnd: ({ active: a }) =>
        isDragItem(a.data.current) ? t('dnd.dropped', { name: a.data.current.title }) : t('dnd.droppedComponent'),
      onDragCancel: ({ active: a }) =>
        isDragItem(a.data.current) ? t('dnd.cancelled', { name: a.data.current.title }) : t('dnd.cancelledComponent'),
    }),
    [t],
  );

  return (
    <EditUiContext.Provider value={ui}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        accessibility={{ announcements }}
        onDragStart={onDragStart}
        onDragMove={onDragMove}
        onDragEnd={onDragEnd}
        onDragCancel={clear}
      >
        {children}
        <DragOverlay dropAnimation={null} modifiers={OVERLAY_MODIFIERS}>
          {active && <DragPreview item={active} />}
        </DragOverlay>
      </DndContext>
    </EditUiContext.Provider>
  );
}
