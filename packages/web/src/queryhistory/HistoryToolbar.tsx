import type { ComponentProps } from 'react';
import { Button, DatePicker, Flex, Select, Switch, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { QueryState } from '@rama/shared';
import { DatabaseFilter, FilterSelect } from '../components/DatabaseFilter';
import { SearchBox } from '../components/ListParts';
import { displayName } from '../app/session';
import { useListUsersQuery } from '../security/securityApi';
import { stateLabel, type HistoryFilters } from './queryHistory';

type RangeValue = ComponentProps<typeof DatePicker.RangePicker>['value'];
type RangeChange = NonNullable<ComponentProps<typeof DatePicker.RangePicker>['onChange']>;

const STATE_OPTIONS = Object.values(QueryState).map((state) => ({ value: state, label: stateLabel(state) }));
const ALL_USERS = { order_column: 'username', order_direction: 'asc', page: 0, page_size: 100 } as const;

function UserFilter({ value, onChange }: { value: number | null; onChange: (userId: number | null) => void }) {
  const { data, isFetching } = useListUsersQuery(ALL_USERS);
  return (
    <FilterSelect
      value={value}
      onChange={onChange}
      label="Filter by user"
      prefix="User"
      placeholder="Everyone"
      loading={isFetching}
      options={(data?.result ?? []).map((user) => ({ value: user.id, label: `${displayName(user)} (${user.username})` }))}
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
  const { filters, range, showUserFilter, autoRefresh, refreshing, onFiltersChange } = props;

  const handleSqlChange = (sqlText: string) => onFiltersChange({ sqlText });
  const handleDatabaseChange = (databaseId: number | null) => onFiltersChange({ databaseId });
  const handleStatesChange = (states: QueryState[]) => onFiltersChange({ states });
  const handleUserChange = (userId: number | null) => onFiltersChange({ userId });
  const handleRangeChange: RangeChange = (dates) => props.onRangeChange(dates);

  return (
    <Flex className="rama-toolbar" gap={8} align="flex-start" justify="space-between">
      <Flex gap={8} wrap align="center" className="rama-toolbar-filters">
        <SearchBox value={filters.sqlText} onChange={handleSqlChange} placeholder="Search SQL" label="Search query text" />
        <DatabaseFilter value={filters.databaseId} onChange={handleDatabaseChange} />
        <Select<QueryState[]>
          mode="multiple"
          aria-label="Filter by state"
          className="rama-filter-select rama-filter-states"
          prefix={<span className="rama-select-prefix">State</span>}
          placeholder="Any"
          allowClear
          maxTagCount="responsive"
          value={filters.states}
          onChange={handleStatesChange}
          options={STATE_OPTIONS}
          popupMatchSelectWidth={false}
        />
        {showUserFilter && <UserFilter value={filters.userId} onChange={handleUserChange} />}
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          value={range}
          onChange={handleRangeChange}
          placeholder={['Started after', 'Started before']}
          aria-label="Filter by start time"
        />
      </Flex>
      <Flex gap={8} align="center" className="rama-toolbar-end">
        <Tooltip title="Refresh the list every 5 seconds, so running queries show their progress">
          <Flex gap={6} align="center">
            <Switch size="small" checked={autoRefresh} onChange={props.onAutoRefreshChange} aria-label="Auto-refresh" />
            <Typography.Text>Auto-refresh</Typography.Text>
          </Flex>
        </Tooltip>
        <Tooltip title="Refresh now">
          <Button icon={<ReloadOutlined aria-hidden />} loading={refreshing} onClick={props.onRefresh} aria-label="Refresh" />
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
