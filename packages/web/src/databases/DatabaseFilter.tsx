import { FilterSelect, type IdFilterProps } from '../components/FilterSelect';
import { t } from '../i18n';
import { useListDatabasesQuery } from './databaseApi';

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
