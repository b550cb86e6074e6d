import { Flex } from 'antd';
import { REPORT_STATES, type ReportState } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { FilterSelect, OwnerFilter } from '../components/FilterSelect';
import { SearchBox } from '../components/ListParts';
import { useReportRelatedOwnersQuery } from './reportApi';
import type { ReportFilters } from './reportList';
import { stateLabel } from './reportDisplay';

type Status = 'active' | 'paused';

interface ReportListToolbarProps {
  filters: ReportFilters;
  onChange: (change: Partial<ReportFilters>) => void;
  /** the list's type, for the search box's label */
  type: 'Alert' | 'Report';
}

/** Search by name; filter by owner, creator, how the last run went and whether it runs. */
export function ReportListToolbar({ filters, onChange, type }: ReportListToolbarProps) {
  const { t } = useTranslation('reports');
  const stateOptions = REPORT_STATES.map((state) => ({ value: state, label: stateLabel(state) }));
  const statusOptions: { value: Status; label: string }[] = [
    { value: 'active', label: t('status.active') },
    { value: 'paused', label: t('status.paused') },
  ];
  const users = useReportRelatedOwnersQuery('');
  const status: Status | null = filters.active === null ? null : filters.active ? 'active' : 'paused';
  return (
    <Flex className="rama-toolbar" gap={8} wrap align="center">
      <SearchBox
        value={filters.search}
        onChange={(search) => onChange({ search })}
        placeholder={t('searchByName')}
        label={t('searchListByName', { type })}
      />
      <OwnerFilter value={filters.ownerId} onChange={(ownerId) => onChange({ ownerId })} owners={users} />
      <FilterSelect
        label={t('filterByCreator')}
        prefix={t('common:createdBy')}
        placeholder={t('anyone')}
        value={filters.createdById}
        onChange={(createdById) => onChange({ createdById })}
        loading={users.isFetching}
        options={(users.data ?? []).map((u) => ({ value: u.value, label: u.text }))}
      />
      <FilterSelect<ReportState>
        label={t('filterByLastRun')}
        prefix={t('lastRun')}
        placeholder={t('any')}
        searchable={false}
        value={filters.lastState}
        onChange={(lastState) => onChange({ lastState })}
        options={stateOptions}
      />
      <FilterSelect<Status>
        label={t('filterByStatus')}
        prefix={t('status')}
        placeholder={t('any')}
        searchable={false}
        value={status}
        onChange={(v) => onChange({ active: v === null ? null : v === 'active' })}
        options={statusOptions}
      />
    </Flex>
  );
}
