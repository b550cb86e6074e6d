import { useState } from 'react';
import { Button, Flex, Table, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { BulkActionBar } from '../components/BulkActionBar';
import { DeleteRowButton, ListEmpty, SearchBox } from '../components/ListParts';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useRowDeletion } from '../components/useRowDeletion';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { AnnotationLayerModal } from './AnnotationLayerModal';
import { useCanWriteAnnotations } from './access';
import {
  useBulkDeleteAnnotationLayersMutation,
  useDeleteAnnotationLayerMutation,
  useListAnnotationLayersQuery,
  type AnnotationLayerRecord,
} from './annotationApi';

const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on_delta_humanized', orderDirection: 'desc' } as const;

const userName = (u: AnnotationLayerRecord['changed_by']) => (u ? `${u.first_name} ${u.last_name}` : '—');

/** Settings → Annotation layers: named sets of annotations (events and intervals) that charts can draw. */
export function AnnotationLayerListPage() {
  const { t } = useTranslation('annotations');
  const noun = [t('layerNoun.one'), t('layerNoun.other')] as const;
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
    selectedText: t('selectedLayers'),
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
      title: t('common:name'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'name'),
      render: (_v, row) => <Link to={`/annotationlayer/${row.id}/annotation/`}>{row.name}</Link>,
    },
    {
      key: 'descr',
      title: t('common:description'),
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
      title: t('common:lastModified'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on_delta_humanized'),
      width: 160,
      render: (_v, row) => row.changed_on_delta_humanized,
    },
    { key: 'created_by', title: t('common:createdBy'), width: 160, ellipsis: true, render: (_v, row) => userName(row.created_by) },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: <span className="rama-sr-only">{t('common:actions')}</span>,
      align: 'right',
      fixed: 'right',
      width: 96,
      render: (_v, row) => (
        <Flex gap={2} justify="end" className="rama-row-actions">
          <Tooltip title={t('common:edit')}>
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('editName', { name: row.name })}
              onClick={() => setEditing(row)}
            />
          </Tooltip>
          <DeleteRowButton name={row.name} description={t('layerDeleteDescription')} onConfirm={() => deleteRow(row)} />
        </Flex>
      ),
    });

  const addButton = canWrite ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {t('layer')}
    </Button>
  ) : null;

  return (
    <div className="rama-page">
      <PageHeader
        title={t('layers')}
        subtitle={t('layersSubtitle')}
        breadcrumb={[{ title: t('common:settings') }, { title: t('layers') }]}
        extra={addButton}
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox
            value={searchText}
            onChange={handleSearchChange}
            placeholder={t('layerSearchPlaceholder')}
            label={t('layerSearchLabel')}
          />
        </Flex>
        {canWrite && (
          <BulkActionBar
            count={selectedIds.length}
            noun={noun}
            deleting={bulkState.isLoading}
            onDelete={() => void deleteSelected()}
            onClear={clearSelection}
          />
        )}
        {error && <ErrorAlert error={toClientError(error)} title={t('layersLoadFailed')} />}
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
                  noMatchText={t('layersNoMatch')}
                  onClearFilters={() => handleSearchChange('')}
                  title={t('layersEmptyTitle')}
                  hint={t('layersEmptyHint')}
                  action={addButton}
                />
              ),
          }}
          pagination={pagination(total, noun)}
          tableLayout="fixed"
        />
      </div>
      <AnnotationLayerModal open={editing !== null} layer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </div>
  );
}
