import { useState } from 'react';
import { Button, Flex, Table, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { BulkActionBar } from '../components/BulkActionBar';
import { DeleteRowButton, ListEmpty, SearchBox } from '../components/ListParts';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useRowDeletion } from '../components/useRowDeletion';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../app/api';
import { AnnotationLayerModal } from './AnnotationLayerModal';
import { useCanWriteAnnotations } from './access';
import {
  useBulkDeleteAnnotationLayersMutation,
  useDeleteAnnotationLayerMutation,
  useListAnnotationLayersQuery,
  type AnnotationLayerRecord,
} from './annotationApi';

const NOUN = ['annotation layer', 'annotation layers'] as const;
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on_delta_humanized', orderDirection: 'desc' } as const;

const userName = (u: AnnotationLayerRecord['changed_by']) => (u ? `${u.first_name} ${u.last_name}` : '—');

/** Settings → Annotation layers: named sets of annotations (events and intervals) that charts can draw. */
export function AnnotationLayerListPage() {
  const canWrite = useCanWriteAnnotations();
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<AnnotationLayerRecord>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [editing, setEditing] = useState<AnnotationLayerRecord | 'new' | null>(null);

  const query = toListQuery(list, [search !== '' && { col: 'name', opr: 'annotation_layer_all_text', value: search }]);
  const { data, error, isFetching } = useListAnnotationLayersQuery(query, { refetchOnMountOrArgChange: true });
  const [deleteLayer] = useDeleteAnnotationLayerMutation();
  const [bulkDelete, bulkState] = useBulkDeleteAnnotationLayersMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const { selectedIds, clearSelection, deleteRow, deleteSelected, rowSelection } = useRowDeletion<AnnotationLayerRecord>({
    list,
    total,
    setPage,
    idOf: (row) => row.id,
    nameOf: (row) => row.name,
    selectedText: 'the selected annotation layers',
    deleteOne: deleteLayer,
    deleteMany: bulkDelete,
  });

  const handleSearchChange = (value: string) => {
    setSearchText(value);
    clearSelection();
    resetPage();
  };

  const columns: TableProps<AnnotationLayerRecord>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      sortOrder: sortOrderFor(list, 'name'),
      render: (_v, row) => <Link to={`/annotationlayer/${row.id}/annotation/`}>{row.name}</Link>,
    },
    {
      key: 'descr',
      title: 'Description',
      sorter: true,
      sortOrder: sortOrderFor(list, 'descr'),
      render: (_v, row) =>
        row.descr ? (
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.descr }}>
            {row.descr}
          </Typography.Text>
        ) : (
          <span className="rama-empty-value">—</span>
        ),
    },
    {
      key: 'changed_on_delta_humanized',
      title: 'Last modified',
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on_delta_humanized'),
      width: 160,
      render: (_v, row) => row.changed_on_delta_humanized,
    },
    { key: 'created_by', title: 'Created by', width: 160, ellipsis: true, render: (_v, row) => userName(row.created_by) },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: <span className="rama-sr-only">Actions</span>,
      align: 'right',
      fixed: 'right',
      width: 96,
      render: (_v, row) => (
        <Flex gap={2} justify="end" className="rama-row-actions">
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)} />
          </Tooltip>
          <DeleteRowButton
            name={row.name}
            description="A layer that still holds annotations cannot be deleted; charts that draw it will draw nothing for it."
            onConfirm={() => deleteRow(row)}
          />
        </Flex>
      ),
    });

  const addButton = canWrite ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      Annotation layer
    </Button>
  ) : null;

  return (
    <div className="rama-page">
      <PageHeader
        title="Annotation layers"
        subtitle="Events and intervals, kept here, that time-series charts draw as marks over their data."
        breadcrumb={[{ title: 'Settings' }, { title: 'Annotation layers' }]}
        extra={addButton}
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox
            value={searchText}
            onChange={handleSearchChange}
            placeholder="Search by name or description"
            label="Search annotation layers"
          />
        </Flex>
        {canWrite && (
          <BulkActionBar
            count={selectedIds.length}
            noun={NOUN}
            deleting={bulkState.isLoading}
            onDelete={() => void deleteSelected()}
            onClear={clearSelection}
          />
        )}
        {error && <ErrorAlert error={toClientError(error)} title="Could not load the annotation layers" />}
        <Table<AnnotationLayerRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          rowSelection={canWrite ? rowSelection(true) : undefined}
          locale={{
            emptyText:
              isFetching && !data ? (
                ' '
              ) : (
                <ListEmpty
                  filtered={search !== ''}
                  noMatchText="No annotation layers match your search"
                  onClearFilters={() => handleSearchChange('')}
                  title="No annotation layers yet"
                  hint="A layer holds annotations that line and bar charts over time can draw, chosen under Annotations and layers in Explore."
                  action={addButton}
                />
              ),
          }}
          pagination={pagination(total, NOUN)}
          tableLayout="fixed"
        />
      </div>
      <AnnotationLayerModal open={editing !== null} layer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </div>
  );
}
