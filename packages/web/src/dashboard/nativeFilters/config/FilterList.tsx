/**
 * The modal's left side: filters and dividers in their order, "Add filter" / "Add divider", drag
 * (pointer or keyboard, with @dnd-kit) to reorder, remove with an inline "Restore filter" while the
 * removal is pending (spec 4: 5 s), and a mark on the items whose form has errors.
 */
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
} from '@dnd-kit/core';
import { Button, Tooltip } from 'antd';
import { DeleteOutlined, HolderOutlined, MinusOutlined, PlusOutlined, WarningFilled } from '@ant-design/icons';
import { isFilterDivider, type FilterConfigItem } from '@rama/shared';
import { itemTitle } from './configModel';

export interface FilterListProps {
  items: FilterConfigItem[];
  /** ids pending removal */
  removed: Record<string, number>;
  selectedId: string | null;
  /** ids whose form shows errors */
  failing: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onAddFilter: () => void;
  onAddDivider: () => void;
  onRemove: (id: string) => void;
  onRestore: (id: string) => void;
  onMove: (id: string, overId: string) => void;
}

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
const MODIFIERS = [verticalOnly];

/** Arrow keys move a picked-up item one row up or down (the default step is a fixed 25 px). */
const rowByRow: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect || (event.code !== 'ArrowUp' && event.code !== 'ArrowDown')) return undefined;
  event.preventDefault();
  const up = event.code === 'ArrowUp';
  const tops = droppableContainers
    .getEnabled()
    .flatMap((c) => droppableRects.get(c.id)?.top ?? [])
    .filter((top) => (up ? top < collisionRect.top - 1 : top > collisionRect.top + 1))
    .sort((a, b) => (up ? b - a : a - b));
  return tops.length ? { x: currentCoordinates.x, y: tops[0] } : currentCoordinates;
};

interface RowProps {
  item: FilterConfigItem;
  selected: boolean;
  removed: boolean;
  failing: boolean;
  /** where a drop on this row puts the dragged item */
  dropSide: 'before' | 'after' | null;
  onSelect: () => void;
  onRemove: () => void;
  onRestore: () => void;
}

function FilterRow({ item, selected, removed, failing, dropSide, onSelect, onRemove, onRestore }: RowProps) {
  const { t } = useTranslation('dashboard');
  const title = itemTitle(item);
  const kind = isFilterDivider(item) ? 'divider' : 'filter';
  const drag = useDraggable({ id: item.id, disabled: removed });
  const drop = useDroppable({ id: item.id, disabled: removed });
  const style = drag.transform ? { transform: `translate3d(0, ${drag.transform.y}px, 0)` } : undefined;
  const classes = [
    'rama-fcfg-item',
    `is-${kind}`,
    selected && 'is-selected',
    removed && 'is-removed',
    failing && 'is-invalid',
    drag.isDragging && 'is-dragging',
    dropSide && `is-drop-${dropSide}`,
  ].filter(Boolean);

  return (
    <li ref={drop.setNodeRef} className={classes.join(' ')} data-test="filter-config-item" onClick={onSelect}>
      <div ref={drag.setNodeRef} style={style} className="rama-fcfg-item-body">
        <span
          className="rama-fcfg-handle"
          {...drag.attributes}
          {...drag.listeners}
          aria-label={t('config.dragToReorder')}
          aria-disabled={removed}
          onClick={(e) => e.stopPropagation()}
        >
          {isFilterDivider(item) ? <MinusOutlined aria-hidden /> : <HolderOutlined aria-hidden />}
        </span>
        <button type="button" className="rama-fcfg-item-title" aria-current={selected ? 'true' : undefined} title={title}>
          {title}
        </button>
        {failing && !removed && <WarningFilled className="rama-fcfg-item-error" role="img" aria-label={t('config.itemHasErrors')} />}
        {removed ? (
          <Button
            type="link"
            size="small"
            onClick={(e) => {
              e.stopPropagation();
              onRestore();
            }}
          >
            {kind === 'divider' ? t('config.restoreDivider') : t('config.restoreFilter')}
          </Button>
        ) : (
          <Tooltip title={kind === 'divider' ? t('config.removeDivider') : t('config.removeFilter')}>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={kind === 'divider' ? t('config.removeDivider') : t('config.removeFilter')}
              onClick={(e) => {
                e.stopPropagation();
                onRemove();
              }}
            />
          </Tooltip>
        )}
      </div>
    </li>
  );
}

export function FilterList(props: FilterListProps) {
  const { t } = useTranslation('dashboard');
  const { items, removed, selectedId, failing, onSelect, onAddFilter, onAddDivider, onRemove, onRestore, onMove } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: rowByRow }),
  );
  const [drag, setDrag] = useState<{ id: string; overId: string | null } | null>(null);
  const indexOf = (id: string | null) => items.findIndex((i) => i.id === id);
  const titleOf = (id: unknown) => {
    const item = items.find((i) => i.id === id);
    return item ? itemTitle(item) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.pickedUp', { name: titleOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('config.wouldMove', { name: titleOf(active.id), other: titleOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) =>
      over ? t('config.moved', { name: titleOf(active.id), other: titleOf(over.id) }) : t('config.notMoved'),
    onDragCancel: ({ active }) => t('config.notMovedNamed', { name: titleOf(active.id) }),
  };

  const end = (e: DragEndEvent) => {
    setDrag(null);
    if (e.over && e.over.id !== e.active.id) onMove(String(e.active.id), String(e.over.id));
  };
  const sideFor = (id: string): 'before' | 'after' | null => {
    if (!drag || drag.overId !== id || drag.id === id) return null;
    return indexOf(drag.id) < indexOf(id) ? 'after' : 'before';
  };

  return (
    <div className="rama-fcfg-list">
      <div className="rama-fcfg-add">
        <Button icon={<PlusOutlined />} onClick={onAddFilter}>
          {t('config.addFilter')}
        </Button>
        <Button icon={<PlusOutlined />} onClick={onAddDivider}>
          {t('config.addDivider')}
        </Button>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={MODIFIERS}
        accessibility={{ announcements }}
        onDragStart={(e) => setDrag({ id: String(e.active.id), overId: null })}
        onDragOver={(e) => setDrag((d) => (d ? { ...d, overId: e.over ? String(e.over.id) : null } : d))}
        onDragEnd={end}
        onDragCancel={() => setDrag(null)}
      >
        {items.length === 0 ? (
          <p className="rama-fcfg-empty">{t('config.noFilters')}</p>
        ) : (
          <ul className="rama-fcfg-items" aria-label={t('config.listLabel')}>
            {items.map((item) => (
              <FilterRow
                key={item.id}
                item={item}
                selected={item.id === selectedId}
                removed={removed[item.id] !== undefined}
                failing={failing.has(item.id)}
                dropSide={sideFor(item.id)}
                onSelect={() => onSelect(item.id)}
                onRemove={() => onRemove(item.id)}
                onRestore={() => onRestore(item.id)}
              />
            ))}
          </ul>
        )}
      </DndContext>
    </div>
  );
}
