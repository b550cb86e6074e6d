/**
 * Per result column, in a compact popover: a table's number or time format, alignment, cell bars
 * and width; or, for a radar (`columnSettings: 'radar'`), each metric's spoke range.
 */
import { useState } from 'react';
import { Checkbox, InputNumber, Popover, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '@rama/shared';
import { ColumnTypeIcon } from './ColumnTypeIcon';
import { CurrencyPicker } from './CurrencyControl';
import { controlText } from './controlTexts';
import { columnConfigMap, columnConfigSummary, setColumnConfig, type ColumnConfigEntry } from './columnConfig';
import { resultColumnsOf, type ResultColumn } from './resultColumns';
import type { ControlProps } from './types';

function FormatSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value?: string;
  options: [string, string][];
  onChange: (v?: string) => void;
}) {
  const { t } = useTranslation('explorecontrols');
  const [search, setSearch] = useState('');
  const all = options.map(([v, l]) => ({ value: v, label: controlText(l) }));
  if (value && !options.some(([v]) => v === value)) all.unshift({ value, label: value });
  if (search.trim() && !all.some((o) => o.value === search.trim())) all.unshift({ value: search.trim(), label: search.trim() });
  return (
    <label className="rama-editor-field">
      <span>{label}</span>
      <Select
        aria-label={label}
        size="small"
        allowClear
        placeholder={t('default')}
        value={value}
        options={all}
        showSearch={{ onSearch: setSearch, optionFilterProp: 'label' }}
        onChange={(v: string | undefined) => {
          setSearch('');
          onChange(v);
        }}
        popupMatchSelectWidth={false}
      />
    </label>
  );
}

function ColumnSettings({
  column,
  entry,
  onChange,
}: {
  column: ResultColumn;
  entry: ColumnConfigEntry;
  onChange: (patch: Partial<ColumnConfigEntry>) => void;
}) {
  const { t } = useTranslation('explorecontrols');
  const numeric = column.kind === 'numeric' || column.isMetric;
  return (
    <div className="rama-popover-editor rama-column-config-editor" role="dialog" aria-label={t('settingsOf', { name: column.name })}>
      <div className="rama-editor-fields">
        {numeric && (
          <FormatSelect
            label={t('numberFormat')}
            value={entry.d3NumberFormat}
            options={NUMBER_FORMAT_OPTIONS}
            onChange={(d3NumberFormat) => onChange({ d3NumberFormat })}
          />
        )}
        {numeric && (
          <div className="rama-editor-field">
            <span>{t('currencyFormat')}</span>
            <CurrencyPicker
              size="small"
              label={t('currencyFormat')}
              value={entry.currencyFormat}
              onChange={(currencyFormat) => onChange({ currencyFormat })}
            />
          </div>
        )}
        {column.kind === 'temporal' && (
          <FormatSelect
            label={t('timeFormat')}
            value={entry.d3TimeFormat}
            options={TIME_FORMAT_OPTIONS}
            onChange={(d3TimeFormat) => onChange({ d3TimeFormat })}
          />
        )}
        <label className="rama-editor-field">
          <span>{t('textAlign')}</span>
          <Radio.Group
            size="small"
            value={entry.horizontalAlign ?? (numeric ? 'right' : 'left')}
            onChange={(e) => onChange({ horizontalAlign: e.target.value as ColumnConfigEntry['horizontalAlign'] })}
          >
            <Radio.Button value="left">{t('alignLeft')}</Radio.Button>
            <Radio.Button value="center">{t('alignCenter')}</Radio.Button>
            <Radio.Button value="right">{t('alignRight')}</Radio.Button>
          </Radio.Group>
        </label>
        {numeric && (
          <>
            <Checkbox
              checked={entry.showCellBars !== false}
              onChange={(e) => onChange({ showCellBars: e.target.checked ? undefined : false })}
            >
              {t('showCellBars')}
            </Checkbox>
            <Checkbox
              checked={entry.alignPositiveNegative === true}
              onChange={(e) => onChange({ alignPositiveNegative: e.target.checked || undefined })}
            >
              {t('alignPositiveNegative')}
            </Checkbox>
            <Checkbox
              checked={entry.colorPositiveNegative === true}
              onChange={(e) => onChange({ colorPositiveNegative: e.target.checked || undefined })}
            >
              {t('colorPositiveNegative')}
            </Checkbox>
          </>
        )}
        <label className="rama-editor-field">
          <span>{t('columnWidth')}</span>
          <InputNumber
            size="small"
            min={20}
            max={2000}
            placeholder={t('auto')}
            value={entry.columnWidth}
            onChange={(n) => onChange({ columnWidth: n ?? undefined })}
          />
        </label>
      </div>
    </div>
  );
}

/** The label's key, the setting, and the placeholder's key (a number shows as it is). */
const SPOKE_FIELDS = [
  ['min', 'radarMetricMinValue', null],
  ['max', 'radarMetricMaxValue', 'auto'],
] as const;

/** A radar spoke's range: its lowest and highest values. */
function SpokeSettings({
  column,
  entry,
  onChange,
}: {
  column: ResultColumn;
  entry: ColumnConfigEntry;
  onChange: (patch: Partial<ColumnConfigEntry>) => void;
}) {
  const { t } = useTranslation('explorecontrols');
  return (
    <div className="rama-popover-editor rama-column-config-editor" role="dialog" aria-label={t('settingsOf', { name: column.name })}>
      <div className="rama-editor-fields">
        {SPOKE_FIELDS.map(([label, key, placeholder]) => (
          <label className="rama-editor-field" key={key}>
            <span>{t(label)}</span>
            <InputNumber
              size="small"
              aria-label={t(label)}
              placeholder={placeholder === null ? '0' : t(placeholder)}
              value={entry[key]}
              onChange={(n) => onChange({ [key]: n ?? undefined })}
            />
          </label>
        ))}
        <div className="rama-editor-hint">{t('spokeHint')}</div>
      </div>
    </div>
  );
}

export function ColumnConfigControl({ name, value, onChange, formData, datasource, config }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const map = columnConfigMap(value);
  const radar = config.columnSettings === 'radar';
  const columns = resultColumnsOf(formData, datasource).filter((c) => !radar || c.isMetric);
  if (columns.length === 0) return <div className="rama-editor-empty">{radar ? t('chooseMetricsFirst') : t('chooseColumnsFirst')}</div>;
  const Settings = radar ? SpokeSettings : ColumnSettings;
  const verbose = new Map([
    ...(datasource?.metrics ?? []).map((m) => [m.metric_name, m.verbose_name] as const),
    ...(datasource?.columns ?? []).map((col) => [col.column_name, col.verbose_name] as const),
  ]);
  // a percentage metric's column is the metric's name after '%'
  const displayName = (c: ResultColumn) =>
    verbose.get(c.name) || (c.name.startsWith('%') && verbose.get(c.name.slice(1)) ? `%${verbose.get(c.name.slice(1))}` : c.name);
  return (
    <div className="rama-column-config" id={`control-${name}`}>
      {columns.map((c) => (
        <Popover
          key={c.name}
          trigger="click"
          placement="right"
          destroyOnHidden
          content={<Settings column={c} entry={map[c.name] ?? {}} onChange={(patch) => onChange(setColumnConfig(map, c.name, patch))} />}
        >
          <button type="button" className="rama-column-config-row" aria-label={t('settingsOf', { name: c.name })}>
            <ColumnTypeIcon kind={c.isMetric ? 'metric' : c.kind} />
            <span className="rama-chip-text">{displayName(c)}</span>
            <span className="rama-column-config-summary">{columnConfigSummary(map[c.name])}</span>
          </button>
        </Popover>
      ))}
    </div>
  );
}
