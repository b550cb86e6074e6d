import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import { LazyTooltip } from '../components/LazyTooltip';
import { ConsoleSqlOutlined, EditOutlined, ExportOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { datasetLabel, datasetQualifiedName } from './datasetName';
import { hasPermission, type DatasetListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { BulkActionBar } from '../components/BulkActionBar';
import { DeleteRowButton, ListEmpty, OpenSqlLabButton } from '../components/ListParts';
import { actionsColumn, modifiedColumn } from '../components/listColumns';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useRowDeletion } from '../components/useRowDeletion';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { useSession } from '../core/session';
import { useToasts } from '../core/hooks';
import { ImportButton } from '../components/importExport/ImportModal';
import { exportResources } from '../components/importExport/transfer';
import { DatasetToolbar } from './DatasetToolbar';
import { DatasetEditorModal, type EditedDataset } from './DatasetEditorModal';
import { OwnerAvatars } from './OwnerAvatars';
import { ObjectTags } from '../tags/ObjectTags';
import { NO_DATASET_FILTERS, canEditDataset, datasetListFilters, exploreUrlOf, requestedQueryOf, type DatasetFilters } from './datasetList';
import { useBulkDeleteDatasetsMutation, useDeleteDatasetMutation, useListDatasetsQuery } from './datasetApi';

const ADD_PATH = '/dataset/add/';
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on', orderDirection: 'desc' } as const;

function KindTag({ kind }: { kind: DatasetListItem['kind'] }) {
  const { t } = useTranslation('datasets');
  return kind === 'virtual' ? (
    <Tag color="purple" icon={<ConsoleSqlOutlined aria-hidden />}>
      {t('kind.virtual')}
    </Tag>
  ) : (
    <Tag color="blue" icon={<TableOutlined aria-hidden />}>
      {t('kind.physical')}
    </Tag>
  );
}

/** The datasets the user can see: find them, create one from a table, edit, open a virtual one's SQL in SQL Lab, delete. */
export function DatasetListPage() {
  const { access, user } = useSession();
  const { t } = useTranslation('datasets');
  const navigate = useNavigate();
  const noun = [t('nounOne'), t('nounOther')] as const;
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<DatasetListItem>(INITIAL_LIST);
  const [filters, setFilters] = useState<DatasetFilters>(NO_DATASET_FILTERS);
  const [editing, setEditing] = useState<EditedDataset | null>(null);
  const name = useDebouncedValue(filters.name);

  const { addDangerToast } = useToasts();
  const [exporting, setExporting] = useState(false);
  const { data, error, isFetching, refetch } = useListDatasetsQuery(toListQuery(list, datasetListFilters({ ...filters, name })), {
    refetchOnMountOrArgChange: true,
  });
  const [deleteDataset] = useDeleteDatasetMutation();
  const [bulkDelete, bulkState] = useBulkDeleteDatasetsMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const { selectedIds, clearSelection, deleteRow, deleteSelected, rowSelection } = useRowDeletion<DatasetListItem>({
    list,
    total,
    setPage,
    idOf: (ds) => ds.id,
    nameOf: (ds) => ds.table_name,
    selectedText: t('selectedText'),
    deleteOne: deleteDataset,
    deleteMany: bulkDelete,
  });
  const filtered = datasetListFilters(filters).length > 0;
  // exporting datasets is a permission of its own (the server's rule: Alpha and Admin)
  const canExport = hasPermission(user.roles, 'can_export', 'Dataset');
  const handleExport = async (ids: number[]) => {
    setExporting(true);
    try {
      await exportResources('dataset', ids);
    } catch (e) {
      addDangerToast(t('exportFailed', { message: toClientError(e).message }));
    } finally {
      setExporting(false);
    }
  };

  // a selection is only kept across pages, so bulk delete never hits rows the filters now hide
  const handleFiltersChange = (change: Partial<DatasetFilters>) => {
    setFilters((prev) => ({ ...prev, ...change }));
    clearSelection();
    resetPage();
  };
  const handleClearFilters = () => handleFiltersChange(NO_DATASET_FILTERS);

  const handleOpenInSqlLab = (dataset: DatasetListItem) => {
    const requestedQuery = requestedQueryOf(dataset);
    if (requestedQuery) void navigate('/sqllab/', { state: { requestedQuery } });
  };

  const columns: TableProps<DatasetListItem>['columns'] = [
    {
      key: 'table_name',
      title: t('common:name'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'table_name'),
      render: (_v, ds) => (
        <Flex vertical className="rama-cell-stack">
          <Typography.Text strong ellipsis={{ tooltip: datasetQualifiedName(ds) }}>
            <Link to={exploreUrlOf(ds.id)} aria-label={t('exploreName', { name: datasetLabel(ds) })}>
              {datasetLabel(ds)}
            </Link>
          </Typography.Text>
          {ds.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: ds.description }} className="rama-cell-secondary">
              {ds.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'kind', title: t('kind'), width: 110, render: (_v, ds) => <KindTag kind={ds.kind} /> },
    {
      key: 'database.database_name',
      title: t('common:database'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'database.database_name'),
      width: 150,
      ellipsis: true,
      render: (_v, ds) => ds.database.database_name,
    },
    {
      key: 'schema',
      title: t('common:schema'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'schema'),
      width: 120,
      ellipsis: true,
      render: (_v, ds) => ds.schema || <span className="rama-empty-value">—</span>,
    },
    {
      key: 'tags',
      title: t('common:tags'),
      width: 160,
      render: (_v, ds) => (ds.tags.length ? <ObjectTags tags={ds.tags} /> : <span className="rama-empty-value">—</span>),
    },
    { key: 'owners', title: t('common:owners'), width: 110, render: (_v, ds) => <OwnerAvatars owners={ds.owners} /> },
    modifiedColumn(list, (ds) => ds.changed_on),
    actionsColumn(140, (ds) => (
      <>
        {access.canWriteDataset && (
          <LazyTooltip title={canEditDataset(ds, user.id, access.isAdmin) ? t('common:edit') : t('notAnOwner')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('editName', { name: ds.table_name })}
              disabled={!canEditDataset(ds, user.id, access.isAdmin)}
              onClick={() => setEditing({ id: ds.id, table_name: ds.table_name })}
            />
          </LazyTooltip>
        )}
        {access.canSqlLab && ds.kind === 'virtual' && (
          <LazyTooltip title={t('openInSqlLab')}>
            <Button
              type="text"
              icon={<ConsoleSqlOutlined />}
              aria-label={t('openInSqlLabName', { name: ds.table_name })}
              onClick={() => handleOpenInSqlLab(ds)}
            />
          </LazyTooltip>
        )}
        {canExport && (
          <LazyTooltip title={t('common:export')}>
            <Button
              type="text"
              icon={<ExportOutlined />}
              aria-label={t('exportName', { name: ds.table_name })}
              disabled={exporting}
              onClick={() => void handleExport([ds.id])}
            />
          </LazyTooltip>
        )}
        {access.canWriteDataset && (
          <DeleteRowButton name={ds.table_name} description={t('deleteDescription')} onConfirm={() => deleteRow(ds)} />
        )}
      </>
    )),
  ];

  const emptyText = (
    <ListEmpty
      filtered={filtered}
      noMatchText={t('empty.noMatch')}
      onClearFilters={handleClearFilters}
      title={t('empty.title')}
      hint={t('empty.hint')}
      action={
        <Flex gap={8} justify="center">
          {access.canWriteDataset && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(ADD_PATH)}>
              {t('newDataset')}
            </Button>
          )}
          {access.canSqlLab && <OpenSqlLabButton />}
        </Flex>
      }
    />
  );

  return (
    <div className="rama-page">
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        breadcrumb={[{ title: t('breadcrumb.data') }, { title: t('list.title') }]}
        extra={
          access.canWriteDataset && (
            <>
              <ImportButton resource="dataset" onImported={() => void refetch()} />
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(ADD_PATH)}>
                {t('newDataset')}
              </Button>
            </>
          )
        }
      />
      <div className="rama-panel">
        <DatasetToolbar filters={filters} onChange={handleFiltersChange} canReadTags={hasPermission(user.roles, 'can_read', 'Tag')} />
        <BulkActionBar
          count={selectedIds.length}
          noun={noun}
          deleting={bulkState.isLoading}
          onDelete={access.canWriteDataset ? () => void deleteSelected() : undefined}
          onClear={clearSelection}
        >
          {canExport && (
            <Button size="small" icon={<ExportOutlined aria-hidden />} loading={exporting} onClick={() => void handleExport(selectedIds)}>
              {t('exportSelected')}
            </Button>
          )}
        </BulkActionBar>
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed')} />}
        <Table<DatasetListItem>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          rowSelection={rowSelection(access.canWriteDataset || canExport)}
          locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
          pagination={pagination(total, noun)}
          scroll={{ x: 1180 }}
          tableLayout="fixed"
        />
      </div>
      <DatasetEditorModal dataset={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
