import { useState } from 'react';
import { Button, Flex, Table, Tooltip, Typography, type TableProps } from 'antd';
import { ConsoleSqlOutlined, EditOutlined, ExportOutlined, EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, SqlLabMessage } from '@rama/shared';
import { sharedText } from '../i18n';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { BulkActionBar } from '../components/BulkActionBar';
import { DatabaseFilter } from '../databases/DatabaseFilter';
import { HumanizedDate } from '../components/Humanized';
import { IconLink } from '../components/IconLink';
import { DeleteRowButton, ListEmpty, OpenSqlLabButton, SearchBox } from '../components/ListParts';
import { TableTags } from '../components/TableTags';
import { copyText } from '../components/clipboard';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useRowDeletion } from '../components/useRowDeletion';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { ImportButton } from '../components/importExport/ImportModal';
import { exportResources } from '../components/importExport/transfer';
import { ObjectTags } from '../tags/ObjectTags';
import { TagFilter } from '../tags/TagFilter';
import { savedQueryListFilters } from './savedQueryList';
import { SavedQueryEditModal } from './SavedQueryEditModal';
import { SavedQueryPreviewModal } from './SavedQueryPreviewModal';
import { SavedQueryScheduleCell } from './SavedQueryScheduleCell';
import {
  savedQuerySqlLabPath,
  type SavedQueryRecord,
  useBulkDeleteSavedQueriesMutation,
  useDeleteSavedQueryMutation,
  useListSavedQueriesQuery,
} from './savedQueryApi';

/** The menu's name (the language's), the same in every language. */
const SQL = 'SQL';
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on', orderDirection: 'desc' } as const;

function userName(user: SavedQueryRecord['created_by']): string {
  return user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '';
}

/** The user's saved queries (admins: everyone's): find, preview, open in SQL Lab, rename, share, delete. */
export function SavedQueryListPage() {
  const { t } = useTranslation('savedqueries');
  const noun = [t('noun.one'), t('noun.other')] as const;
  const { access, user } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<SavedQueryRecord>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);
  const [tagId, setTagId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const canExport = hasPermission(user.roles, 'can_export', 'SavedQuery');
  const canReadTags = hasPermission(user.roles, 'can_read', 'Tag');

  const query = toListQuery(list, savedQueryListFilters({ search, databaseId, tagId }));
  const { data, error, isFetching, refetch } = useListSavedQueriesQuery(query, { refetchOnMountOrArgChange: true });
  const [deleteSavedQuery] = useDeleteSavedQueryMutation();
  const [bulkDelete, bulkState] = useBulkDeleteSavedQueriesMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const { selectedIds, clearSelection, deleteRow, deleteSelected, rowSelection } = useRowDeletion<SavedQueryRecord>({
    list,
    total,
    setPage,
    idOf: (row) => row.id,
    nameOf: (row) => row.label,
    selectedText: t('selectedQueries'),
    deleteOne: deleteSavedQuery,
    deleteMany: bulkDelete,
  });
  const filtered = search !== '' || databaseId !== null || tagId !== null;
  const editing = rows.find((row) => row.id === editId) ?? null;

  // a selection is only kept across pages, so bulk delete never hits rows the filters now hide
  const handleFiltersChanged = () => {
    clearSelection();
    resetPage();
  };
  const handleSearchChange = (value: string) => {
    setSearchText(value);
    handleFiltersChanged();
  };
  const handleDatabaseChange = (id: number | null) => {
    setDatabaseId(id);
    handleFiltersChanged();
  };
  const handleTagChange = (id: number | null) => {
    setTagId(id);
    handleFiltersChanged();
  };
  const handleClearFilters = () => {
    setSearchText('');
    setDatabaseId(null);
    setTagId(null);
    handleFiltersChanged();
  };
  const handleExport = async (ids: number[]) => {
    setExporting(true);
    try {
      await exportResources('saved_query', ids);
    } catch (e) {
      addDangerToast(t('exportFailed', { message: toClientError(e).message }));
    } finally {
      setExporting(false);
    }
  };

  const handleCopyLink = async (row: Pick<SavedQueryRecord, 'id'>) => {
    try {
      await copyText(`${window.location.origin}${savedQuerySqlLabPath(row.id)}`);
      addSuccessToast(sharedText('messages', SqlLabMessage.LINK_COPIED));
    } catch {
      addDangerToast(sharedText('messages', SqlLabMessage.COPY_FAILED));
    }
  };

  const handleClosePreview = () => setPreviewId(null);
  const handleCloseEdit = () => setEditId(null);

  const columns: TableProps<SavedQueryRecord>['columns'] = [
    {
      key: 'label',
      title: t('common:name'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'label'),
      render: (_v, row) => (
        <Flex vertical className="rama-cell-stack">
          <Link to={savedQuerySqlLabPath(row.id)} className="rama-strong-link">
            {row.label}
          </Link>
          {row.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} className="rama-cell-secondary">
              {row.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'database.database_name',
      title: t('common:database'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'database.database_name'),
      width: 160,
      ellipsis: true,
      render: (_v, row) => row.database?.database_name ?? <span className="rama-empty-value">—</span>,
    },
    {
      key: 'schema',
      title: t('common:schema'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'schema'),
      width: 130,
      ellipsis: true,
      render: (_v, row) => row.schema || <span className="rama-empty-value">—</span>,
    },
    { key: 'sql_tables', title: t('column.tables'), width: 240, render: (_v, row) => <TableTags tables={row.sql_tables} /> },
    {
      key: 'tags',
      title: t('common:tags'),
      width: 180,
      render: (_v, row) => (row.tags.length ? <ObjectTags tags={row.tags} /> : <span className="rama-empty-value">—</span>),
    },
    { key: 'schedule', title: t('column.schedule'), width: 260, render: (_v, row) => <SavedQueryScheduleCell row={row} /> },
    {
      key: 'created_by',
      title: t('common:createdBy'),
      width: 150,
      ellipsis: true,
      render: (_v, row) => userName(row.created_by) || <span className="rama-empty-value">—</span>,
    },
    {
      key: 'changed_on',
      title: t('common:modified'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on'),
      width: 150,
      render: (_v, row) => <HumanizedDate iso={row.changed_on} humanized={row.changed_on_delta_humanized} />,
    },
    {
      key: 'actions',
      title: <span className="rama-sr-only">{t('common:actions')}</span>,
      align: 'right',
      fixed: 'right',
      width: (access.canWriteSavedQuery ? 188 : 116) + (canExport ? 36 : 0),
      render: (_v, row) => (
        <Flex gap={2} justify="end" className="rama-row-actions">
          <Tooltip title={t('common:preview')}>
            <Button
              type="text"
              icon={<EyeOutlined />}
              aria-label={t('action.preview', { name: row.label })}
              onClick={() => setPreviewId(row.id)}
            />
          </Tooltip>
          <IconLink
            to={savedQuerySqlLabPath(row.id)}
            icon={<ConsoleSqlOutlined />}
            label={t('action.open', { name: row.label })}
            tooltip={t('action.openTooltip')}
          />
          {access.canWriteSavedQuery && (
            <Tooltip title={t('common:edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t('action.edit', { name: row.label })}
                onClick={() => setEditId(row.id)}
              />
            </Tooltip>
          )}
          <Tooltip title={t('action.copyLinkTooltip')}>
            <Button
              type="text"
              icon={<LinkOutlined />}
              aria-label={t('action.copyLink', { name: row.label })}
              onClick={() => void handleCopyLink(row)}
            />
          </Tooltip>
          {canExport && (
            <Tooltip title={t('common:export')}>
              <Button
                type="text"
                icon={<ExportOutlined />}
                aria-label={t('action.export', { name: row.label })}
                disabled={exporting}
                onClick={() => void handleExport([row.id])}
              />
            </Tooltip>
          )}
          {access.canWriteSavedQuery && (
            <DeleteRowButton name={row.label} description={t('common:deleteConfirmBody')} onConfirm={() => deleteRow(row)} />
          )}
        </Flex>
      ),
    },
  ];

  const emptyText = (
    <ListEmpty
      filtered={filtered}
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
        subtitle={t('subtitle')}
        breadcrumb={[{ title: SQL }, { title: t('title') }]}
        extra={access.canWriteSavedQuery && <ImportButton resource="saved_query" onImported={() => void refetch()} />}
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder={t('search.placeholder')} label={t('search.label')} />
          <DatabaseFilter value={databaseId} onChange={handleDatabaseChange} />
          {canReadTags && <TagFilter value={tagId} onChange={handleTagChange} />}
        </Flex>
        <BulkActionBar
          count={selectedIds.length}
          noun={noun}
          deleting={bulkState.isLoading}
          onDelete={access.canWriteSavedQuery ? () => void deleteSelected() : undefined}
          onClear={clearSelection}
        >
          {canExport && (
            <Button size="small" icon={<ExportOutlined aria-hidden />} loading={exporting} onClick={() => void handleExport(selectedIds)}>
              {t('exportSelected')}
            </Button>
          )}
        </BulkActionBar>
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed')} />}
        <Table<SavedQueryRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          rowSelection={rowSelection(access.canWriteSavedQuery || canExport)}
          locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
          pagination={pagination(total, noun)}
          scroll={{ x: 1800 }}
          tableLayout="fixed"
        />
      </div>
      <SavedQueryPreviewModal
        rows={rows}
        previewId={previewId}
        onNavigate={setPreviewId}
        onCopyLink={(row) => void handleCopyLink(row)}
        onClose={handleClosePreview}
      />
      <SavedQueryEditModal query={editing} onClose={handleCloseEdit} />
    </div>
  );
}
