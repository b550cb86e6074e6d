/**
 * The chips of a list control (metrics, columns, filters): click one to edit it in a popover, ×
 * to remove it, drag to reorder (multi controls), and a "+" target that opens the editor for a new
 * item and accepts drops from the datasource pane, highlighted while a fitting item is dragged over.
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLOSED_POPOVER } from './closedPopover';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { CHIP_DRAG_TYPE, chipDragIndex, chipDragPayload, useDatasourceDrop } from './dnd';
import type { DatasourceDragItem } from './types';

/** Which popover is open: a chip's, the new item's, or none. */
export type Editing = { index: number } | { index: 'new' } | null;

export interface Chip {
  key: string;
  label: ReactNode;
  /** full text for the tooltip and the accessible name */
  title: string;
  icon?: ReactNode;
  /** a suggestion shown dashed (the time range filter a new chart offers); it has no × */
  ghost?: boolean;
  warning?: string;
}

interface ChipListProps {
  name: string;
  chips: Chip[];
  editing: Editing;
  onEditingChange: (editing: Editing) => void;
  /** the open popover's content */
  editor: ReactNode;
  onRemove: (index: number) => void;
  onReorder?: (from: number, to: number) => void;
  /** hide the "+" target (a single-value control that holds its value) */
  canAdd: boolean;
  addLabel: string;
  /** why "+" is disabled (shown as its tooltip); enabled when absent */
  addDisabled?: string;
  /** what the "+" target accepts from the datasource pane (nothing when absent) */
  dropKinds?: readonly DatasourceDragItem['kind'][];
  onDropItem?: (item: DatasourceDragItem) => void;
  invalid?: boolean;
  editorTitle?: string;
}

const NO_DROPS: readonly DatasourceDragItem['kind'][] = [];
const ignoreDrop = () => undefined;

export function ChipList(props: ChipListProps) {
  const { name, chips, editing, onEditingChange, editor, onRemove, onReorder, canAdd, addLabel, addDisabled, invalid } = props;
  const { t } = useTranslation('explorecontrols');
  const drop = useDatasourceDrop(props.dropKinds ?? NO_DROPS, props.onDropItem ?? ignoreDrop);
  const [chipOver, setChipOver] = useState<number | null>(null);
  const isOpen = (index: number | 'new') => editing !== null && editing.index === index;
  const openChange = (index: number | 'new') => (open: boolean) => onEditingChange(open ? { index } : null);

  const chipDrop = (to: number) => (e: DragEvent) => {
    setChipOver(null);
    const from = chipDragIndex(e.dataTransfer.getData(CHIP_DRAG_TYPE), name);
    if (from === null || !onReorder) return;
    e.preventDefault();
    e.stopPropagation();
    onReorder(from, to);
  };

  return (
    <div
      className={`rama-chip-list${drop.isOver ? ' is-drop-over' : ''}${invalid ? ' is-invalid' : ''}`}
      id={`control-${name}`}
      {...drop.dropProps}
    >
      {chips.map((chip, index) => (
        <Popover
          key={chip.key}
          trigger="click"
          placement="right"
          open={isOpen(index)}
          onOpenChange={openChange(index)}
          content={isOpen(index) ? editor : CLOSED_POPOVER}
          destroyOnHidden
        >
          <div
            className={`rama-chip${chip.ghost ? ' is-ghost' : ''}${chipOver === index ? ' is-chip-over' : ''}${chip.warning ? ' has-warning' : ''}`}
            draggable={Boolean(onReorder) && !chip.ghost}
            onDragStart={(e) => {
              e.dataTransfer.setData(CHIP_DRAG_TYPE, chipDragPayload(name, index));
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (!onReorder || !e.dataTransfer.types.includes(CHIP_DRAG_TYPE)) return;
              e.preventDefault();
              setChipOver(index);
            }}
            onDragLeave={() => setChipOver(null)}
            onDrop={chipDrop(index)}
            title={chip.warning ?? chip.title}
          >
            {!chip.ghost && (
              <button
                type="button"
                className="rama-chip-remove"
                aria-label={t('removeItem', { name: chip.title })}
                onClick={(e) => {
                  e.stopPropagation();
                  onRemove(index);
                }}
              >
                <CloseOutlined />
              </button>
            )}
            <button type="button" className="rama-chip-label" aria-label={t('editItem', { name: chip.title })}>
              {chip.icon && <span className="rama-chip-icon">{chip.icon}</span>}
              <span className="rama-chip-text">{chip.label}</span>
            </button>
          </div>
        </Popover>
      ))}
      {canAdd && (
        <Popover
          trigger="click"
          placement="right"
          open={isOpen('new')}
          onOpenChange={openChange('new')}
          content={isOpen('new') ? editor : CLOSED_POPOVER}
          destroyOnHidden
        >
          <button type="button" className="rama-chip-add" disabled={Boolean(addDisabled)} title={addDisabled}>
            <PlusOutlined /> {drop.isOver ? t('dropHere') : addLabel}
          </button>
        </Popover>
      )}
    </div>
  );
}
