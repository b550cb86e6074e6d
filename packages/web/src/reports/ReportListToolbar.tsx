import { Flex, Select } from 'antd';
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
  const status: Status | undefined = filters.active === null ? undefined : filters.active ? 'active' : 'paused';
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
      <Select<ReportState>
        aria-label="Filter by last run"
        className="rama-filter-select"
        prefix={<span className="rama-select-prefix">Last run</span>}
        placeholder="Any"
        allowClear
        value={filters.lastState ?? undefined}
        onChange={(v: ReportState | undefined) => onChange({ lastState: v ?? null })}
        options={STATE_OPTIONS}
        popupMatchSelectWidth={false}
      />
      <Select<Status>
        aria-label="Filter by status"
        className="rama-filter-select"
        prefix={<span className="rama-select-prefix">Status</span>}
        placeholder="Any"
        allowClear
        value={status}
        onChange={(v: Status | undefined) => onChange({ active: v === undefined ? null : v === 'active' })}
        options={STATUS_OPTIONS}
        popupMatchSelectWidth={false}
      />
    </Flex>
  );
}
