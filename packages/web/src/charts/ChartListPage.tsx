import { useState } from 'react';
import { Button, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import { LazyTooltip } from '../components/LazyTooltip';
import { EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHART_LIST_PAGE_SIZE, hasPermission, type ChartListItem } from '@rama/shared';
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
import { useSession } from '../core/session';
import { useToasts } from '../core/hooks';
import { ImportButton } from '../components/importExport/ImportModal';
import { exportResources } from '../components/importExport/transfer';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import { DatasetName } from '../datasets/DatasetName';
import { splitQualifiedDatasetName } from '../datasets/datasetName';
import { useBulkDeleteChartsMutation, useDeleteChartMutation, useListChartsQuery } from './chartApi';
import { NO_CHART_FILTERS, canEditChart, chartExplorePath, chartListFilters, vizTypeName, type ChartFilters } from './chartList';
import { ChartToolbar } from './ChartToolbar';
import { ChartCards } from './ChartCards';
import { chartAddPath } from './chartAdd';
import { useChartFavorites } from './useChartFavorites';
import { ObjectTags } from '../tags/ObjectTags';
import '../components/listParts.css';
import './charts.css';

const INITIAL_LIST = { page: 0, pageSize: CHART_LIST_PAGE_SIZE, orderColumn: 'changed_on', orderDirection: 'desc' } as const;
const PAGE_SIZES = [25, 50, 100, CHART_LIST_PAGE_SIZE];

/** The saved charts the user can see: find, star, open in Explore, delete; as a table or as cards. */
export function ChartListPage() {
  const { t } = useTranslation('charts');
  /** [one, many]: "1 chart", "3 charts" */
  const noun = [t('noun.one'), t('noun.other')] as const;
  const { access, user } = useSession();
  const navigate = useNavigate();
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<ChartListItem>(INITIAL_LIST);
  const [filters, setFilters] = useState<ChartFilters>(NO_CHART_FILTERS);
  const [view, setView] = useState<ListView>('table');
  const name = useDebouncedValue(filters.name);

  const { addDangerToast } = useToasts();
  const [exporting, setExporting] = useState(false);
  const { data, error, isFetching, refetch } = useListChartsQuery(toListQuery(list, chartListFilters({ ...filters, name })), {
    refetchOnMountOrArgChange: true,
  });
  const [deleteChart] = useDeleteChartMutation();
  const [bulkDelete, bulkState] = useBulkDeleteChartsMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const { isFavorite, toggleFavorite } = useChartFavorites(rows.map((c) => c.id));
  const { selectedIds, clearSelection, toggleSelected, deleteRow, deleteSelected, rowSelection } = useRowDeletion<ChartListItem>({
    list,
    total,
    setPage,
    idOf: (chart) => chart.id,
    nameOf: (chart) => chart.slice_name,
    selectedText: t('list.selected'),
    deleteOne: deleteChart,
    deleteMany: bulkDelete,
  });
  const mayEdit = (chart: ChartListItem) => canEditChart(chart, user.id, access.isAdmin);
  const canDelete = access.canWriteChart;
  const canExport = hasPermission(user.roles, 'can_export', 'Chart');
  // exporting works on any chart the user sees; deleting only on their own (the server checks both)
  const canSelect = (chart: ChartListItem) => canExport || mayEdit(chart);
  const filtered = chartListFilters(filters).length > 0;
  const selection = rowSelection(canDelete || canExport);
  const handleExport = async (ids: number[]) => {
    setExporting(true);
    try {
      await exportResources('chart', ids);
    } catch (e) {
      addDangerToast(t('list.exportFailed', { error: toClientError(e).message }));
    } finally {
      setExporting(false);
    }
  };

  // a selection is cleared when the filters change, so bulk delete never hits rows the filters now hide
  const handleFiltersChange = (change: Partial<ChartFilters>) => {
    setFilters((prev) => ({ ...prev, ...change }));
    clearSelection();
    resetPage();
  };
  const handleClearFilters = () => handleFiltersChange(NO_CHART_FILTERS);
  const handleToggleFavorite = (id: number) => void toggleFavorite(id);

  const columns: TableProps<ChartListItem>['columns'] = [
    favoriteColumn(
      (chart) => chart.slice_name,
      (chart) => isFavorite(chart.id),
      (chart) => handleToggleFavorite(chart.id),
    ),
    {
      key: 'slice_name',
      title: t('common:name'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'slice_name'),
      render: (_v, chart) => (
        <Flex vertical className="rama-cell-stack">
          <Flex gap={6} align="center" className="rama-chart-name-row">
            <Link to={chartExplorePath(chart.id)} className="rama-chart-name-link" data-test="chart-name">
              <Typography.Text strong ellipsis={{ tooltip: chart.slice_name }}>
                {chart.slice_name}
              </Typography.Text>
            </Link>
            {chart.certified_by && <CertifiedMark by={chart.certified_by} details={chart.certification_details} />}
          </Flex>
          {chart.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: chart.description }} className="rama-cell-secondary">
              {chart.description}
            </Typography.Text>
          )}
          <ObjectTags tags={chart.tags} />
        </Flex>
      ),
    },
    {
      key: 'viz_type',
      title: t('common:type'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'viz_type'),
      width: 150,
      ellipsis: true,
      render: (_v, chart) => vizTypeName(chart.viz_type),
    },
    {
      key: 'datasource_name_text',
      title: t('common:dataset'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'datasource_name_text'),
      width: 160,
      ellipsis: true,
      render: (_v, chart) =>
        chart.datasource_name_text ? (
          <LazyTooltip title={chart.datasource_name_text}>
            <DatasetName parts={splitQualifiedDatasetName(chart.datasource_name_text)} />
          </LazyTooltip>
        ) : (
          <span className="rama-empty-value">—</span>
        ),
    },
    {
      key: 'dashboards',
      title: t('list.onDashboards'),
      width: 160,
      render: (_v, chart) =>
        chart.dashboards.length ? (
          <Flex gap={4} wrap>
            {chart.dashboards.map((d) => (
              // plain text until the dashboard page exists (the dashboards issue)
              <Tag key={d.id}>{d.dashboard_title}</Tag>
            ))}
          </Flex>
        ) : (
          <span className="rama-empty-value">—</span>
        ),
    },
    { key: 'owners', title: t('common:owners'), width: 100, render: (_v, chart) => <OwnerAvatars owners={chart.owners} /> },
    modifiedColumn(list, (chart) => chart.changed_on_utc),
    actionsColumn(128, (chart) => (
      <>
        <IconLink
          to={chartExplorePath(chart.id)}
          icon={<EditOutlined />}
          label={t('list.editNamed', { name: chart.slice_name })}
          tooltip={t('list.editInExplore')}
        />
        {canExport && (
          <LazyTooltip title={t('common:export')}>
            <Button
              type="text"
              icon={<ExportOutlined />}
              aria-label={t('list.exportNamed', { name: chart.slice_name })}
              disabled={exporting}
              onClick={() => void handleExport([chart.id])}
            />
          </LazyTooltip>
        )}
        {canDelete && (
          <DeleteRowButton
            name={chart.slice_name}
            description={t('list.deleteHint')}
            onConfirm={() => deleteRow(chart)}
            disabledReason={mayEdit(chart) ? undefined : t('list.notAnOwner')}
          />
        )}
      </>
    )),
  ];

  const newChartButton = access.canWriteChart && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(chartAddPath())}>
      {t('list.newChart')}
    </Button>
  );
  const emptyText = (
    <ListEmpty
      filtered={filtered}
      noMatchText={t('list.noMatch')}
      onClearFilters={handleClearFilters}
      title={t('list.empty')}
      hint={t('list.emptyHint')}
      action={newChartButton}
    />
  );

  return (
    <div className="rama-page">
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        breadcrumb={[{ title: t('list.title') }]}
        extra={
          <>
            {access.canWriteChart && <ImportButton resource="chart" onImported={() => void refetch()} />}
            {newChartButton}
          </>
        }
      />
      <div className="rama-panel">
        <ChartToolbar filters={filters} onChange={handleFiltersChange} view={view} onViewChange={setView} />
        <BulkActionBar
          count={selectedIds.length}
          noun={noun}
          deleting={bulkState.isLoading}
          onDelete={canDelete ? () => void deleteSelected() : undefined}
          onClear={clearSelection}
        >
          {canExport && (
            <Button size="small" icon={<ExportOutlined aria-hidden />} loading={exporting} onClick={() => void handleExport(selectedIds)}>
              {t('list.exportSelected')}
            </Button>
          )}
        </BulkActionBar>
        {error && <ErrorAlert error={toClientError(error)} title={t('list.fetchFailed')} />}
        {view === 'table' ? (
          <Table<ChartListItem>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={isFetching}
            onChange={handleTableChange}
            rowSelection={selection && { ...selection, getCheckboxProps: (chart) => ({ disabled: !canSelect(chart) }) }}
            locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
            pagination={{ ...pagination(total, noun), pageSizeOptions: PAGE_SIZES }}
            scroll={{ x: 1100 }}
            tableLayout="fixed"
          />
        ) : (
          <>
            {rows.length === 0 && !isFetching ? (
              emptyText
            ) : (
              <ChartCards
                charts={rows}
                isFavorite={isFavorite}
                onToggleFavorite={handleToggleFavorite}
                selection={selection ? { selectedIds, onToggle: toggleSelected, canSelect } : undefined}
              />
            )}
            <CardPagination list={list} total={total} noun={noun} onPageChange={setPage} />
          </>
        )}
      </div>
    </div>
  );
}
