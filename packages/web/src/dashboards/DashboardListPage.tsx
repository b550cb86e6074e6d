import { useState } from 'react';
import { Button, Flex, Spin, Table, Typography, type TableProps } from 'antd';
import { LazyTooltip } from '../components/LazyTooltip';
import { EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dashboardPath, type DashboardListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { BulkActionBar } from '../components/BulkActionBar';
import { CertifiedMark } from '../components/CertifiedMark';
import { IconLink } from '../components/IconLink';
import { CardPagination, DeleteRowButton, ListEmpty } from '../components/ListParts';
import { actionsColumn, favoriteColumn, modifiedColumn } from '../components/listColumns';
import type { ListView } from '../components/ListViewSwitch';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useRowDeletion } from '../components/useRowDeletion';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { ImportButton } from '../components/importExport/ImportModal';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import {
  useBulkDeleteDashboardsMutation,
  useCreateDashboardMutation,
  useDeleteDashboardMutation,
  useExportDashboardsMutation,
  useListDashboardsQuery,
} from './dashboardApi';
import {
  deleteDashboardDescription,
  NO_DASHBOARD_FILTERS,
  canEditDashboard,
  canExportDashboards,
  cardSortOf,
  dashboardEditPath,
  dashboardListFilters,
  type DashboardCardSort,
  type DashboardFilters,
} from './dashboardList';
import { DashboardToolbar } from './DashboardToolbar';
import { DashboardCards } from './DashboardCards';
import { DashboardStatusTag } from './DashboardStatusTag';
import { useDashboardFavorites } from './useDashboardFavorites';
import { ObjectTags } from '../tags/ObjectTags';
import '../components/listParts.css';
import './dashboards.css';

const NOUN = ['dashboard', 'dashboards'] as const;
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on', orderDirection: 'desc' } as const;

/** The dashboards the user can see: find, star, open, create, export and delete them; as a table or as cards. */
export function DashboardListPage() {
  const { t } = useTranslation('dashboards');
  const { access, user } = useSession();
  const navigate = useNavigate();
  const { addDangerToast } = useToasts();
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<DashboardListItem>(INITIAL_LIST);
  const [filters, setFilters] = useState<DashboardFilters>(NO_DASHBOARD_FILTERS);
  const [view, setView] = useState<ListView>('table');
  const search = useDebouncedValue(filters.search);

  const { data, error, isFetching, refetch } = useListDashboardsQuery(toListQuery(list, dashboardListFilters({ ...filters, search })), {
    refetchOnMountOrArgChange: true,
  });
  const [createDashboard, createState] = useCreateDashboardMutation();
  const [deleteDashboard] = useDeleteDashboardMutation();
  const [bulkDelete, bulkState] = useBulkDeleteDashboardsMutation();
  const [exportDashboards, exportState] = useExportDashboardsMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const { isFavorite, toggleFavorite } = useDashboardFavorites(rows.map((d) => d.id));
  const { selectedIds, clearSelection, toggleSelected, deleteRow, deleteSelected, rowSelection } = useRowDeletion<DashboardListItem>({
    list,
    total,
    setPage,
    idOf: (d) => d.id,
    nameOf: (d) => d.dashboard_title,
    selectedText: t('selectedDashboards'),
    deleteOne: deleteDashboard,
    deleteMany: bulkDelete,
  });

  const mayEdit = (d: DashboardListItem) => canEditDashboard(d, user.id, access);
  const canDelete = access.canWriteDashboard;
  const canExport = canExportDashboards(user.roles);
  // exporting works on any dashboard the user sees; deleting only on their own (the server checks both)
  const canSelect = (d: DashboardListItem) => canExport || mayEdit(d);
  const filtered = dashboardListFilters(filters).length > 0;
  const selection = rowSelection(canDelete || canExport);

  const handleFiltersChange = (change: Partial<DashboardFilters>) => {
    // a selection is cleared when the filters change, so a bulk action never hits rows the filters now hide
    setFilters((prev) => ({ ...prev, ...change }));
    clearSelection();
    resetPage();
  };
  const handleClearFilters = () => handleFiltersChange(NO_DASHBOARD_FILTERS);
  const handleToggleFavorite = (id: number) => void toggleFavorite(id);
  const handleSortChange = (sort: DashboardCardSort) =>
    handleTableChange(
      { current: 1, pageSize: list.pageSize },
      {},
      { columnKey: sort.orderColumn, order: sort.orderDirection === 'asc' ? 'ascend' : 'descend' },
      { action: 'sort', currentDataSource: rows },
    );
  const handleExport = async (ids: number[]) => {
    const result = await exportDashboards(ids);
    if (result.error) addDangerToast(t('exportFailed', { error: toClientError(result.error).message }));
  };
  const handleCreate = async () => {
    // an untitled draft owned by the user, opened in edit mode
    const result = await createDashboard({});
    if (result.error || !result.data) {
      addDangerToast(t('createFailed', { error: toClientError(result.error).message }));
      return;
    }
    void navigate(dashboardEditPath({ id: result.data.id, slug: null }));
  };

  const columns: TableProps<DashboardListItem>['columns'] = [
    favoriteColumn(
      (d) => d.dashboard_title,
      (d) => isFavorite(d.id),
      (d) => handleToggleFavorite(d.id),
    ),
    {
      key: 'dashboard_title',
      title: t('column.title'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'dashboard_title'),
      render: (_v, d) => (
        <Flex gap={6} align="center" className="rama-dashboard-title-cell">
          <Link to={dashboardPath(d)} className="rama-dashboard-title-link">
            <Typography.Text strong ellipsis={{ tooltip: d.dashboard_title }}>
              {d.dashboard_title}
            </Typography.Text>
          </Link>
          {d.certified_by && <CertifiedMark by={d.certified_by} details={d.certification_details} />}
        </Flex>
      ),
    },
    {
      key: 'published',
      title: t('column.status'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'published'),
      width: 120,
      render: (_v, d) => <DashboardStatusTag published={d.published} />,
    },
    {
      key: 'tags',
      title: t('common:tags'),
      width: 200,
      render: (_v, d) => (d.tags.length ? <ObjectTags tags={d.tags} max={2} /> : <span className="rama-empty-value">—</span>),
    },
    { key: 'owners', title: t('common:owners'), width: 120, render: (_v, d) => <OwnerAvatars owners={d.owners} /> },
    {
      key: 'changed_by.first_name',
      title: t('column.modifiedBy'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_by.first_name'),
      width: 170,
      ellipsis: true,
      render: (_v, d) => d.changed_by_name || <span className="rama-empty-value">—</span>,
    },
    modifiedColumn(list, (d) => d.changed_on_utc),
    actionsColumn(120, (d) => (
      <>
        {mayEdit(d) && (
          <IconLink
            to={dashboardEditPath(d)}
            icon={<EditOutlined />}
            label={t('editNamed', { name: d.dashboard_title })}
            tooltip={t('common:edit')}
          />
        )}
        {canExport && (
          <LazyTooltip title={t('common:export')}>
            <Button
              type="text"
              icon={<ExportOutlined />}
              aria-label={t('exportNamed', { name: d.dashboard_title })}
              disabled={exportState.isLoading}
              onClick={() => void handleExport([d.id])}
            />
          </LazyTooltip>
        )}
        {canDelete && (
          <DeleteRowButton
            name={d.dashboard_title}
            description={deleteDashboardDescription()}
            onConfirm={() => deleteRow(d)}
            disabledReason={mayEdit(d) ? undefined : t('notAnOwner')}
          />
        )}
      </>
    )),
  ];

  const newDashboardButton = access.canWriteDashboard && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} loading={createState.isLoading} onClick={() => void handleCreate()}>
      {t('common:dashboard')}
    </Button>
  );
  const emptyText = (
    <ListEmpty
      filtered={filtered}
      noMatchText={t('empty.noMatch')}
      onClearFilters={handleClearFilters}
      title={t('empty.title')}
      hint={t('empty.hint')}
      action={newDashboardButton}
    />
  );

  return (
    <div className="rama-page">
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        breadcrumb={[{ title: t('page.title') }]}
        extra={
          <>
            {access.canWriteDashboard && <ImportButton resource="dashboard" onImported={() => void refetch()} />}
            {newDashboardButton}
          </>
        }
      />
      <div className="rama-panel">
        <DashboardToolbar
          filters={filters}
          onChange={handleFiltersChange}
          view={view}
          onViewChange={setView}
          sort={cardSortOf(list)}
          onSortChange={handleSortChange}
        />
        <BulkActionBar
          count={selectedIds.length}
          noun={NOUN}
          deleting={bulkState.isLoading}
          onDelete={canDelete ? () => void deleteSelected() : undefined}
          onClear={clearSelection}
        >
          {canExport && (
            <Button
              size="small"
              icon={<ExportOutlined aria-hidden />}
              loading={exportState.isLoading}
              onClick={() => void handleExport(selectedIds)}
            >
              {t('exportSelected')}
            </Button>
          )}
        </BulkActionBar>
        {error && <ErrorAlert error={toClientError(error)} title={t('listError')} />}
        {view === 'table' ? (
          <Table<DashboardListItem>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={isFetching}
            onChange={handleTableChange}
            rowSelection={selection && { ...selection, getCheckboxProps: (d) => ({ disabled: !canSelect(d) }) }}
            locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
            pagination={pagination(total, NOUN)}
            scroll={{ x: 960 }}
            tableLayout="fixed"
          />
        ) : (
          <Spin spinning={isFetching}>
            {rows.length === 0 && !isFetching ? (
              emptyText
            ) : (
              <DashboardCards
                dashboards={rows}
                isFavorite={isFavorite}
                onToggleFavorite={handleToggleFavorite}
                selection={selection ? { selectedIds, onToggle: toggleSelected, canSelect } : undefined}
                mayEdit={mayEdit}
                onExport={canExport ? (d) => void handleExport([d.id]) : undefined}
                onDelete={canDelete ? deleteRow : undefined}
              />
            )}
            <CardPagination list={list} total={total} noun={NOUN} onPageChange={setPage} />
          </Spin>
        )}
      </div>
    </div>
  );
}
