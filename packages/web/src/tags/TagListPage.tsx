/**
 * Settings → Tags (the peer's /superset/tags/ page; here /tag/list/): the custom tags with how many
 * objects the user can read carry each, and, opened, a tag's objects with links to them.
 */
import { useState } from 'react';
import { Flex, List, Table, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { DeleteRowButton, ListEmpty, SearchBox } from '../components/ListParts';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { useSession } from '../core/session';
import { useToasts } from '../core/hooks';
import { useDeleteTagMutation, useListTagsQuery, useTaggedObjectsQuery, type TagRecord } from './tagApi';
import { objectCounts, objectTypeLabel, type TaggedObject } from './tagRules';
import './tags.css';

const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'name', orderDirection: 'asc' } as const;

const userName = (u: TagRecord['created_by']) => (u ? `${u.first_name} ${u.last_name}`.trim() : '—');

function TagObjects({ objects }: { objects: TaggedObject[] }) {
  const { t } = useTranslation('tags');
  if (!objects.length) return <Typography.Text type="secondary">{t('noVisibleObjects')}</Typography.Text>;
  return (
    <List
      size="small"
      className="rama-tag-objects"
      dataSource={objects}
      renderItem={(o) => (
        <List.Item key={`${o.type}:${o.id}`}>
          <Flex gap={8} align="center">
            <Tag>{objectTypeLabel(o.type)}</Tag>
            <Link to={o.url}>{o.name}</Link>
            {o.creator && <Typography.Text type="secondary">{t('byCreator', { name: o.creator })}</Typography.Text>}
          </Flex>
        </List.Item>
      )}
    />
  );
}

export function TagListPage() {
  const { t } = useTranslation('tags');
  const { user } = useSession();
  const canWrite = hasPermission(user.roles, 'can_write', 'Tag');
  const { addSuccessToast, addDangerToast } = useToasts();
  const { list, handleTableChange, resetPage, pagination } = useServerList<TagRecord>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const query = toListQuery(list, [{ col: 'type', opr: 'eq', value: 1 }, search !== '' && { col: 'name', opr: 'ct', value: search }]);
  const { data, error, isFetching } = useListTagsQuery(query, { refetchOnMountOrArgChange: true });
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const objects = useTaggedObjectsQuery({ tagIds: rows.map((r) => r.id) }, { skip: rows.length === 0 });
  const counts = objectCounts(objects.data ?? []);
  const [deleteTag] = useDeleteTagMutation();

  const handleDelete = async (row: TagRecord) => {
    try {
      await deleteTag(row.id).unwrap();
      addSuccessToast(t('deleted', { name: row.name }));
    } catch (e) {
      addDangerToast(t('deleteFailed', { name: row.name, error: toClientError(e).message }));
    }
  };

  const columns: TableProps<TagRecord>['columns'] = [
    {
      key: 'name',
      title: t('common:name'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'name'),
      render: (_v, row) => (
        <Tag className="rama-tag-name" data-test="tag-name">
          {row.name}
        </Tag>
      ),
    },
    {
      key: 'objects',
      title: t('objects'),
      width: 110,
      render: (_v, row) => (objects.isFetching && !objects.data ? '…' : (counts.get(row.id) ?? 0)),
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
      width: 72,
      render: (_v, row) => (
        <Flex gap={2} justify="end" className="rama-row-actions">
          <DeleteRowButton name={row.name} description={t('deleteDescription')} onConfirm={() => handleDelete(row)} />
        </Flex>
      ),
    });

  const handleSearchChange = (value: string) => {
    setSearchText(value);
    resetPage();
  };

  return (
    <div className="rama-page">
      <PageHeader
        title={t('common:tags')}
        subtitle={t('subtitle')}
        breadcrumb={[{ title: t('common:settings') }, { title: t('common:tags') }]}
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder={t('searchPlaceholder')} label={t('searchLabel')} />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed')} />}
        {objects.error && <ErrorAlert error={toClientError(objects.error)} title={t('objectsLoadFailed')} />}
        <Table<TagRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          expandable={{
            expandRowByClick: true,
            expandedRowRender: (row) => <TagObjects objects={(objects.data ?? []).filter((o) => o.tags.some((t) => t.id === row.id))} />,
          }}
          locale={{
            emptyText:
              isFetching && !data ? (
                ' '
              ) : (
                <ListEmpty
                  filtered={search !== ''}
                  noMatchText={t('noMatch')}
                  onClearFilters={() => handleSearchChange('')}
                  title={t('emptyTitle')}
                  hint={t('emptyHint')}
                />
              ),
          }}
          pagination={pagination(total, [t('noun.one'), t('noun.other')])}
          tableLayout="fixed"
        />
      </div>
    </div>
  );
}
