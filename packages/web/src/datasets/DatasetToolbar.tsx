import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatasetListItem } from '@rama/shared';
import { DatabaseFilter } from '../databases/DatabaseFilter';
import { FilterSelect } from '../components/FilterSelect';
import { SearchBox } from '../components/ListParts';
import { useGetSchemasQuery } from '../databases/databaseApi';
import { TagFilter } from '../tags/TagFilter';
import type { DatasetFilters } from './datasetList';

const KINDS: DatasetListItem['kind'][] = ['virtual', 'physical'];

interface DatasetToolbarProps {
  filters: DatasetFilters;
  onChange: (change: Partial<DatasetFilters>) => void;
  /** the tag filter is offered to those who may read tags */
  canReadTags?: boolean;
}

export function DatasetToolbar({ filters, onChange, canReadTags = false }: DatasetToolbarProps) {
  const { t } = useTranslation('datasets');
  const { databaseId } = filters;
  const { data: schemas, isFetching: schemasLoading } = useGetSchemasQuery(
    { databaseId: databaseId ?? 0, catalog: null },
    { skip: databaseId === null },
  );

  const handleNameChange = (name: string) => onChange({ name });
  // the schemas belong to the database: a new database clears the schema
  const handleDatabaseChange = (id: number | null) => onChange({ databaseId: id, schema: null });
  const handleSchemaChange = (schema: string | null) => onChange({ schema });
  const handleKindChange = (kind: DatasetListItem['kind'] | null) => onChange({ kind });

  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox value={filters.name} onChange={handleNameChange} placeholder={t('searchByName')} label={t('searchDatasets')} />
      <DatabaseFilter value={databaseId} onChange={handleDatabaseChange} />
      <FilterSelect<string>
        label={t('filterBySchema')}
        prefix={t('common:schema')}
        placeholder={databaseId === null ? t('pickDatabase') : t('common:all')}
        disabled={databaseId === null}
        loading={schemasLoading}
        value={filters.schema}
        onChange={handleSchemaChange}
        options={(schemas ?? []).map((schema) => ({ value: schema, label: schema }))}
      />
      <FilterSelect<DatasetListItem['kind']>
        label={t('filterByKind')}
        prefix={t('kind')}
        placeholder={t('kind.any')}
        searchable={false}
        value={filters.kind}
        onChange={handleKindChange}
        options={KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
      />
      {canReadTags && <TagFilter value={filters.tagId ?? null} onChange={(tagId) => onChange({ tagId })} />}
    </Flex>
  );
}
