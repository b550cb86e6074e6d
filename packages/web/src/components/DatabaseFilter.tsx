import { Select } from 'antd';
import { useListDatabasesQuery } from '../databases/databaseApi';

interface DatabaseFilterProps {
  value: number | null;
  onChange: (databaseId: number | null) => void;
}

const ALL_DATABASES = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 } as const;

/** "Database: …" filter of the list pages: the databases the user can see, searchable, clearable. */
export function DatabaseFilter({ value, onChange }: DatabaseFilterProps) {
  const { data, isFetching } = useListDatabasesQuery(ALL_DATABASES);
  const handleChange = (id: number | undefined) => onChange(id ?? null);
  return (
    <Select<number>
      aria-label="Filter by database"
      className="rama-filter-select"
      prefix={<span className="rama-select-prefix">Database</span>}
      placeholder="All"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      value={value ?? undefined}
      onChange={handleChange}
      options={(data?.result ?? []).map((db) => ({ value: db.id, label: db.database_name }))}
      popupMatchSelectWidth={false}
    />
  );
}
