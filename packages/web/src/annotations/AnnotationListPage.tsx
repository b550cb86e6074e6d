import { useState } from 'react';
import { Button, Flex, Table, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
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
import { NotFoundPage } from '../core/NotFoundPage';
import { AnnotationModal } from './AnnotationModal';
import { useCanWriteAnnotations } from './access';
import { shownDttm } from './annotationForm';
import { useDeleteAnnotationsMutation, useGetAnnotationLayerQuery, useListAnnotationsQuery, type AnnotationRecord } from './annotationApi';

const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'start_dttm', orderDirection: 'desc' } as const;

/** One annotation layer's annotations: add, edit, delete. */
export function AnnotationListPage() {
  const layerId = Number(useParams().layerId);
  if (!Number.isInteger(layerId) || layerId < 1) return <NotFoundPage />;
  return <AnnotationList key={layerId} layerId={layerId} />;
}

function AnnotationList({ layerId }: { layerId: number }) {
  const { t } = useTranslation('annotations');
  const noun = [t('annotationNoun.one'), t('annotationNoun.other')] as const;
  const canWrite = useCanWriteAnnotations();
  const layer = useGetAnnotationLayerQuery(layerId);
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<AnnotationRecord>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [editing, setEditing] = useState<AnnotationRecord | 'new' | null>(null);

  const q = toListQuery(list, [search !== '' && { col: 'short_descr', opr: 'annotation_all_text', value: search }]);
  const { data, error, isFetching } = useListAnnotationsQuery({ layerId, q }, { refetchOnMountOrArgChange: true });
  const [deleteMany, bulkState] = useDeleteAnnotationsMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const { selectedIds, clearSelection, deleteRow, deleteSelected, rowSelection } = useRowDeletion<AnnotationRecord>({
    list,
    total,
    setPage,
    idOf: (row) => row.id,
    nameOf: (row) => row.short_descr,
    selectedText: t('selectedAnnotations'),
    deleteOne: (id) => deleteMany({ layerId, ids: [id] }),
    deleteMany: (ids) => deleteMany({ layerId, ids }),
  });

  const handleSearchChange = (value: string) => {
    setSearchText(value);
    clearSelection();
    resetPage();
  };

  const layerName = layer.data?.result.name ?? '';
  const columns: TableProps<AnnotationRecord>['columns'] = [
    {
      key: 'short_descr',
      title: t('label'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'short_descr'),
      render: (_v, row) => <Typography.Text strong>{row.short_descr}</Typography.Text>,
    },
    {
      key: 'long_descr',
      title: t('common:description'),
      render: (_v, row) =>
        row.long_descr ? (
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.long_descr }}>
            {row.long_descr}
          </Typography.Text>
        ) : (
          <span className="rama-empty-value">—</span>
        ),
    },
    {
      key: 'start_dttm',
      title: t('start'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'start_dttm'),
      width: 170,
      render: (_v, row) => shownDttm(row.start_dttm),
    },
    {
      key: 'end_dttm',
      title: t('end'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'end_dttm'),
      width: 170,
      render: (_v, row) => shownDttm(row.end_dttm),
    },
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
              aria-label={t('editName', { name: row.short_descr })}
              onClick={() => setEditing(row)}
            />
          </Tooltip>
          <DeleteRowButton name={row.short_descr} description={t('annotationDeleteDescription')} onConfirm={() => deleteRow(row)} />
        </Flex>
      ),
    });

  const addButton = canWrite ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {t('annotation')}
    </Button>
  ) : null;

  if (layer.error) return <ErrorAlert error={toClientError(layer.error)} title={t('layerLoadFailed')} />;

  return (
    <div className="rama-page">
      <PageHeader
        title={layerName || t('layer')}
        subtitle={layer.data?.result.descr ?? t('timesAreUtc')}
        breadcrumb={[{ title: t('common:settings') }, { title: t('layers'), to: '/annotationlayer/list/' }, { title: layerName }]}
        extra={addButton}
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox
            value={searchText}
            onChange={handleSearchChange}
            placeholder={t('annotationSearchPlaceholder')}
            label={t('annotationSearchLabel')}
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
        {error && <ErrorAlert error={toClientError(error)} title={t('annotationsLoadFailed')} />}
        <Table<AnnotationRecord>
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
                  noMatchText={t('annotationsNoMatch')}
                  onClearFilters={() => handleSearchChange('')}
                  title={t('annotationsEmptyTitle')}
                  hint={t('annotationsEmptyHint')}
                  action={addButton}
                />
              ),
          }}
          pagination={pagination(total, noun)}
          tableLayout="fixed"
        />
      </div>
      <AnnotationModal
        open={editing !== null}
        layerId={layerId}
        annotation={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
