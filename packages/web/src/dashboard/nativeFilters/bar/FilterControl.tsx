/**
 * One filter's value picker in the bar (issue 13 part 2), by filter type: a searchable select of
 * the column's values (several or one; parents narrow them), a range slider between the column's
 * min and max, Explore's time range picker, a time grain or a time column. What is picked becomes
 * the filter's mask through the shared rule (`filterDataMask`).
 */
import { useTranslation } from 'react-i18next';
import { sharedText } from '../../../i18n';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, InputNumber, Select, Slider, Space, Spin } from 'antd';
import {
  TIME_GRAINS,
  filterDataMask,
  hasFilterValue,
  singleFilterValue,
  type DataMask,
  type ExtraFormData,
  type NativeFilter,
} from '@rama/shared';
import { TimeRangePicker } from '../../../explore/controls/TimeRangePicker';
import { useFilterDataset, useFilterOptions } from './useFilterOptions';

export interface FilterControlProps {
  filter: NativeFilter;
  /** the picked (not yet applied) mask */
  mask: DataMask | undefined;
  parentExtraFormData: ExtraFormData;
  onChange: (mask: DataMask) => void;
  /** set a value without waiting for Apply (the first value by default) */
  onApplyNow: (mask: DataMask) => void;
  compact?: boolean;
}

const optionLabel = (v: unknown) => (v === null ? '<NULL>' : typeof v === 'boolean' ? String(v) : String(v));
const optionKey = (v: unknown) => (v === null ? '\u0000null' : String(v));

function SelectFilter({ filter, mask, parentExtraFormData, onChange, onApplyNow, compact }: FilterControlProps) {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useState('');
  const options = useFilterOptions(filter, parentExtraFormData, search);
  const multi = filter.controlValues?.multiSelect !== false;
  const selected = useMemo(() => (Array.isArray(mask?.filterState.value) ? mask.filterState.value : []) as unknown[], [mask]);
  const byKey = useMemo(() => new Map([...options.values, ...selected].map((v) => [optionKey(v), v])), [options.values, selected]);

  // "Select first filter value by default": once the options are in and nothing is picked
  const firstDone = useRef(false);
  useEffect(() => {
    if (firstDone.current || !filter.controlValues?.defaultToFirstItem || options.loading || hasFilterValue(mask?.filterState)) return;
    if (!options.values.length) return;
    firstDone.current = true;
    onApplyNow(filterDataMask(filter, [options.values[0]]));
  }, [filter, options.loading, options.values, mask, onApplyNow]);

  const change = (keys: string | string[] | undefined) => {
    const list = keys === undefined ? [] : Array.isArray(keys) ? keys : [keys];
    onChange(
      filterDataMask(
        filter,
        list.map((k) => byKey.get(k) ?? k),
      ),
    );
  };
  return (
    <>
      <Select
        aria-label={filter.name}
        mode={multi ? 'multiple' : undefined}
        allowClear
        showSearch
        maxTagCount={compact ? 'responsive' : undefined}
        style={{ width: '100%', minWidth: compact ? 160 : undefined }}
        placeholder={options.loading ? t('common:loadingEllipsis') : t('filterBar.options', { count: options.values.length })}
        value={multi ? selected.map(optionKey) : selected.length ? optionKey(selected[0]) : undefined}
        onChange={change}
        onSearch={setSearch}
        onDropdownVisibleChange={(open) => !open && setSearch('')}
        filterOption={
          filter.controlValues?.searchAllOptions
            ? false
            : (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
        }
        notFoundContent={options.loading ? <Spin size="small" /> : undefined}
        options={options.values.map((v) => ({ value: optionKey(v), label: optionLabel(v) }))}
        status={options.error ? 'error' : undefined}
      />
      {options.error && <div className="rama-filter-error">{options.error}</div>}
    </>
  );
}

function RangeFilter({ filter, mask, parentExtraFormData, onChange }: FilterControlProps) {
  const { t } = useTranslation('dashboard');
  const options = useFilterOptions(filter, parentExtraFormData, '');
  const value = (Array.isArray(mask?.filterState.value) ? mask.filterState.value : [null, null]) as (number | null)[];
  const [lo, hi] = [value[0] ?? null, value[1] ?? null];
  const min = options.min ?? 0;
  const max = options.max ?? 0;
  const set = (a: number | null, b: number | null) => onChange(filterDataMask(filter, [a, b]));
  if (options.loading) return <Spin size="small" />;
  if (options.error) return <Alert type="error" showIcon title={options.error} />;
  return (
    <div className="rama-filter-range">
      <Slider
        range
        min={min}
        max={max}
        step={Number.isInteger(min) && Number.isInteger(max) ? 1 : (max - min) / 100 || 1}
        value={[lo ?? min, hi ?? max]}
        onChange={(v: number[]) => set(v[0] === min ? null : v[0], v[1] === max ? null : v[1])}
        aria-label={t('filterBar.rangeLabel', { name: filter.name })}
      />
      <Space.Compact block>
        <InputNumber
          aria-label={t('filterBar.fromLabel', { name: filter.name })}
          placeholder={String(min)}
          value={lo}
          onChange={(v) => set(v ?? null, hi)}
          style={{ width: '50%' }}
        />
        <InputNumber
          aria-label={t('filterBar.toLabel', { name: filter.name })}
          placeholder={String(max)}
          value={hi}
          onChange={(v) => set(lo, v ?? null)}
          style={{ width: '50%' }}
        />
      </Space.Compact>
    </div>
  );
}

function TimeColumnFilter({ filter, mask, onChange, compact }: FilterControlProps) {
  const { t } = useTranslation('dashboard');
  const datasource = useFilterDataset(filter.targets?.[0]?.datasetId);
  const columns = (datasource?.columns ?? []).filter((c) => c.is_dttm);
  const value = singleFilterValue(mask?.filterState);
  return (
    <Select
      aria-label={filter.name}
      allowClear
      style={{ width: '100%', minWidth: compact ? 160 : undefined }}
      placeholder={t('filterBar.timeColumn')}
      loading={!datasource}
      value={typeof value === 'string' ? value : undefined}
      onChange={(v?: string) => onChange(filterDataMask(filter, v ?? null))}
      options={columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
    />
  );
}

export function FilterControl(props: FilterControlProps) {
  const { t } = useTranslation('dashboard');
  const { filter, mask, onChange, compact } = props;
  switch (filter.filterType) {
    case 'filter_select':
      return <SelectFilter {...props} />;
    case 'filter_range':
      return <RangeFilter {...props} />;
    case 'filter_time': {
      const value = typeof mask?.filterState.value === 'string' ? mask.filterState.value : null;
      return <TimeRangePicker id={`filter-${filter.id}`} value={value} onChange={(v) => onChange(filterDataMask(filter, v))} />;
    }
    case 'filter_timegrain': {
      const value = singleFilterValue(mask?.filterState);
      return (
        <Select
          aria-label={filter.name}
          allowClear
          style={{ width: '100%', minWidth: compact ? 140 : undefined }}
          placeholder={t('filterBar.timeGrain')}
          value={typeof value === 'string' ? value : undefined}
          onChange={(v?: string) => onChange(filterDataMask(filter, v ?? null))}
          options={TIME_GRAINS.map((g) => ({ value: g.duration, label: sharedText('controls', g.name) }))}
        />
      );
    }
    case 'filter_timecolumn':
      return <TimeColumnFilter {...props} />;
    default:
      return <Alert type="warning" showIcon title={t('filterBar.unknownType', { type: filter.filterType })} />;
  }
}
