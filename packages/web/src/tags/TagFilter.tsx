/** "Tag: …" filter of the chart and dashboard lists: the existing custom tags, by id. */
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../components/FilterSelect';
import { useListTagsQuery } from './tagApi';

const ALL_TAGS = {
  filters: [{ col: 'type', opr: 'eq', value: 1 }],
  order_column: 'name',
  order_direction: 'asc',
  page: 0,
  page_size: 1000,
} as const;

export function TagFilter({ value, onChange }: { value: number | null; onChange: (tagId: number | null) => void }) {
  const { t } = useTranslation('tags');
  const { data, isFetching } = useListTagsQuery({ ...ALL_TAGS, filters: [...ALL_TAGS.filters] });
  return (
    <FilterSelect
      label={t('filterByTag')}
      prefix={t('tag')}
      placeholder={t('common:all')}
      value={value}
      onChange={onChange}
      loading={isFetching}
      options={(data?.result ?? []).map((t) => ({ value: t.id, label: t.name }))}
    />
  );
}
