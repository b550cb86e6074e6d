import type { ComponentProps } from 'react';
import { Button, DatePicker, Flex, Select, Switch, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@rama/shared';
import { DatabaseFilter } from '../databases/DatabaseFilter';
import { FilterSelect } from '../components/FilterSelect';
import { SearchBox } from '../components/ListParts';
import { displayName } from '../core/session';
import { useListUsersQuery } from '../security/securityApi';
import { stateLabel, type HistoryFilters } from './queryHistory';

type RangeValue = ComponentProps<typeof DatePicker.RangePicker>['value'];
type RangeChange = NonNullable<ComponentProps<typeof DatePicker.RangePicker>['onChange']>;

/** The state filter's options, labelled in the current language. */
const stateOptions = () => Object.values(QueryState).map((state) => ({ value: state, label: stateLabel(state) }));
/** A user as the filter lists them: name and login (data, not words to translate). */
const userLabel = (user: Parameters<typeof displayName>[0] & { username: string }) => `${displayName(user)} (${user.username})`;
const ALL_USERS = { order_column: 'username', order_direction: 'asc', page: 0, page_size: 100 } as const;

function UserFilter({ value, onChange }: { value: number | null; onChange: (userId: number | null) => void }) {
  const { t } = useTranslation('queryhistory');
  const { data, isFetching } = useListUsersQuery(ALL_USERS);
  return (
    <FilterSelect
      value={value}
      onChange={onChange}
      label={t('filter.user')}
      prefix={t('filter.userPrefix')}
      placeholder={t('filter.everyone')}
      loading={isFetching}
      options={(data?.result ?? []).map((user) => ({ value: user.id, label: userLabel(user) }))}
    />
  );
}

interface HistoryToolbarProps {
  filters: HistoryFilters;
  /** The start-time range as the picker holds it (`filters.from`/`to` are derived from it). */
  range: RangeValue;
  showUserFilter: boolean;
  autoRefresh: boolean;
  refreshing: boolean;
  onFiltersChange: (change: Partial<HistoryFilters>) => void;
  onRangeChange: (range: RangeValue) => void;
  onAutoRefreshChange: (on: boolean) => void;
  onRefresh: () => void;
}

/** Filters of the query history (SQL text, database, state, user, start time) and refreshing. */
export function HistoryToolbar(props: HistoryToolbarProps) {
  const { t } = useTranslation('queryhistory');
  const { filters, range, showUserFilter, autoRefresh, refreshing, onFiltersChange } = props;

  const handleSqlChange = (sqlText: string) => onFiltersChange({ sqlText });
  const handleDatabaseChange = (databaseId: number | null) => onFiltersChange({ databaseId });
  const handleStatesChange = (states: QueryState[]) => onFiltersChange({ states });
  const handleUserChange = (userId: number | null) => onFiltersChange({ userId });
  const handleRangeChange: RangeChange = (dates) => props.onRangeChange(dates);

  return (
    <Flex className="rama-toolbar" gap={8} align="flex-start" justify="space-between">
      <Flex gap={8} wrap align="center" className="rama-toolbar-filters">
        <SearchBox value={filters.sqlText} onChange={handleSqlChange} placeholder={t('filter.searchSql')} label={t('filter.searchLabel')} />
        <DatabaseFilter value={filters.databaseId} onChange={handleDatabaseChange} />
        <Select<QueryState[]>
          mode="multiple"
          aria-label={t('filter.state')}
          className="rama-filter-select rama-filter-states"
          prefix={<span className="rama-select-prefix">{t('filter.statePrefix')}</span>}
          placeholder={t('filter.any')}
          allowClear
          maxTagCount="responsive"
          value={filters.states}
          onChange={handleStatesChange}
          options={stateOptions()}
          popupMatchSelectWidth={false}
        />
        {showUserFilter && <UserFilter value={filters.userId} onChange={handleUserChange} />}
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          value={range}
          onChange={handleRangeChange}
          placeholder={[t('filter.startedAfter'), t('filter.startedBefore')]}
          aria-label={t('filter.startTime')}
        />
      </Flex>
      <Flex gap={8} align="center" className="rama-toolbar-end">
        <Tooltip title={t('autoRefresh.tooltip')}>
          <Flex gap={6} align="center">
            <Switch size="small" checked={autoRefresh} onChange={props.onAutoRefreshChange} aria-label={t('autoRefresh.label')} />
            <Typography.Text>{t('autoRefresh.label')}</Typography.Text>
          </Flex>
        </Tooltip>
        <Tooltip title={t('refreshNow')}>
          <Button icon={<ReloadOutlined aria-hidden />} loading={refreshing} onClick={props.onRefresh} aria-label={t('common:refresh')} />
        </Tooltip>
      </Flex>
    </Flex>
  );
}

export type { RangeValue };

/** The start_time bounds (epoch ms) of a picked range. */
export function rangeBounds(range: RangeValue): Pick<HistoryFilters, 'from' | 'to'> {
  return { from: range?.[0]?.valueOf() ?? null, to: range?.[1]?.valueOf() ?? null };
}
