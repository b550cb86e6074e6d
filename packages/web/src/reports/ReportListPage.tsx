/**
 * `/alert/list/` and `/report/list/` (issue 14 part 5): the alerts or the reports the user can
 * see, with their last run, schedule, target and recipients; pause or activate them, add, edit,
 * delete, and open each one's execution log.
 */
import { Suspense, useState, type Key, type ReactNode } from 'react';
import { Button, Flex, Switch, Table, Tabs, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGES, type ReportListItem, type ReportType } from '@rama/shared';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { sharedText } from '../i18n';
import { BulkActionBar } from '../components/BulkActionBar';
import { ErrorAlert } from '../components/ErrorAlert';
import { IconLink } from '../components/IconLink';
import { DeleteRowButton, ListEmpty } from '../components/ListParts';
import { actionsColumn, modifiedColumn } from '../components/listColumns';
import { pageAfterRemoval, sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import { PageHeader } from '../components/PageHeader';
import { LazyReportModal } from './lazyReportModal';
import { useBulkDeleteReportsMutation, useDeleteReportMutation, useListReportsQuery, useSetReportActiveMutation } from './reportApi';
import {
  NO_REPORT_FILTERS,
  deleteReportDescription,
  canEditReport,
  isFiltered,
  reportListFilters,
  reportListPath,
  reportLogPath,
  targetPath,
  type ReportFilters,
} from './reportList';
import { LastRun, RecipientIcons, TargetLink } from './ReportListParts';
import { ReportListToolbar } from './ReportListToolbar';
import '../components/listParts.css';
import './reports.css';

const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'name', orderDirection: 'asc' } as const;
/** Each list's message keys (translated where they are shown). */
const TEXT: Record<ReportType, { noun: readonly [string, string]; empty: string; hint: string }> = {
  Alert: { noun: ['alertNoun.one', 'alertNoun.other'], empty: 'alertsEmpty', hint: 'alertsHint' },
  Report: { noun: ['reportNoun.one', 'reportNoun.other'], empty: 'reportsEmpty', hint: 'reportsHint' },
};

type Editing = { type: ReportType; reportId: number | null };

/** The page's title, its add buttons, and the switch between the two lists. */
function ListHeader({ type, onTab, extra }: { type: ReportType; onTab: (key: string) => void; extra: ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        breadcrumb={[{ title: t('common:settings') }, { title: t('title') }]}
        extra={extra}
      />
      <Tabs
        activeKey={type}
        onChange={onTab}
        className="rama-report-tabs"
        items={[
          { key: 'Alert', label: t('alerts') },
          { key: 'Report', label: t('reports') },
        ]}
      />
    </>
  );
}

export function ReportListPage({ type }: { type: ReportType }) {
  const { t } = useTranslation('reports');
  const { access, user } = useSession();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<ReportListItem>(INITIAL_LIST);
  const [filters, setFilters] = useState<ReportFilters>(NO_REPORT_FILTERS);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const search = useDebouncedValue(filters.search);
  const noun = [t(TEXT[type].noun[0]), t(TEXT[type].noun[1])] as const;
  const notAnOwner = t('notAnOwner');

  const { data, error, isFetching } = useListReportsQuery(toListQuery(list, reportListFilters(type, { ...filters, search })), {
    refetchOnMountOrArgChange: true,
  });
  const [setActive] = useSetReportActiveMutation();
  const [deleteReport] = useDeleteReportMutation();
  const [bulkDelete, bulkState] = useBulkDeleteReportsMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const mayEdit = (r: ReportListItem) => canEditReport(r, user.id, access);

  const handleFiltersChange = (change: Partial<ReportFilters>) => {
    // a selection never outlives the filters that showed it
    setFilters((prev) => ({ ...prev, ...change }));
    setSelectedIds([]);
    resetPage();
  };
  const handleTab = (key: string) => void navigate(reportListPath(key === 'Alert' ? 'Alert' : 'Report'));
  const handleToggle = async (r: ReportListItem, active: boolean) => {
    const result = await setActive({ id: r.id, active });
    if (result.error) addDangerToast(sharedText('messages', REPORT_MESSAGES.toggleFailed));
  };
  const handleDelete = async (r: ReportListItem) => {
    const result = await deleteReport(r.id);
    if (result.error) {
      addDangerToast(sharedText('messages', REPORT_MESSAGES.deleteFailed));
      return;
    }
    addSuccessToast(sharedText('messages', REPORT_MESSAGES.deleted).replace('%s', r.name));
    setSelectedIds((ids) => ids.filter((id) => id !== r.id));
    setPage(pageAfterRemoval(list, total, 1));
  };
  const handleBulkDelete = async () => {
    const result = await bulkDelete(selectedIds);
    if (result.error || !result.data) {
      addDangerToast(
        t('bulkDeleteFailed', {
          message: sharedText('messages', REPORT_MESSAGES.deleteFailed),
          error: toClientError(result.error).message,
        }),
      );
      return;
    }
    addSuccessToast(result.data.message);
    setPage(pageAfterRemoval(list, total, selectedIds.length));
    setSelectedIds([]);
  };

  const columns: TableProps<ReportListItem>['columns'] = [
    {
      key: 'last_eval_dttm',
      title: t('lastRun'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'last_eval_dttm'),
      width: 140,
      render: (_v, r) => <LastRun state={r.last_state} at={r.last_eval_dttm} />,
    },
    {
      key: 'name',
      title: t('common:name'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'name'),
      render: (_v, r) => (
        <Flex vertical className="rama-report-name-cell">
          <Typography.Text strong ellipsis={{ tooltip: r.name }}>
            {r.name}
          </Typography.Text>
          {r.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.description }}>
              {r.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'crontab',
      title: t('schedule'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'crontab'),
      width: 200,
      render: (_v, r) => (
        <Flex vertical>
          <Tooltip title={<span className="rama-mono">{r.crontab}</span>}>
            <Typography.Text>{r.crontab_humanized}</Typography.Text>
          </Tooltip>
          <Typography.Text type="secondary" className="rama-report-timezone">
            {r.timezone}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'target',
      title: t('sends'),
      width: 200,
      render: (_v, r) => <TargetLink report={r} name={r.dashboard?.dashboard_title ?? r.chart?.slice_name} />,
    },
    { key: 'recipients', title: t('recipients'), width: 110, render: (_v, r) => <RecipientIcons recipients={r.recipients} /> },
    { key: 'owners', title: t('common:owners'), width: 110, render: (_v, r) => <OwnerAvatars owners={r.owners} /> },
    modifiedColumn(list, (r) => r.changed_on),
    {
      key: 'active',
      title: t('status.active'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'active'),
      // the header and its sort arrows on one line
      width: 112,
      render: (_v, r) => (
        <Tooltip title={mayEdit(r) ? undefined : notAnOwner}>
          <Switch
            size="small"
            checked={r.active}
            disabled={!mayEdit(r)}
            aria-label={t('nameActive', { name: r.name })}
            onChange={(active) => void handleToggle(r, active)}
          />
        </Tooltip>
      ),
    },
    actionsColumn(120, (r) => (
      <>
        <IconLink
          to={reportLogPath(r.type, r.id)}
          icon={<UnorderedListOutlined />}
          label={t('executionLogOf', { name: r.name })}
          tooltip={t('executionLog')}
        />
        {mayEdit(r) && r.saved_query && (
          <IconLink
            to={targetPath(r) ?? '/savedqueryview/list/'}
            icon={<EditOutlined />}
            label={t('editName', { name: r.name })}
            tooltip={t('scheduledQueryHint')}
          />
        )}
        {mayEdit(r) && !r.saved_query && (
          <Tooltip title={t('common:edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('editName', { name: r.name })}
              onClick={() => setEditing({ type: r.type, reportId: r.id })}
            />
          </Tooltip>
        )}
        {access.canWriteReports && (
          <DeleteRowButton
            name={r.name}
            description={deleteReportDescription()}
            onConfirm={() => handleDelete(r)}
            disabledReason={mayEdit(r) ? undefined : notAnOwner}
          />
        )}
      </>
    )),
  ];

  const addButtons = access.canWriteReports && (
    <>
      <Button
        type={type === 'Alert' ? 'primary' : 'default'}
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setEditing({ type: 'Alert', reportId: null })}
      >
        {t('alert')}
      </Button>
      <Button
        type={type === 'Report' ? 'primary' : 'default'}
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setEditing({ type: 'Report', reportId: null })}
      >
        {t('report')}
      </Button>
    </>
  );

  return (
    <div className="rama-page">
      <ListHeader type={type} onTab={handleTab} extra={addButtons} />
      <div className="rama-panel">
        <ReportListToolbar filters={filters} onChange={handleFiltersChange} type={type} />
        <BulkActionBar
          count={selectedIds.length}
          noun={noun}
          deleting={bulkState.isLoading}
          onDelete={access.canWriteReports ? () => void handleBulkDelete() : undefined}
          onClear={() => setSelectedIds([])}
        />
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed', { type })} />}
        <Table<ReportListItem>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          rowSelection={
            access.canWriteReports
              ? {
                  selectedRowKeys: selectedIds,
                  onChange: (keys: Key[]) => setSelectedIds(keys.map(Number)),
                  preserveSelectedRowKeys: true,
                  getCheckboxProps: (r) => ({ disabled: !mayEdit(r) }),
                }
              : undefined
          }
          locale={{
            emptyText:
              isFetching && !data ? (
                ' '
              ) : (
                <ListEmpty
                  filtered={isFiltered(filters)}
                  noMatchText={t('noMatch', { type })}
                  onClearFilters={() => handleFiltersChange(NO_REPORT_FILTERS)}
                  title={t(TEXT[type].empty)}
                  hint={t(TEXT[type].hint)}
                />
              ),
          }}
          pagination={pagination(total, noun)}
          scroll={{ x: 1180 }}
          tableLayout="fixed"
        />
      </div>
      {editing && (
        <Suspense fallback={null}>
          <LazyReportModal
            context={{ kind: 'list', type: editing.type }}
            reportId={editing.reportId}
            onClose={() => setEditing(null)}
            onSaved={() => {
              // a new alert or report shows on its own tab
              if (editing.type !== type) void navigate(reportListPath(editing.type));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
