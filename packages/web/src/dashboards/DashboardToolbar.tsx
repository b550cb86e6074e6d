import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect, OwnerFilter } from '../components/FilterSelect';
import { SearchBox } from '../components/ListParts';
import { ListViewSwitch, type ListView } from '../components/ListViewSwitch';
import { FavoriteCertifiedFilters } from '../components/YesNoFilter';
import { TagFilter } from '../tags/TagFilter';
import { useDashboardRelatedOwnersQuery } from './dashboardApi';
import { DASHBOARD_CARD_SORTS, type DashboardCardSort, type DashboardFilters } from './dashboardList';

type Status = 'published' | 'draft';

const STATUSES: Status[] = ['published', 'draft'];

interface DashboardToolbarProps {
  filters: DashboardFilters;
  onChange: (change: Partial<DashboardFilters>) => void;
  view: ListView;
  onViewChange: (view: ListView) => void;
  /** The card view's order (the table sorts by its headers); undefined: another order. */
  sort: DashboardCardSort | undefined;
  onSortChange: (sort: DashboardCardSort) => void;
}

/** Search and filters of the dashboard list, the card view's order, and the table / card switch. */
export function DashboardToolbar({ filters, onChange, view, onViewChange, sort, onSortChange }: DashboardToolbarProps) {
  const { t } = useTranslation('dashboards');
  const owners = useDashboardRelatedOwnersQuery('');
  const statusOptions = STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
  const sortOptions = DASHBOARD_CARD_SORTS.map((s) => ({ value: s.value, label: s.label }));
  const status: Status | null = filters.published === null ? null : filters.published ? 'published' : 'draft';

  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox
        value={filters.search}
        onChange={(search) => onChange({ search })}
        placeholder={t('toolbar.searchPlaceholder')}
        label={t('toolbar.searchLabel')}
      />
      <OwnerFilter value={filters.ownerId} onChange={(ownerId) => onChange({ ownerId })} owners={owners} />
      <FilterSelect<Status>
        label={t('toolbar.filterByStatus')}
        prefix={t('toolbar.status')}
        placeholder={t('toolbar.any')}
        searchable={false}
        value={status}
        onChange={(v) => onChange({ published: v === null ? null : v === 'published' })}
        options={statusOptions}
      />
      <TagFilter value={filters.tagId ?? null} onChange={(tagId) => onChange({ tagId })} />
      <FavoriteCertifiedFilters favorite={filters.favorite} certified={filters.certified} onChange={onChange} />
      {view === 'card' && (
        <Select<string>
          aria-label={t('toolbar.sortDashboards')}
          className="rama-filter-select"
          prefix={<span className="rama-select-prefix">{t('toolbar.sort')}</span>}
          placeholder={t('toolbar.custom')}
          value={sort?.value}
          onChange={(value) => {
            const next = DASHBOARD_CARD_SORTS.find((s) => s.value === value);
            if (next) onSortChange(next);
          }}
          options={sortOptions}
          popupMatchSelectWidth={false}
        />
      )}
      <ListViewSwitch value={view} onChange={onViewChange} />
    </Flex>
  );
}
