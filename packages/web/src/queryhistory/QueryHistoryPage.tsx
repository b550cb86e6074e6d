import { useState } from 'react';
import { Alert, Descriptions, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { ConsoleSqlOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isInProgress } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { CodeBlock } from '../components/CodeBlock';
import { IconLink } from '../components/IconLink';
import { ListEmpty, OpenSqlLabButton } from '../components/ListParts';
import { TableTags } from '../components/TableTags';
import { formatDateTime, formatRelative } from '../components/format';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { currentLocale } from '../i18n';
import { displayName, useSession } from '../core/session';
import { HistoryToolbar, rangeBounds, type RangeValue } from './HistoryToolbar';
import {
  NO_HISTORY_FILTERS,
  formatDuration,
  hasHistoryFilters,
  historyListFilters,
  queryDuration,
  stateLabel,
  stateTone,
  type HistoryFilters,
} from './queryHistory';
import { querySqlLabPath, useListQueryHistoryQuery, type QueryHistoryItem } from './queryHistoryApi';

type FieldFilters = Omit<HistoryFilters, 'from' | 'to'>;

/** The language's name, as the column and the menu say it in every language. */
const SQL = 'SQL';
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'start_time', orderDirection: 'desc' } as const;
const AUTO_REFRESH_MS = 5000;
/** A tooltip shows the start of a long query; the expanded row shows all of it. */
const TOOLTIP_SQL_CHARS = 1200;

const isoOf = (ms: number) => new Date(ms).toISOString();

function StateTag({ state }: { state: string }) {
  return (
    <Tag color={stateTone(state)} icon={isInProgress(state) ? <SyncOutlined spin /> : undefined} className="rama-state-tag">
      {stateLabel(state)}
    </Tag>
  );
}

function SqlSnippet({ sql }: { sql: string }) {
  const oneLine = sql.replace(/\s+/g, ' ').trim();
  const tip = sql.length > TOOLTIP_SQL_CHARS ? `${sql.slice(0, TOOLTIP_SQL_CHARS)}…` : sql;
  return (
    <Tooltip title={<pre className="rama-tooltip-sql">{tip}</pre>} classNames={{ root: 'rama-tooltip-wide' }} placement="topLeft">
      <code className="rama-sql-snippet">{oneLine}</code>
    </Tooltip>
  );
}

function QueryDetails({ query }: { query: QueryHistoryItem }) {
  const { t } = useTranslation('queryhistory');
  const executed = query.executed_sql && query.executed_sql.trim() !== query.sql.trim() ? query.executed_sql : null;
  return (
    <Flex vertical gap={12} className="rama-query-details">
      {query.error_message && <Alert type="error" showIcon title={query.error_message} />}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'tab', label: t('details.tab'), children: query.tab_name || '—' },
          { key: 'tables', label: t('details.tables'), children: <TableTags tables={query.sql_tables} /> },
          { key: 'id', label: t('details.clientId'), children: <Typography.Text code>{query.client_id}</Typography.Text> },
        ]}
      />
      <CodeBlock code={query.sql} label="SQL" />
      {executed && (
        <div>
          <Typography.Text type="secondary">{t('details.executedSql')}</Typography.Text>
          <CodeBlock code={executed} label={t('details.executedSql')} />
        </div>
      )}
    </Flex>
  );
}

/** Every query run in SQL Lab (admins: by everyone), newest first, refreshing while queries run. */
export function QueryHistoryPage() {
  const { t } = useTranslation('queryhistory');
  const noun = [t('noun.one'), t('noun.other')] as const;
  const { access } = useSession();
  const { list, handleTableChange, resetPage, pagination } = useServerList<QueryHistoryItem>(INITIAL_LIST);
  const [fields, setFields] = useState<FieldFilters>(NO_HISTORY_FILTERS);
  const [range, setRange] = useState<RangeValue>(null);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const sqlText = useDebouncedValue(fields.sqlText);
  const filters: HistoryFilters = { ...fields, ...rangeBounds(range) };
  const showUsers = access.isAdmin || access.canSeeAllQueries;

  const { data, currentData, error, isFetching, fulfilledTimeStamp, refetch } = useListQueryHistoryQuery(
    toListQuery(list, historyListFilters({ ...filters, sqlText })),
    { refetchOnMountOrArgChange: true, pollingInterval: autoRefresh ? AUTO_REFRESH_MS : 0, skipPollingIfUnfocused: true },
  );
  const rows = data?.result ?? [];
  // durations of running queries count up to the moment the list was fetched
  const asOf = fulfilledTimeStamp ?? 0;

  const handleFiltersChange = (change: Partial<FieldFilters>) => {
    setFields((prev) => ({ ...prev, ...change }));
    resetPage();
  };
  const handleRangeChange = (next: RangeValue) => {
    setRange(next);
    resetPage();
  };
  const handleClearFilters = () => {
    setFields(NO_HISTORY_FILTERS);
    setRange(null);
    resetPage();
  };
  const handleRefresh = () => void refetch();

  const columns: TableProps<QueryHistoryItem>['columns'] = [
    {
      key: 'start_time',
      title: t('column.time'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'start_time'),
      width: 180,
      render: (_v, row) =>
        row.start_time === null ? (
          <span className="rama-empty-value">—</span>
        ) : (
          <Tooltip title={formatRelative(isoOf(row.start_time))}>
            <time dateTime={isoOf(row.start_time)} className="rama-nowrap">
              {formatDateTime(isoOf(row.start_time))}
            </time>
          </Tooltip>
        ),
    },
    {
      key: 'duration',
      title: t('column.duration'),
      align: 'right',
      width: 110,
      render: (_v, row) => {
        const ms = queryDuration(row, asOf);
        return ms === null ? (
          <span className="rama-empty-value">—</span>
        ) : (
          <span className="rama-nowrap rama-numeric">{formatDuration(ms)}</span>
        );
      },
    },
    {
      key: 'status',
      title: t('column.state'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'status'),
      width: 120,
      render: (_v, row) => <StateTag state={row.status} />,
    },
    {
      key: 'database.database_name',
      title: t('common:database'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'database.database_name'),
      width: 140,
      render: (_v, row) => row.database.database_name,
    },
    {
      key: 'schema',
      title: t('common:schema'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'schema'),
      width: 120,
      render: (_v, row) => row.schema || <span className="rama-empty-value">—</span>,
    },
    { key: 'sql', title: SQL, render: (_v, row) => <SqlSnippet sql={row.sql} /> },
    {
      key: 'rows',
      title: t('column.rows'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrderFor(list, 'rows'),
      width: 100,
      render: (_v, row) =>
        row.rows === null ? (
          <span className="rama-empty-value">—</span>
        ) : (
          <span className="rama-numeric">{row.rows.toLocaleString(currentLocale())}</span>
        ),
    },
    ...(showUsers
      ? [
          {
            key: 'user.first_name',
            title: t('column.user'),
            sorter: true,
            sortOrder: sortOrderFor(list, 'user.first_name'),
            width: 140,
            render: (_v: unknown, row: QueryHistoryItem) =>
              row.user ? displayName(row.user) : <span className="rama-empty-value">—</span>,
          },
        ]
      : []),
    {
      key: 'actions',
      title: <span className="rama-sr-only">{t('common:actions')}</span>,
      align: 'right',
      fixed: 'right',
      width: 56,
      render: (_v, row) => (
        <IconLink
          to={querySqlLabPath(row.id)}
          icon={<ConsoleSqlOutlined />}
          label={t('action.open', { id: String(row.id) })}
          tooltip={t('action.openTooltip')}
        />
      ),
    },
  ];

  const emptyText = (
    <ListEmpty
      filtered={hasHistoryFilters(filters)}
      noMatchText={t('empty.noMatch')}
      onClearFilters={handleClearFilters}
      title={t('empty.title')}
      hint={t('empty.hint')}
      action={access.canSqlLab && <OpenSqlLabButton />}
    />
  );

  return (
    <div className="rama-page">
      <PageHeader
        title={t('title')}
        subtitle={showUsers ? t('subtitle.everyone') : t('subtitle.own')}
        breadcrumb={[{ title: SQL }, { title: t('title') }]}
      />
      <div className="rama-panel">
        <HistoryToolbar
          filters={filters}
          range={range}
          showUserFilter={access.isAdmin}
          autoRefresh={autoRefresh}
          refreshing={isFetching && currentData !== undefined}
          onFiltersChange={handleFiltersChange}
          onRangeChange={handleRangeChange}
          onAutoRefreshChange={setAutoRefresh}
          onRefresh={handleRefresh}
        />
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed')} />}
        <Table<QueryHistoryItem>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          // a poll refreshes in place; only new filters, pages or sorts show the spinner
          loading={isFetching && currentData === undefined}
          onChange={handleTableChange}
          expandable={{ expandedRowRender: (row) => <QueryDetails query={row} /> }}
          locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
          pagination={pagination(data?.count ?? 0, noun)}
          scroll={{ x: 1200 }}
          tableLayout="fixed"
        />
      </div>
    </div>
  );
}
