/**
 * One dashboard component as a drag source and a drop target in edit mode (issue 12 part 4: "drag
 * and drop with @dnd-kit following the layout model"). It draws the drop indicator where a drop
 * would land (a horizontal line above or below stacked components, a vertical one beside side by
 * side components) and a "not allowed" outline where the nesting rules refuse it. Out of edit mode
 * it only renders its children.
 */
import { useCallback, useMemo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { HolderOutlined } from '@ant-design/icons';
import { GRID_TYPE, ROOT_TYPE, type LayoutItem } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../i18n';
import { indicatorDirection, type DragItem, type DropTargetData, type Orientation } from './dndModel';
import { useDropIndicator, useEditUiStore } from './editUiStore';
import './edit.css';

export interface DragDroppableRenderProps {
  /** the grip to place in the component's chrome (null when it cannot be dragged) */
  dragHandle: ReactNode;
  /** this component is being dragged (its original place is shown faded) */
  isDragging: boolean;
}

export interface DragDroppableProps {
  component: LayoutItem;
  parentComponent: LayoutItem | null;
  /** its index among the parent's children */
  index: number;
  depth: number;
  /** `row`: stacked with its siblings (grid, column, tab children); `column`: side by side (row children, tabs, the grid) */
  orientation: Orientation;
  editMode: boolean;
  disableDrag?: boolean;
  disableDrop?: boolean;
  /**
   * The drag-and-drop id when a component has a second drop area (a tab's content, beside its
   * title): unique per area; the component id by default. A second area is a drop target only.
   */
  dndId?: string;
  /** what the drag preview and screen readers call it; from the component by default */
  title?: string;
  className?: string;
  style?: CSSProperties;
  children: (props: DragDroppableRenderProps) => ReactNode;
}

/** The key of each component type's name (read in the current language when shown). */
const TYPE_LABELS: Record<string, string> = {
  ROOT: 'common:dashboard',
  GRID: 'common:dashboard',
  TABS: 'dashboard:builder.tabs',
  TAB: 'dashboard:type.tab',
  ROW: 'dashboard:builder.row',
  COLUMN: 'dashboard:builder.column',
  CHART: 'common:chart',
  HEADER: 'dashboard:builder.header',
  MARKDOWN: 'dashboard:type.markdown',
  DIVIDER: 'dashboard:builder.divider',
  DYNAMIC: 'dashboard:type.component',
};

/** A component's name for the drag preview: a chart's (overridden) name, a header's or tab's text, else its type. */
export function componentTitle(item: LayoutItem): string {
  const m = item.meta ?? {};
  const text = [m.sliceNameOverride, m.sliceName, m.text].find((x): x is string => typeof x === 'string' && x.trim() !== '');
  const typeKey = TYPE_LABELS[item.type];
  return text ?? (typeKey ? translate(typeKey) : item.type);
}

/** Events already claimed by an inner component: the innermost one under the pointer shows its menu. */
const claimed = new WeakSet<Event>();

export function DragDroppable({
  component,
  parentComponent,
  index,
  depth,
  orientation,
  editMode,
  disableDrag = false,
  disableDrop = false,
  dndId,
  title,
  className,
  style,
  children,
}: DragDroppableProps) {
  const { t } = useTranslation('dashboard');
  const ui = useEditUiStore();
  const name = title ?? componentTitle(component);
  const structural = component.type === ROOT_TYPE || component.type === GRID_TYPE;
  const areaId = dndId ?? component.id;
  const canDrag = editMode && !disableDrag && !structural && parentComponent !== null && areaId === component.id;

  const dragItem: DragItem = useMemo(
    () => ({
      kind: 'dashboard-drag',
      id: component.id,
      type: component.type,
      meta: component.meta,
      parentId: parentComponent?.id ?? '',
      parentType: parentComponent?.type ?? GRID_TYPE,
      index,
      title: name,
    }),
    [component.id, component.type, component.meta, parentComponent?.id, parentComponent?.type, index, name],
  );
  const dropData: DropTargetData = useMemo(
    () => ({ kind: 'dashboard-drop', id: component.id, dropId: areaId, orientation }),
    [component.id, areaId, orientation],
  );

  const {
    setNodeRef: setDragNode,
    setActivatorNodeRef,
    listeners,
    attributes,
    isDragging,
  } = useDraggable({
    id: areaId,
    data: dragItem,
    disabled: !canDrag,
  });
  const { setNodeRef: setDropNode } = useDroppable({ id: areaId, data: dropData, disabled: !editMode || disableDrop });
  const setNode = useCallback(
    (node: HTMLElement | null) => {
      setDragNode(node);
      setDropNode(node);
    },
    [setDragNode, setDropNode],
  );

  const indicator = useDropIndicator(areaId);
  // a refused drop at a place (a full row, too deep) shows its line in red; one refused by the component itself outlines it
  const direction = indicator ? indicatorDirection(indicator.position) : null;

  const onMouseOver = (e: MouseEvent) => {
    if (!ui || claimed.has(e.nativeEvent)) return;
    claimed.add(e.nativeEvent);
    ui.setHovered(component.id);
  };
  const onMouseLeave = () => {
    if (ui?.get().hoveredId === component.id) ui.setHovered(null);
  };

  const dragHandle = canDrag ? (
    <span
      ref={setActivatorNodeRef}
      {...listeners}
      {...attributes}
      aria-label={t('dnd.move', { name })}
      className="rama-drag-handle"
      data-test="dragdroppable-handle"
    >
      <HolderOutlined />
    </span>
  ) : null;

  const classes = [
    'rama-drag-droppable',
    `rama-drag-droppable--${orientation}`,
    editMode ? 'is-editing' : '',
    isDragging ? 'is-dragging' : '',
    indicator?.forbidden && !direction ? 'is-drop-forbidden' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={setNode}
      className={classes}
      style={style}
      data-drop-id={areaId}
      data-depth={depth}
      onMouseOver={editMode ? onMouseOver : undefined}
      onMouseLeave={editMode ? onMouseLeave : undefined}
    >
      {children({ dragHandle, isDragging })}
      {direction && indicator && (
        <div
          className={`rama-drop-indicator rama-drop-indicator--${direction} rama-drop-indicator--${String(indicator.position).toLowerCase()}${indicator.forbidden ? ' is-refused' : ''}${indicator.inside ? ' is-inside' : ''}`}
          data-test="drop-indicator"
          aria-hidden
        />
      )}
    </div>
  );
}
