/**
 * Columns (multi: dimensions) and Column (single: x-axis): chips with the column's type icon, the
 * column editor popover, and column drops from the datasource pane (added directly when they fit).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryColumn } from '@rama/shared';
import { ChipList, type Chip, type Editing } from './ChipList';
import { ColumnEditor } from './ColumnEditor';
import { ColumnTypeIcon } from './ColumnTypeIcon';
import { controlText } from './controlTexts';
import { cleanColumns, columnKey, columnKind, columnLabel, columnList, columnMatches, findColumn, isAdhocColumn } from './columns';
import { moveItem } from './metrics';
import type { ControlProps, DatasourceDragItem } from './types';

const DROP_KINDS = ['column'] as const;

function ColumnsListControl({ name, value, onChange, config, datasource, errors, multi }: ControlProps & { multi: boolean }) {
  const { t } = useTranslation('explorecontrols');
  const columns = columnList(value);
  const dsColumns = datasource?.columns ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [presetColumn, setPresetColumn] = useState<string | null>(null);

  const commit = useCallback(
    (next: QueryColumn[]) => {
      if (multi) onChange(cleanColumns(next));
      else onChange(next[0] ?? null);
    },
    [multi, onChange],
  );

  const handleDrop = (item: DatasourceDragItem) => {
    const col = findColumn(dsColumns, item.name);
    if (col && columnMatches(col, config.columnFilter)) {
      commit(multi ? [...columns, item.name] : [item.name]);
      return;
    }
    // a column the control does not take as it is (not groupable, not temporal …): let the user decide
    setPresetColumn(item.name);
    setEditing(multi || columns.length === 0 ? { index: 'new' } : { index: 0 });
  };

  const close = () => {
    setEditing(null);
    setPresetColumn(null);
  };
  const save = (column: QueryColumn) => {
    if (editing === null) return;
    if (editing.index === 'new') commit([...columns, column]);
    else commit(columns.map((c, i) => (i === editing.index ? column : c)));
    close();
  };

  const chips: Chip[] = columns.map((c, i) => {
    const found = findColumn(dsColumns, c);
    const label = columnLabel(c, dsColumns);
    const missing = !isAdhocColumn(c) && datasource !== null && !found;
    return {
      key: `${columnKey(c)}-${i}`,
      label,
      title: label,
      icon: <ColumnTypeIcon kind={isAdhocColumn(c) ? 'expression' : columnKind(found)} />,
      warning: missing ? t('noSuchColumn', { name: String(c) }) : undefined,
    };
  });
  const current = editing && editing.index !== 'new' ? (columns[editing.index] ?? null) : null;

  return (
    <ChipList
      name={name}
      chips={chips}
      editing={editing}
      onEditingChange={(e) => (e === null ? close() : setEditing(e))}
      editor={
        <ColumnEditor
          key={editing === null ? 'closed' : `${String(editing.index)}-${presetColumn ?? ''}`}
          column={current}
          presetColumn={presetColumn}
          datasource={datasource}
          columnFilter={config.columnFilter}
          onSave={save}
          onClose={close}
        />
      }
      onRemove={(i) => commit(columns.filter((_, j) => j !== i))}
      onReorder={multi ? (from, to) => commit(moveItem(columns, from, to)) : undefined}
      canAdd={multi || columns.length === 0}
      addLabel={config.placeholder ? controlText(config.placeholder) : multi ? t('dropColumns') : t('dropColumn')}
      dropKinds={DROP_KINDS}
      onDropItem={handleDrop}
      invalid={errors.length > 0}
    />
  );
}

export function ColumnsControl(props: ControlProps) {
  return <ColumnsListControl {...props} multi />;
}

export function ColumnControl(props: ControlProps) {
  return <ColumnsListControl {...props} multi={Boolean(props.config.multi)} />;
}
