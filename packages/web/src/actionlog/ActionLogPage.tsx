/**
 * `/logmodelview/list/` (issue 27 item 5; the peer's Security → Action log): the event log, newest
 * first, filtered by action, user, dashboard, chart and time, with each entry's JSON on demand.
 * Admins only (the server answers 403 to anyone else).
 */
import { useState } from 'react';
import { Button, DatePicker, Descriptions, Flex, InputNumber, Modal, Table, Tooltip, Typography, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LogRecord } from '@rama/shared';
import { toClientError } from '../core/api';
import { displayName } from '../core/session';
import { CodeBlock } from '../components/CodeBlock';
import { FilterSelect } from '../components/FilterSelect';
import { ErrorAlert } from '../components/ErrorAlert';
import { ListEmpty, SearchBox } from '../components/ListParts';
import { PageHeader } from '../components/PageHeader';
import { formatDateTime, formatRelative } from '../components/format';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { formatDuration } from '../queryhistory/queryHistory';
import { rangeBounds, type RangeValue } from '../queryhistory/HistoryToolbar';
import { useListUsersQuery } from '../security/securityApi';
import { NO_ACTION_LOG_FILTERS, actionLogListFilters, logSource, prettyLogJson, type ActionLogFilters } from './actionLog';
import { useListActionLogQuery } from './actionLogApi';
import './actionLog.css';

type FieldFilters = Omit<ActionLogFilters, 'from' | 'to'>;

const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'dttm', orderDirection: 'desc' } as const;
const ALL_USERS = { order_column: 'username', order_direction: 'asc', page: 0, page_size: 100 } as const;

const empty = <span className="rama-empty-value">—</span>;

function UserFilter({ value, onChange }: { value: number | null; onChange: (userId: number | null) => void }) {
  const { t } = useTranslation('actionlog');
  const { data, isFetching } = useListUsersQuery(ALL_USERS);
  return (
    <FilterSelect
      value={value}
      onChange={onChange}
      label={t('filterByUser')}
      prefix={t('user')}
      placeholder={t('everyone')}
      loading={isFetching}
      options={(data?.result ?? []).map((user) => ({
        value: user.id,
        label: t('userOption', { name: displayName(user), username: user.username }),
      }))}
    />
  );
}

function IdFilter({
  value,
  onChange,
  prefix,
  label,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  prefix: string;
  label: string;
}) {
  const { t } = useTranslation('actionlog');
  return (
    <InputNumber<number>
      className="rama-actionlog-id"
      prefix={<span className="rama-select-prefix">{prefix}</span>}
      placeholder={t('any')}
      min={1}
      precision={0}
      controls={false}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' && v >= 1 ? v : null)}
      aria-label={label}
    />
  );
}

const dashboardCell = (id: number | null) => (id === null ? empty : <Link to={`/rama/dashboard/${id}/`}>{id}</Link>);
const sliceCell = (id: number | null) => (id === null ? empty : <Link to={`/explore/?slice_id=${id}`}>{id}</Link>);

function LogEntryModal({ log, onClose }: { log: LogRecord | null; onClose: () => void }) {
  const { t } = useTranslation('actionlog');
  return (
    <Modal
      open={log !== null}
      onCancel={onClose}
      title={log ? t('entryTitle', { id: log.id, action: log.action }) : t('entry')}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
      width={760}
      destroyOnHidden
    >
      {log && (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'dttm', label: t('time'), children: formatDateTime(log.dttm) },
              { key: 'user', label: t('user'), children: log.user?.username ?? '—' },
              { key: 'dashboard', label: t('common:dashboard'), children: dashboardCell(log.dashboard_id) },
              { key: 'slice', label: t('common:chart'), children: sliceCell(log.slice_id) },
              { key: 'duration', label: t('duration'), children: log.duration_ms === null ? '—' : formatDuration(log.duration_ms) },
              { key: 'referrer', label: t('referrer'), children: log.referrer ?? '—' },
            ]}
          />
          <CodeBlock code={prettyLogJson(log.json)} label="JSON" />
        </Flex>
      )}
    </Modal>
  );
}

/** Every logged event, for admins: what is used, by whom, and how long dashboards and charts take. */
export function ActionLogPage() {
  const { t } = useTranslation('actionlog');
  const { list, handleTableChange, resetPage, pagination } = useServerList<LogRecord>(INITIAL_LIST);
  const [fields, setFields] = useState<FieldFilters>(NO_ACTION_LOG_FILTERS);
  const [range, setRange] = useState<RangeValue>(null);
  const [shown, setShown] = useState<LogRecord | null>(null);
  const action = useDebouncedValue(fields.action);
  const filters: ActionLogFilters = { ...fields, action, ...rangeBounds(range) };
  const filtered = actionLogListFilters({ ...fields, ...rangeBounds(range) }).length > 0;

  const { data, error, isFetching, refetch } = useListActionLogQuery(toListQuery(list, actionLogListFilters(filters)), {
    refetchOnMountOrArgChange: true,
  });

  const change = (next: Partial<FieldFilters>) => {
    setFields((prev) => ({ ...prev, ...next }));
    resetPage();
  };
  const clear = () => {
    setFields(NO_ACTION_LOG_FILTERS);
    setRange(null);
    resetPage();
  };

  const columns: TableProps<LogRecord>['columns'] = [
    {
      key: 'dttm',
      title: t('time'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'dttm'),
      width: 180,
      render: (_v, log) => (
        <Tooltip title={formatRelative(log.dttm)}>
          <time dateTime={log.dttm} className="rama-nowrap">
            {formatDateTime(log.dttm)}
          </time>
        </Tooltip>
      ),
    },
    {
      key: 'action',
      title: t('action'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'action'),
      ellipsis: true,
      render: (_v, log) => <Typography.Text code>{log.action}</Typography.Text>,
    },
    { key: 'user', title: t('user'), width: 140, ellipsis: true, render: (_v, log) => log.user?.username ?? empty },
    { key: 'source', title: t('source'), width: 110, render: (_v, log) => logSource(log) ?? empty },
    {
      key: 'dashboard_id',
      title: t('common:dashboard'),
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderFor(list, 'dashboard_id'),
      render: (_v, log) => dashboardCell(log.dashboard_id),
    },
    {
      key: 'slice_id',
      title: t('common:chart'),
      width: 90,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderFor(list, 'slice_id'),
      render: (_v, log) => sliceCell(log.slice_id),
    },
    {
      key: 'duration_ms',
      title: t('duration'),
      width: 110,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderFor(list, 'duration_ms'),
      render: (_v, log) => (log.duration_ms === null ? empty : <span className="rama-nowrap">{formatDuration(log.duration_ms)}</span>),
    },
    {
      key: 'details',
      title: t('details'),
      width: 90,
      render: (_v, log) => (
        <Button size="small" type="link" onClick={() => setShown(log)} aria-label={t('detailsOf', { id: log.id })}>
          JSON
        </Button>
      ),
    },
  ];

  return (
    <div className="rama-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Tooltip title={t('refreshNow')}>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              loading={isFetching}
              onClick={() => void refetch()}
              aria-label={t('common:refresh')}
            />
          </Tooltip>
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox
            value={fields.action}
            onChange={(a) => change({ action: a })}
            placeholder={t('searchAction')}
            label={t('filterByAction')}
          />
          <UserFilter value={fields.userId} onChange={(userId) => change({ userId })} />
          <IdFilter
            value={fields.dashboardId}
            onChange={(dashboardId) => change({ dashboardId })}
            prefix={t('common:dashboard')}
            label={t('filterByDashboard')}
          />
          <IdFilter
            value={fields.sliceId}
            onChange={(sliceId) => change({ sliceId })}
            prefix={t('common:chart')}
            label={t('filterByChart')}
          />
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            value={range}
            onChange={(next) => {
              setRange(next);
              resetPage();
            }}
            placeholder={[t('after'), t('before')]}
            aria-label={t('filterByTime')}
          />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed')} />}
        <Table<LogRecord>
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={isFetching}
          onChange={handleTableChange}
          pagination={pagination(data?.count ?? 0, [t('noun.one'), t('noun.other')])}
          scroll={{ x: 1000 }}
          tableLayout="fixed"
          locale={{
            emptyText:
              isFetching && !data ? (
                ' '
              ) : (
                <ListEmpty
                  filtered={filtered}
                  noMatchText={t('noMatch')}
                  onClearFilters={clear}
                  title={t('emptyTitle')}
                  hint={t('emptyHint')}
                />
              ),
          }}
        />
      </div>
      <LogEntryModal log={shown} onClose={() => setShown(null)} />
    </div>
  );
}
