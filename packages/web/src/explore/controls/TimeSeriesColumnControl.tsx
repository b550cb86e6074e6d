/**
 * The time table's `column_collection`: a chip per column (sparkline, time comparison,
 * contribution, period average), edited in a popover with the fields of its type, saved in the
 * BI server's column shape (numbers typed as text, as its editor saves them).
 */
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIME_TABLE_COLUMN_TYPES, TIME_TABLE_COMPARISONS, newTimeTableColumn, type TimeTableColumn } from '@rama/shared';
import { controlText } from './controlTexts';
import { EditedList } from './EditedList';
import { t as translate } from '../../i18n';
import type { ControlProps } from './types';

const TYPE_NAMES = Object.fromEntries(TIME_TABLE_COLUMN_TYPES);

export function columnList(value: unknown): TimeTableColumn[] {
  return Array.isArray(value) ? (value.filter((c) => c && typeof c === 'object') as TimeTableColumn[]) : [];
}

export const columnTitle = (c: TimeTableColumn): string =>
  c.label || (TYPE_NAMES[c.colType ?? ''] ? controlText(TYPE_NAMES[c.colType ?? '']) : translate('explorecontrols:column'));

/** The sparkline's chart types and the keys of their names. */
const SPARK_TYPES = [
  ['line', 'sparkLine'],
  ['bar', 'sparkBar'],
  ['area', 'sparkArea'],
] as const;

/** Example formats shown in the empty fields. */
const DATE_FORMAT_EXAMPLE = '%Y-%m-%d';
const NUMBER_FORMAT_EXAMPLE = ',.2f';

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
  const { t } = useTranslation('explorecontrols');
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
            aria-label={t('boundMinOf', { label })}
            placeholder={t('min')}
            value={lo}
            onChange={(n) => set({ [key]: [n ?? null, hi] })}
          />
          <InputNumber
            size="small"
            aria-label={t('boundMaxOf', { label })}
            placeholder={t('max')}
            value={hi}
            onChange={(n) => set({ [key]: [lo, n ?? null] })}
          />
        </span>
      </Field>
    );
  };
  const type = draft.colType ?? '';
  return (
    <div className="rama-popover-editor" role="dialog" aria-label={t('editTimeSeriesColumn')}>
      <div className="rama-editor-fields">
        {text('label', t('label'))}
        {text('tooltip', t('tooltip'))}
        <Field label={t('common:type')}>
          <Select
            size="small"
            aria-label={t('common:type')}
            placeholder={t('selectType')}
            value={type || undefined}
            onChange={(colType: TimeTableColumn['colType']) => set({ colType })}
            options={TIME_TABLE_COLUMN_TYPES.map(([v, l]) => ({ value: v, label: controlText(l) }))}
          />
        </Field>
        {type === 'spark' && (
          <>
            {text('width', t('width'), '300')}
            {text('height', t('height'), '50')}
            {text('timeRatio', t('timeRatio'), t('timeRatioPlaceholder'))}
            <Field label={t('chartType')}>
              <Select
                size="small"
                aria-label={t('chartType')}
                value={draft.sparkType ?? 'line'}
                onChange={(sparkType: TimeTableColumn['sparkType']) => set({ sparkType })}
                options={SPARK_TYPES.map(([v, key]) => ({ value: v, label: t(key) }))}
              />
            </Field>
            <Checkbox checked={draft.showYAxis === true} onChange={(e) => set({ showYAxis: e.target.checked })}>
              {t('showYAxis')}
            </Checkbox>
            {pair('yAxisBounds', t('yAxisBounds'))}
            {text('dateFormat', t('dateFormat'), DATE_FORMAT_EXAMPLE)}
          </>
        )}
        {(type === 'time' || type === 'avg') && text('timeLag', t('timeLag'), t('numberOfPeriods'))}
        {type === 'time' && (
          <Field label={t('comparisonType')}>
            <Select
              size="small"
              aria-label={t('comparisonType')}
              value={draft.comparisonType || undefined}
              onChange={(comparisonType: TimeTableColumn['comparisonType']) => set({ comparisonType })}
              options={TIME_TABLE_COMPARISONS.map(([v, l]) => ({ value: v, label: controlText(l) }))}
            />
          </Field>
        )}
        {type !== 'spark' && text('d3format', t('numberFormat'), NUMBER_FORMAT_EXAMPLE)}
        {type !== 'spark' && pair('bounds', t('colorBounds'))}
      </div>
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button size="small" type="primary" disabled={!type} onClick={() => onSave(draft)}>
          {t('common:apply')}
        </Button>
      </div>
    </div>
  );
}

export function TimeSeriesColumnControl({ name, value, onChange }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const columns = columnList(value);
  return (
    <EditedList
      name={name}
      items={columns}
      onChange={onChange}
      addLabel={t('addColumn')}
      chipOf={(c, i) => ({ key: c.key || String(i), title: columnTitle(c), label: columnTitle(c) })}
      editor={({ index, onSave, onClose }) => (
        <ColumnEditor column={index === 'new' ? newTimeTableColumn(newKey()) : columns[index]} onSave={onSave} onClose={onClose} />
      )}
    />
  );
}
