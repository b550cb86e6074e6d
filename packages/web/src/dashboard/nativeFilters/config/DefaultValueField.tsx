/**
 * The filter's default value, picked as the filter bar picks a value: a value filter's values
 * (listed by the options query, narrowed by its parents' default values; any typed value is kept),
 * a range's bounds, the time range picker, a grain of the dataset's engine, a temporal column.
 */
import { useTranslation } from 'react-i18next';
import { useMemo, useState } from 'react';
import { InputNumber, Select, Space } from 'antd';
import {
  GenericDataType,
  NO_TIME_RANGE,
  filterOptionsQueryContext,
  isNativeFilter,
  parentExtraFormData,
  type DataMaskState,
  type ExploreDatasource,
  type FilterConfigItem,
  type NativeFilter,
} from '@rama/shared';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { TimeRangePicker } from '../../../explore/controls/TimeRangePicker';
import { columnOf, defaultValueOf, temporalColumns, timeGrainChoices } from './filterEdits';
import { useFilterOptionRows } from '../useFilterOptionRows';

export interface DefaultValueFieldProps {
  id: string;
  filter: NativeFilter;
  /** the live filters: the parents' default values narrow the values offered */
  items: FilterConfigItem[];
  dataset: ExploreDatasource | undefined;
  onChange: (value: unknown) => void;
  invalid: boolean;
}

type OptionValue = string | number;
const isOptionValue = (v: unknown): v is OptionValue => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** The parents' default values, as the masks a bar would start from. */
function defaultMasks(items: readonly FilterConfigItem[]): DataMaskState {
  return Object.fromEntries(items.filter(isNativeFilter).map((f) => [f.id, { id: f.id, ...f.defaultDataMask }]));
}

function SelectDefault({ id, filter, items, dataset, onChange, invalid }: DefaultValueFieldProps) {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const column = columnOf(filter);
  const textColumn = dataset?.columns.find((c) => c.column_name === column)?.type_generic === GenericDataType.STRING;
  const query = useMemo(
    () =>
      filterOptionsQueryContext(filter, {
        parentExtraFormData: parentExtraFormData(items, defaultMasks(items), filter.id),
        search: textColumn ? term : undefined,
      }),
    [filter, items, term, textColumn],
  );
  const options = useFilterOptionRows(query);
  const multi = filter.controlValues?.multiSelect !== false;
  const firstByDefault = Boolean(filter.controlValues?.defaultToFirstItem);
  const current = defaultValueOf(filter);
  const values = (Array.isArray(current) ? current : current === undefined || current === null ? [] : [current]).filter(isOptionValue);
  const choices = [...new Set([...values, ...options.rows.map((r) => (column ? r[column] : undefined)).filter(isOptionValue)])];

  return (
    <Select<OptionValue[] | OptionValue | null>
      id={id}
      mode={multi ? 'tags' : undefined}
      value={multi ? values : (values[0] ?? null)}
      onChange={(v) => onChange(Array.isArray(v) ? v : v === null || v === undefined ? [] : [v])}
      options={choices.map((v) => ({ value: v, label: String(v) }))}
      showSearch={{ onSearch: setSearch, searchValue: search, filterOption: textColumn ? false : undefined }}
      allowClear
      disabled={firstByDefault || !query}
      loading={options.loading}
      status={invalid ? 'error' : undefined}
      placeholder={firstByDefault ? t('config.firstValueSelected') : !query ? t('config.chooseDatasetAndColumn') : t('config.noDefault')}
      notFoundContent={options.loading ? t('common:loadingEllipsis') : (options.error ?? t('config.noValues'))}
    />
  );
}

function RangeDefault({ id, filter, onChange, invalid }: DefaultValueFieldProps) {
  const { t } = useTranslation('dashboard');
  const bounds = useFilterOptionRows(useMemo(() => filterOptionsQueryContext(filter), [filter]));
  const current = defaultValueOf(filter);
  const [lo, hi] = Array.isArray(current) ? current : [null, null];
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const row = bounds.rows[0] ?? {};
  const status = invalid ? 'error' : undefined;
  return (
    <Space.Compact block>
      <InputNumber
        id={id}
        aria-label={t('config.minimum')}
        value={num(lo)}
        onChange={(v) => onChange([num(v), num(hi)])}
        placeholder={num(row.min) !== null ? t('config.minimumOf', { value: String(row.min) }) : t('config.minimum')}
        status={status}
        style={{ width: '50%' }}
      />
      <InputNumber
        aria-label={t('config.maximum')}
        value={num(hi)}
        onChange={(v) => onChange([num(lo), num(v)])}
        placeholder={num(row.max) !== null ? t('config.maximumOf', { value: String(row.max) }) : t('config.maximum')}
        status={status}
        style={{ width: '50%' }}
      />
    </Space.Compact>
  );
}

export function DefaultValueField(props: DefaultValueFieldProps) {
  const { t } = useTranslation('dashboard');
  const { id, filter, dataset, onChange, invalid } = props;
  const current = defaultValueOf(filter);
  const status = invalid ? 'error' : undefined;
  switch (filter.filterType) {
    case 'filter_select':
      return <SelectDefault {...props} />;
    case 'filter_range':
      return <RangeDefault {...props} />;
    case 'filter_time':
      return <TimeRangePicker id={id} value={typeof current === 'string' ? current : NO_TIME_RANGE} onChange={onChange} />;
    case 'filter_timegrain':
      return (
        <Select<string | null>
          id={id}
          value={typeof current === 'string' ? current : null}
          onChange={(v) => onChange(v ?? null)}
          options={timeGrainChoices(dataset)}
          allowClear
          status={status}
          placeholder={t('config.noDefault')}
        />
      );
    case 'filter_timecolumn':
      return (
        <Select<string | null>
          id={id}
          value={typeof current === 'string' ? current : null}
          onChange={(v) => onChange(v ?? null)}
          options={(dataset ? temporalColumns(dataset) : []).map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
          allowClear
          status={status}
          placeholder={dataset ? t('config.noDefault') : t('config.chooseDatasetFirst')}
        />
      );
    default:
      return null;
  }
}
