import { Flex } from 'antd';
import { REPORT_STATES, type ReportState } from '@rama/shared';
import { FilterSelect, OwnerFilter } from '../components/DatabaseFilter';
import { SearchBox } from '../components/ListParts';
import { useReportRelatedOwnersQuery } from './reportApi';
import type { ReportFilters } from './reportList';

type Status = 'active' | 'paused';

const STATE_OPTIONS = REPORT_STATES.map((state) => ({ value: state, label: state }));
const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
];

interface ReportListToolbarProps {
  filters: ReportFilters;
  onChange: (change: Partial<ReportFilters>) => void;
  /** "alerts" or "reports", for the search box */
  noun: string;
}

/** Search by name; filter by owner, creator, how the last run went and whether it runs. */
export function ReportListToolbar({ filters, onChange, noun }: ReportListToolbarProps) {
  const users = useReportRelatedOwnersQuery('');
  const status: Status | null = filters.active === null ? null : filters.active ? 'active' : 'paused';
  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox
        value={filters.search}
        onChange={(search) => onChange({ search })}
        placeholder="Search by name"
        label={`Search ${noun} by name`}
      />
      <OwnerFilter value={filters.ownerId} onChange={(ownerId) => onChange({ ownerId })} owners={users} />
      <FilterSelect
        label="Filter by creator"
        prefix="Created by"
        placeholder="Anyone"
        value={filters.createdById}
        onChange={(createdById) => onChange({ createdById })}
        loading={users.isFetching}
        options={(users.data ?? []).map((u) => ({ value: u.value, label: u.text }))}
      />
      <FilterSelect<ReportState>
        label="Filter by last run"
        prefix="Last run"
        placeholder="Any"
        searchable={false}
        value={filters.lastState}
        onChange={(lastState) => onChange({ lastState })}
        options={STATE_OPTIONS}
      />
      <FilterSelect<Status>
        label="Filter by status"
        prefix="Status"
        placeholder="Any"
        searchable={false}
        value={status}
        onChange={(v) => onChange({ active: v === null ? null : v === 'active' })}
        options={STATUS_OPTIONS}
      />
    </Flex>
  );
}
