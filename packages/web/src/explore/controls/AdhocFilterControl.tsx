/**
 * Filters: chips like `origin IN (SFO, LAX)` or `date (Last week)`, the filter editor popover, and
 * column drops. When the dataset has a temporal column and no time range filter is set, a dashed
 * `time column (No filter)` chip offers to set one (the BI server's default time range filter).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlText } from './controlTexts';
import { ChipList, type Chip, type Editing } from './ChipList';
import { ColumnTypeIcon } from './ColumnTypeIcon';
import { columnKind, findColumn } from './columns';
import { FilterEditor } from './FilterEditor';
import { defaultAdhocFilters, filterLabel, filterList, isTimeRangeFilter, type ControlAdhocFilter } from './filters';
import { moveItem } from './metrics';
import type { ControlProps, DatasourceDragItem } from './types';
import { DASHBOARD_FILTER_TITLE } from '../dashboardContext';

const DROP_KINDS = ['column'] as const;

export function AdhocFilterControl({ name, value, onChange, config, datasource, formData, errors }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const filters = filterList(value);
  const [editing, setEditing] = useState<Editing>(null);
  const [presetColumn, setPresetColumn] = useState<string | null>(null);
  const suggestion = filters.some(isTimeRangeFilter) ? null : (defaultAdhocFilters(datasource)[0] ?? null);
  const shown = suggestion ? [...filters, suggestion] : filters;

  const handleDrop = useCallback((item: DatasourceDragItem) => {
    setPresetColumn(item.name);
    setEditing({ index: 'new' });
  }, []);

  const close = () => {
    setEditing(null);
    setPresetColumn(null);
  };
  const save = (filter: ControlAdhocFilter) => {
    if (editing === null) return;
    // saving the suggested time range filter (the last chip) adds it
    if (editing.index === 'new' || editing.index >= filters.length) onChange([...filters, filter]);
    else onChange(filters.map((f, i) => (i === editing.index ? filter : f)));
    close();
  };

  const columns = datasource?.columns ?? [];
  const chips: Chip[] = shown.map((f, i) => {
    const label = filterLabel(f, datasource);
    const col = f.expressionType === 'SIMPLE' && f.clause !== 'HAVING' ? findColumn(columns, f.subject) : undefined;
    const ghost = suggestion !== null && i === filters.length;
    const text = f.expressionType === 'SQL' ? `${f.clause}: ${f.sqlExpression}` : f.clause === 'HAVING' ? `HAVING ${label}` : label;
    return {
      // the suggestion is rebuilt each render: a fixed key keeps its popover open
      key: ghost ? 'time-range-suggestion' : `${f.filterOptionName ?? label}-${i}`,
      // a filter the dashboard applies (Explore opened from a dashboard) says so, and is not saved
      label: f.isExtra ? (
        <>
          {label} <span className="rama-chip-tag">{t('dashboardTag')}</span>
        </>
      ) : (
        label
      ),
      title: f.isExtra ? `${text} — ${DASHBOARD_FILTER_TITLE}` : text,
      icon: <ColumnTypeIcon kind={f.expressionType === 'SQL' ? 'expression' : f.clause === 'HAVING' ? 'metric' : columnKind(col)} />,
      ghost,
      warning:
        f.expressionType === 'SIMPLE' && f.clause !== 'HAVING' && datasource !== null && !col
          ? t('noSuchColumn', { name: f.subject })
          : undefined,
    };
  });
  const current = editing && editing.index !== 'new' ? (shown[editing.index] ?? null) : null;

  return (
    <ChipList
      name={name}
      chips={chips}
      editing={editing}
      onEditingChange={(e) => (e === null ? close() : setEditing(e))}
      editor={
        <FilterEditor
          key={editing === null ? 'closed' : `${String(editing.index)}-${presetColumn ?? ''}`}
          filter={current}
          presetColumn={presetColumn}
          datasource={datasource}
          formData={formData}
          onSave={save}
          onClose={close}
        />
      }
      onRemove={(i) => onChange(filters.filter((_, j) => j !== i))}
      onReorder={(from, to) => {
        if (from < filters.length && to < filters.length) onChange(moveItem(filters, from, to));
      }}
      canAdd
      addLabel={config.placeholder ? controlText(config.placeholder) : t('dropColumns')}
      dropKinds={DROP_KINDS}
      onDropItem={handleDrop}
      invalid={errors.length > 0}
    />
  );
}
