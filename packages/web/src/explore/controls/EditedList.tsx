/**
 * A list control whose items are edited whole in a popover, with Apply and Close (annotation
 * layers, conditional formatting rules, time table columns): the chips, × to remove one, and "+"
 * for a new item. The control gives each item's chip and the editor; this keeps which one is open.
 */
import { useState, type ReactNode } from 'react';
import { ChipList, type Chip, type Editing } from './ChipList';

export interface ItemEditorProps<T> {
  /** the item's index, or 'new' */
  index: number | 'new';
  onSave: (item: T) => void;
  onClose: () => void;
}

interface EditedListProps<T> {
  name: string;
  items: T[];
  onChange: (items: T[]) => void;
  chipOf: (item: T, index: number) => Chip;
  editor: (props: ItemEditorProps<T>) => ReactNode;
  addLabel: string;
  addDisabled?: string;
}

export function EditedList<T>({ name, items, onChange, chipOf, editor, addLabel, addDisabled }: EditedListProps<T>) {
  const [editing, setEditing] = useState<Editing>(null);
  const save = (item: T) => {
    if (!editing) return;
    onChange(editing.index === 'new' ? [...items, item] : items.map((x, i) => (i === editing.index ? item : x)));
    setEditing(null);
  };
  return (
    <ChipList
      name={name}
      chips={items.map(chipOf)}
      editing={editing}
      onEditingChange={setEditing}
      editor={editing ? editor({ index: editing.index, onSave: save, onClose: () => setEditing(null) }) : null}
      onRemove={(index) => onChange(items.filter((_, j) => j !== index))}
      canAdd
      addLabel={addLabel}
      addDisabled={addDisabled}
    />
  );
}
