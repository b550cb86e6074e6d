import type { ReactNode } from 'react';
import { Select } from 'antd';
import { t } from '../i18n';

/** A filter on one id (a database, an owner): cleared is null. */
export interface IdFilterProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

interface FilterSelectProps<V extends string | number> {
  value: V | null;
  onChange: (value: V | null) => void;
  /** accessible name: "Filter by database" */
  label: string;
  /** shown inside the select: "Database" */
  prefix: ReactNode;
  /** shown when nothing is picked: "All" */
  placeholder: string;
  options: { value: V; label: string }[];
  loading?: boolean;
  disabled?: boolean;
  /** type to narrow the options (long lists) */
  searchable?: boolean;
}

/** A list page's "Prefix: …" filter on one value: clearable (cleared is null), searchable when asked. */
export function FilterSelect<V extends string | number>(props: FilterSelectProps<V>) {
  const { value, onChange, label, prefix, placeholder, options, loading, disabled, searchable = true } = props;
  return (
    <Select<V>
      aria-label={label}
      className="rama-filter-select"
      prefix={<span className="rama-select-prefix">{prefix}</span>}
      placeholder={placeholder}
      allowClear
      disabled={disabled}
      showSearch={searchable ? { optionFilterProp: 'label' } : false}
      loading={loading}
      value={value ?? undefined}
      onChange={(v: V | undefined) => onChange(v ?? null)}
      options={options}
      popupMatchSelectWidth={false}
    />
  );
}

/** "Owner: …" filter of a list page: the users its `related/owners` endpoint answers. */
export function OwnerFilter({
  value,
  onChange,
  owners,
}: IdFilterProps & { owners: { data?: { value: number; text: string }[]; isFetching: boolean } }) {
  return (
    <FilterSelect
      label={t('components:filter.byOwner')}
      prefix={t('common:owner')}
      placeholder={t('common:all')}
      value={value}
      onChange={onChange}
      loading={owners.isFetching}
      options={(owners.data ?? []).map((u) => ({ value: u.value, label: u.text }))}
    />
  );
}
