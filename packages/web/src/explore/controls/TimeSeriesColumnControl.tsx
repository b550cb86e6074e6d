/**
 * The time table's `column_collection`: a chip per column (sparkline, time comparison,
 * contribution, period average), edited in a popover with the fields of its type, saved in the
 * BI server's column shape (numbers typed as text, as its editor saves them).
 */
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Input, InputNumber, Select } from 'antd';
import { TIME_TABLE_COLUMN_TYPES, TIME_TABLE_COMPARISONS, newTimeTableColumn, type TimeTableColumn } from '@rama/shared';
import { EditedList } from './EditedList';
import type { ControlProps } from './types';

const TYPE_NAMES = Object.fromEntries(TIME_TABLE_COLUMN_TYPES);

export function columnList(value: unknown): TimeTableColumn[] {
  return Array.isArray(value) ? (value.filter((c) => c && typeof c === 'object') as TimeTableColumn[]) : [];
}

export const columnTitle = (c: TimeTableColumn): string => c.label || TYPE_NAMES[c.colType ?? ''] || 'Column';

const newKey = () => Math.random().toString(36).slice(2, 11);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="rama-editor-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

function ColumnEditor({ column, onSave, onClose }: { column: TimeTableColumn; onSave: (c: TimeTableColumn) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<TimeTableColumn>(column);
  const set = (patch: Partial<TimeTableColumn>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (key: keyof TimeTableColumn, label: string, placeholder = '') => (
    <Field label={label}>
      <Input
        size="small"
        aria-label={label}
        placeholder={placeholder}
        value={String(draft[key] ?? '')}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Field>
  );
  const pair = (key: 'bounds' | 'yAxisBounds', label: string) => {
    const [lo, hi] = draft[key] ?? [null, null];
    return (
      <Field label={label}>
        <span className="rama-relative-bound">
          <InputNumber
            size="small"
            aria-label={`${label} min`}
            placeholder="Min"
            value={lo}
            onChange={(n) => set({ [key]: [n ?? null, hi] })}
          />
          <InputNumber
            size="small"
            aria-label={`${label} max`}
            placeholder="Max"
            value={hi}
            onChange={(n) => set({ [key]: [lo, n ?? null] })}
          />
        </span>
      </Field>
    );
  };
  const type = draft.colType ?? '';
  return (
    <div className="rama-popover-editor" role="dialog" aria-label="Edit time series column">
      <div className="rama-editor-fields">
        {text('label', 'Label')}
        {text('tooltip', 'Tooltip')}
        <Field label="Type">
          <Select
            size="small"
            aria-label="Type"
            placeholder="Select a type"
            value={type || undefined}
            onChange={(colType: TimeTableColumn['colType']) => set({ colType })}
            options={TIME_TABLE_COLUMN_TYPES.map(([v, l]) => ({ value: v, label: l }))}
          />
        </Field>
        {type === 'spark' && (
          <>
            {text('width', 'Width', '300')}
            {text('height', 'Height', '50')}
            {text('timeRatio', 'Time ratio', 'Number of periods to ratio against')}
            <Field label="Chart type">
              <Select
                size="small"
                aria-label="Chart type"
                value={draft.sparkType ?? 'line'}
                onChange={(sparkType: TimeTableColumn['sparkType']) => set({ sparkType })}
                options={['line', 'bar', 'area'].map((v) => ({ value: v, label: v }))}
              />
            </Field>
            <Checkbox checked={draft.showYAxis === true} onChange={(e) => set({ showYAxis: e.target.checked })}>
              Show Y-axis
            </Checkbox>
            {pair('yAxisBounds', 'Y-axis bounds')}
            {text('dateFormat', 'Date format', '%Y-%m-%d')}
          </>
        )}
        {(type === 'time' || type === 'avg') && text('timeLag', 'Time lag', 'Number of periods')}
        {type === 'time' && (
          <Field label="Type of comparison">
            <Select
              size="small"
              aria-label="Type of comparison"
              value={draft.comparisonType || undefined}
              onChange={(comparisonType: TimeTableColumn['comparisonType']) => set({ comparisonType })}
              options={TIME_TABLE_COMPARISONS.map(([v, l]) => ({ value: v, label: l }))}
            />
          </Field>
        )}
        {type !== 'spark' && text('d3format', 'Number format', ',.2f')}
        {type !== 'spark' && pair('bounds', 'Color bounds')}
      </div>
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button size="small" type="primary" disabled={!type} onClick={() => onSave(draft)}>
          Apply
        </Button>
      </div>
    </div>
  );
}

export function TimeSeriesColumnControl({ name, value, onChange }: ControlProps) {
  const columns = columnList(value);
  return (
    <EditedList
      name={name}
      items={columns}
      onChange={onChange}
      addLabel="Add new column"
      chipOf={(c, i) => ({ key: c.key || String(i), title: columnTitle(c), label: columnTitle(c) })}
      editor={({ index, onSave, onClose }) => (
        <ColumnEditor column={index === 'new' ? newTimeTableColumn(newKey()) : columns[index]} onSave={onSave} onClose={onClose} />
      )}
    />
  );
}
