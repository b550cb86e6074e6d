import { useState } from 'react';
import { Button, Flex, Table, Tooltip, Typography, type TableProps } from 'antd';
import { ConsoleSqlOutlined, EditOutlined, EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { BulkActionBar } from '../components/BulkActionBar';
import { DatabaseFilter } from '../components/DatabaseFilter';
import { HumanizedDate } from '../components/Humanized';
import { IconLink } from '../components/IconLink';
import { DeleteRowButton, ListEmpty, OpenSqlLabButton, SearchBox } from '../components/ListParts';
import { TableTags } from '../components/TableTags';
import { copyText } from '../components/clipboard';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useRowDeletion } from '../components/useRowDeletion';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { useSession } from '../app/session';
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

const NOUN = ['saved query', 'saved queries'] as const;
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on', orderDirection: 'desc' } as const;

function userName(user: SavedQueryRecord['created_by']): string {
  return user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '';
}

/** The user's saved queries (admins: everyone's): find, preview, open in SQL Lab, rename, share, delete. */
export function SavedQueryListPage() {
  const { access } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<SavedQueryRecord>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);

  const query = toListQuery(list, [
    search !== '' && { col: 'label', opr: 'all_text', value: search },
    databaseId !== null && { col: 'database', opr: 'rel_o_m', value: databaseId },
  ]);
  const { data, error, isFetching } = useListSavedQueriesQuery(query, { refetchOnMountOrArgChange: true });
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
    selectedText: 'the selected queries',
    deleteOne: deleteSavedQuery,
    deleteMany: bulkDelete,
  });
  const filtered = search !== '' || databaseId !== null;
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
  const handleClearFilters = () => {
    setSearchText('');
    setDatabaseId(null);
    handleFiltersChanged();
  };

  const handleCopyLink = async (row: Pick<SavedQueryRecord, 'id'>) => {
    try {
      await copyText(`${window.location.origin}${savedQuerySqlLabPath(row.id)}`);
      addSuccessToast('Link copied to clipboard');
    } catch {
      addDangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!');
    }
  };

  const handleClosePreview = () => setPreviewId(null);
  const handleCloseEdit = () => setEditId(null);

  const columns: TableProps<SavedQueryRecord>['columns'] = [
    {
      key: 'label',
      title: 'Name',
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
      title: 'Database',
      sorter: true,
      sortOrder: sortOrderFor(list, 'database.database_name'),
      width: 160,
      ellipsis: true,
      render: (_v, row) => row.database?.database_name ?? <span className="rama-empty-value">—</span>,
    },
    {
      key: 'schema',
      title: 'Schema',
      sorter: true,
      sortOrder: sortOrderFor(list, 'schema'),
      width: 130,
      ellipsis: true,
      render: (_v, row) => row.schema || <span className="rama-empty-value">—</span>,
    },
    { key: 'sql_tables', title: 'Tables', width: 240, render: (_v, row) => <TableTags tables={row.sql_tables} /> },
    { key: 'schedule', title: 'Schedule', width: 260, render: (_v, row) => <SavedQueryScheduleCell row={row} /> },
    {
      key: 'created_by',
      title: 'Created by',
      width: 150,
      ellipsis: true,
      render: (_v, row) => userName(row.created_by) || <span className="rama-empty-value">—</span>,
    },
    {
      key: 'changed_on',
      title: 'Modified',
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on'),
      width: 150,
      render: (_v, row) => <HumanizedDate iso={row.changed_on} humanized={row.changed_on_delta_humanized} />,
    },
    {
      key: 'actions',
      title: <span className="rama-sr-only">Actions</span>,
      align: 'right',
      fixed: 'right',
      width: access.canWriteSavedQuery ? 188 : 116,
      render: (_v, row) => (
        <Flex gap={2} justify="end" className="rama-row-actions">
          <Tooltip title="Preview">
            <Button type="text" icon={<EyeOutlined />} aria-label={`Preview ${row.label}`} onClick={() => setPreviewId(row.id)} />
          </Tooltip>
          <IconLink
            to={savedQuerySqlLabPath(row.id)}
            icon={<ConsoleSqlOutlined />}
            label={`Open ${row.label} in SQL Lab`}
            tooltip="Open in SQL Lab"
          />
          {access.canWriteSavedQuery && (
            <Tooltip title="Edit">
              <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${row.label}`} onClick={() => setEditId(row.id)} />
            </Tooltip>
          )}
          <Tooltip title="Copy link">
            <Button type="text" icon={<LinkOutlined />} aria-label={`Copy link to ${row.label}`} onClick={() => void handleCopyLink(row)} />
          </Tooltip>
          {access.canWriteSavedQuery && (
            <DeleteRowButton name={row.label} description="This cannot be undone." onConfirm={() => deleteRow(row)} />
          )}
        </Flex>
      ),
    },
  ];

  const emptyText = (
    <ListEmpty
      filtered={filtered}
      noMatchText="No saved queries match your filters"
      onClearFilters={handleClearFilters}
      title="No saved queries yet"
      hint="Queries are saved from SQL Lab: write a query, then click Save. It will be listed here."
      action={access.canSqlLab && <OpenSqlLabButton />}
    />
  );

  return (
    <div className="rama-page">
      <PageHeader
        title="Saved queries"
        subtitle="Queries saved from SQL Lab. Preview one, open it in SQL Lab, share a link to it, or see and change when it runs."
        breadcrumb={[{ title: 'SQL' }, { title: 'Saved queries' }]}
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox
            value={searchText}
            onChange={handleSearchChange}
            placeholder="Search name, description or SQL"
            label="Search saved queries"
          />
          <DatabaseFilter value={databaseId} onChange={handleDatabaseChange} />
        </Flex>
        <BulkActionBar
          count={selectedIds.length}
          noun={NOUN}
          deleting={bulkState.isLoading}
          onDelete={() => void deleteSelected()}
          onClear={clearSelection}
        />
        {error && <ErrorAlert error={toClientError(error)} title="Could not load saved queries" />}
        <Table<SavedQueryRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          rowSelection={rowSelection(access.canWriteSavedQuery)}
          locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
          pagination={pagination(total, NOUN)}
          scroll={{ x: 1600 }}
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
