import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { VIZ_DEFINITIONS } from '@rama/shared';
import { SearchBox } from '../components/ListParts';
import { FilterSelect, OwnerFilter } from '../components/FilterSelect';
import { ListViewSwitch, type ListView } from '../components/ListViewSwitch';
import { FavoriteCertifiedFilters } from '../components/YesNoFilter';
import { useListDatasetsQuery } from '../datasets/datasetApi';
import { useListDashboardsQuery } from '../dashboards/dashboardApi';
import { useChartRelatedOwnersQuery } from './chartApi';
import type { ChartFilters } from './chartList';
import { TagFilter } from '../tags/TagFilter';
import { currentLocale, sharedText } from '../i18n';

/** The chart types by name in the reader's language, sorted as that language sorts. */
const vizOptions = () =>
  [...VIZ_DEFINITIONS.values()]
    .map((d) => ({ value: d.meta.key, label: sharedText('visualizations', d.meta.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, currentLocale()));
const ALL_DATASETS = { order_column: 'table_name', order_direction: 'asc', page: 0, page_size: 100 } as const;
const ALL_DASHBOARDS = { order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 100 } as const;

interface ChartToolbarProps {
  filters: ChartFilters;
  onChange: (change: Partial<ChartFilters>) => void;
  view: ListView;
  onViewChange: (view: ListView) => void;
}

/** Search and filters of the chart list, and the table / card switch. */
export function ChartToolbar({ filters, onChange, view, onViewChange }: ChartToolbarProps) {
  const { t } = useTranslation('charts');
  const datasets = useListDatasetsQuery(ALL_DATASETS);
  const dashboards = useListDashboardsQuery(ALL_DASHBOARDS);
  const owners = useChartRelatedOwnersQuery('');

  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox
        value={filters.name}
        onChange={(name) => onChange({ name })}
        placeholder={t('toolbar.searchPlaceholder')}
        label={t('toolbar.searchLabel')}
      />
      <FilterSelect<string>
        label={t('toolbar.byType')}
        prefix={t('common:type')}
        placeholder={t('common:all')}
        value={filters.vizType}
        onChange={(vizType) => onChange({ vizType })}
        options={vizOptions()}
      />
      <FilterSelect
        label={t('toolbar.byDataset')}
        prefix={t('common:dataset')}
        placeholder={t('common:all')}
        value={filters.datasetId}
        onChange={(datasetId) => onChange({ datasetId })}
        loading={datasets.isFetching}
        options={(datasets.data?.result ?? []).map((ds) => ({
          value: ds.id,
          label: ds.schema ? `${ds.schema}.${ds.table_name}` : ds.table_name,
        }))}
      />
      <OwnerFilter value={filters.ownerId} onChange={(ownerId) => onChange({ ownerId })} owners={owners} />
      <FilterSelect
        label={t('toolbar.byDashboard')}
        prefix={t('common:dashboard')}
        placeholder={t('common:all')}
        value={filters.dashboardId}
        onChange={(dashboardId) => onChange({ dashboardId })}
        loading={dashboards.isFetching}
        options={(dashboards.data?.result ?? []).map((d) => ({ value: d.id, label: d.dashboard_title }))}
      />
      <TagFilter value={filters.tagId ?? null} onChange={(tagId) => onChange({ tagId })} />
      <FavoriteCertifiedFilters favorite={filters.favorite} certified={filters.certified} onChange={onChange} />
      <ListViewSwitch value={view} onChange={onViewChange} />
    </Flex>
  );
}
