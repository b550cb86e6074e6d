import type { ReactNode } from 'react';
import { Select } from 'antd';
import { useListDatabasesQuery } from '../databases/databaseApi';
import { t } from '../i18n';

interface IdFilterProps {
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

const ALL_DATABASES = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 } as const;

/** "Database: …" filter of the list pages: the databases the user can see. */
export function DatabaseFilter({ value, onChange }: IdFilterProps) {
  const { data, isFetching } = useListDatabasesQuery(ALL_DATABASES);
  return (
    <FilterSelect
      value={value}
      onChange={onChange}
      label={t('components:filter.byDatabase')}
      prefix={t('common:database')}
      placeholder={t('common:all')}
      loading={isFetching}
      options={(data?.result ?? []).map((db) => ({ value: db.id, label: db.database_name }))}
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
