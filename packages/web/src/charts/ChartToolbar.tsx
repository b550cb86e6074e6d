import { Flex, Segmented, Select } from 'antd';
import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import { VIZ_DEFINITIONS } from '@rama/shared';
import { SearchBox } from '../components/ListParts';
import { FilterSelect } from '../components/DatabaseFilter';
import { useListDatasetsQuery } from '../datasets/datasetApi';
import { useListDashboardsQuery } from '../dashboards/dashboardApi';
import { useChartRelatedOwnersQuery } from './chartApi';
import { boolOf, triStateOf, type ChartFilters, type TriState } from './chartList';

export type ChartView = 'table' | 'card';

const VIZ_OPTIONS = [...VIZ_DEFINITIONS.values()]
  .map((d) => ({ value: d.meta.key, label: d.meta.name }))
  .sort((a, b) => a.label.localeCompare(b.label));
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const ALL_DATASETS = { order_column: 'table_name', order_direction: 'asc', page: 0, page_size: 100 } as const;
const ALL_DASHBOARDS = { order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 100 } as const;

interface ChartToolbarProps {
  filters: ChartFilters;
  onChange: (change: Partial<ChartFilters>) => void;
  view: ChartView;
  onViewChange: (view: ChartView) => void;
}

function YesNoFilter({
  label,
  prefix,
  value,
  onChange,
}: {
  label: string;
  prefix: string;
  value: boolean | null;
  onChange: (v: boolean | null) => void;
}) {
  return (
    <Select<TriState>
      aria-label={label}
      className="rama-filter-select"
      prefix={<span className="rama-select-prefix">{prefix}</span>}
      placeholder="Any"
      allowClear
      value={triStateOf(value)}
      onChange={(v) => onChange(boolOf(v))}
      options={YES_NO}
      popupMatchSelectWidth={false}
    />
  );
}

/** Search and filters of the chart list, and the table / card switch. */
export function ChartToolbar({ filters, onChange, view, onViewChange }: ChartToolbarProps) {
  const datasets = useListDatasetsQuery(ALL_DATASETS);
  const dashboards = useListDashboardsQuery(ALL_DASHBOARDS);
  const owners = useChartRelatedOwnersQuery('');

  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox value={filters.name} onChange={(name) => onChange({ name })} placeholder="Search by name" label="Search charts by name" />
      <Select<string>
        aria-label="Filter by chart type"
        className="rama-filter-select"
        prefix={<span className="rama-select-prefix">Type</span>}
        placeholder="All"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.vizType ?? undefined}
        onChange={(v: string | undefined) => onChange({ vizType: v ?? null })}
        options={VIZ_OPTIONS}
        popupMatchSelectWidth={false}
      />
      <FilterSelect
        label="Filter by dataset"
        prefix="Dataset"
        placeholder="All"
        value={filters.datasetId}
        onChange={(datasetId) => onChange({ datasetId })}
        loading={datasets.isFetching}
        options={(datasets.data?.result ?? []).map((ds) => ({
          value: ds.id,
          label: ds.schema ? `${ds.schema}.${ds.table_name}` : ds.table_name,
        }))}
      />
      <FilterSelect
        label="Filter by owner"
        prefix="Owner"
        placeholder="All"
        value={filters.ownerId}
        onChange={(ownerId) => onChange({ ownerId })}
        loading={owners.isFetching}
        options={(owners.data ?? []).map((u) => ({ value: u.value, label: u.text }))}
      />
      <FilterSelect
        label="Filter by dashboard"
        prefix="Dashboard"
        placeholder="All"
        value={filters.dashboardId}
        onChange={(dashboardId) => onChange({ dashboardId })}
        loading={dashboards.isFetching}
        options={(dashboards.data?.result ?? []).map((d) => ({ value: d.id, label: d.dashboard_title }))}
      />
      <YesNoFilter label="Filter by favorite" prefix="Favorite" value={filters.favorite} onChange={(favorite) => onChange({ favorite })} />
      <YesNoFilter
        label="Filter by certified"
        prefix="Certified"
        value={filters.certified}
        onChange={(certified) => onChange({ certified })}
      />
      <Segmented<ChartView>
        className="rama-view-switch"
        aria-label="View"
        value={view}
        onChange={onViewChange}
        options={[
          { value: 'card', icon: <AppstoreOutlined />, title: 'Card view' },
          { value: 'table', icon: <BarsOutlined />, title: 'List view' },
        ]}
      />
    </Flex>
  );
}
