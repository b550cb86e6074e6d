import { Flex, Select } from 'antd';
import { FilterSelect, OwnerFilter } from '../components/DatabaseFilter';
import { SearchBox } from '../components/ListParts';
import { ListViewSwitch, type ListView } from '../components/ListViewSwitch';
import { FavoriteCertifiedFilters } from '../components/YesNoFilter';
import { TagFilter } from '../tags/TagFilter';
import { useDashboardRelatedOwnersQuery } from './dashboardApi';
import { DASHBOARD_CARD_SORTS, type DashboardCardSort, type DashboardFilters } from './dashboardList';

type Status = 'published' | 'draft';

const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];
const SORT_OPTIONS = DASHBOARD_CARD_SORTS.map((s) => ({ value: s.value, label: s.label }));

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
  const owners = useDashboardRelatedOwnersQuery('');
  const status: Status | null = filters.published === null ? null : filters.published ? 'published' : 'draft';

  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox
        value={filters.search}
        onChange={(search) => onChange({ search })}
        placeholder="Search by title or slug"
        label="Search dashboards by title or slug"
      />
      <OwnerFilter value={filters.ownerId} onChange={(ownerId) => onChange({ ownerId })} owners={owners} />
      <FilterSelect<Status>
        label="Filter by status"
        prefix="Status"
        placeholder="Any"
        searchable={false}
        value={status}
        onChange={(v) => onChange({ published: v === null ? null : v === 'published' })}
        options={STATUS_OPTIONS}
      />
      <TagFilter value={filters.tagId ?? null} onChange={(tagId) => onChange({ tagId })} />
      <FavoriteCertifiedFilters favorite={filters.favorite} certified={filters.certified} onChange={onChange} />
      {view === 'card' && (
        <Select<string>
          aria-label="Sort dashboards"
          className="rama-filter-select"
          prefix={<span className="rama-select-prefix">Sort</span>}
          placeholder="Custom"
          value={sort?.value}
          onChange={(value) => {
            const next = DASHBOARD_CARD_SORTS.find((s) => s.value === value);
            if (next) onSortChange(next);
          }}
          options={SORT_OPTIONS}
          popupMatchSelectWidth={false}
        />
      )}
      <ListViewSwitch value={view} onChange={onViewChange} />
    </Flex>
  );
}
