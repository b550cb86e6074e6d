import { Flex, Select } from 'antd';
import type { DatasetListItem } from '@rama/shared';
import { DatabaseFilter } from '../components/DatabaseFilter';
import { SearchBox } from '../components/ListParts';
import { useGetSchemasQuery } from '../databases/databaseApi';
import type { DatasetFilters } from './datasetList';

const KIND_OPTIONS = [
  { value: 'virtual', label: 'Virtual' },
  { value: 'physical', label: 'Physical' },
];

interface DatasetToolbarProps {
  filters: DatasetFilters;
  onChange: (change: Partial<DatasetFilters>) => void;
}

export function DatasetToolbar({ filters, onChange }: DatasetToolbarProps) {
  const { databaseId } = filters;
  const { data: schemas, isFetching: schemasLoading } = useGetSchemasQuery(
    { databaseId: databaseId ?? 0, catalog: null },
    { skip: databaseId === null },
  );

  const handleNameChange = (name: string) => onChange({ name });
  // the schemas belong to the database: a new database clears the schema
  const handleDatabaseChange = (id: number | null) => onChange({ databaseId: id, schema: null });
  const handleSchemaChange = (schema: string | undefined) => onChange({ schema: schema ?? null });
  const handleKindChange = (kind: DatasetListItem['kind'] | undefined) => onChange({ kind: kind ?? null });

  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox value={filters.name} onChange={handleNameChange} placeholder="Search by name" label="Search datasets by name" />
      <DatabaseFilter value={databaseId} onChange={handleDatabaseChange} />
      <Select<string>
        aria-label="Filter by schema"
        className="rama-filter-select"
        prefix={<span className="rama-select-prefix">Schema</span>}
        placeholder={databaseId === null ? 'Pick a database' : 'All'}
        disabled={databaseId === null}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={schemasLoading}
        value={filters.schema ?? undefined}
        onChange={handleSchemaChange}
        options={(schemas ?? []).map((schema) => ({ value: schema, label: schema }))}
        popupMatchSelectWidth={false}
      />
      <Select<DatasetListItem['kind']>
        aria-label="Filter by kind"
        className="rama-filter-select"
        prefix={<span className="rama-select-prefix">Kind</span>}
        placeholder="Any"
        allowClear
        value={filters.kind ?? undefined}
        onChange={handleKindChange}
        options={KIND_OPTIONS}
        popupMatchSelectWidth={false}
      />
    </Flex>
  );
}
