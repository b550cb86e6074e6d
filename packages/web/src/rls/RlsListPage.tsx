import { useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RlsRecord } from '@rama/shared';
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
import { RlsRuleModal } from './RlsRuleModal';
import { useBulkDeleteRlsRulesMutation, useDeleteRlsRuleMutation, useListRlsRulesQuery } from './rlsApi';

const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on_delta_humanized', orderDirection: 'desc' } as const;

function Tags({ names }: { names: string[] }) {
  if (!names.length) return <span className="rama-empty-value">—</span>;
  return (
    <Flex gap={4} wrap>
      {names.map((n) => (
        <Tag key={n}>{n}</Tag>
      ))}
    </Flex>
  );
}

/** Settings → Row level security: the rules that filter the rows each role sees. */
export function RlsListPage() {
  const { t } = useTranslation('rls');
  const noun = [t('noun.one'), t('noun.other')] as const;
  const { list, handleTableChange, resetPage, setPage, pagination } = useServerList<RlsRecord>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  // null: closed; 'new': adding; a rule: editing it
  const [editing, setEditing] = useState<RlsRecord | 'new' | null>(null);

  const query = toListQuery(list, [search !== '' && { col: 'name', opr: 'ct', value: search }]);
  const { data, error, isFetching } = useListRlsRulesQuery(query, { refetchOnMountOrArgChange: true });
  const [deleteRule] = useDeleteRlsRuleMutation();
  const [bulkDelete, bulkState] = useBulkDeleteRlsRulesMutation();
  const rows = data?.result ?? [];
  const total = data?.count ?? 0;
  const { selectedIds, clearSelection, deleteRow, deleteSelected, rowSelection } = useRowDeletion<RlsRecord>({
    list,
    total,
    setPage,
    idOf: (row) => row.id,
    nameOf: (row) => row.name,
    selectedText: t('selectedRules'),
    deleteOne: deleteRule,
    deleteMany: bulkDelete,
  });

  const handleSearchChange = (value: string) => {
    setSearchText(value);
    clearSelection();
    resetPage();
  };
  const handleClearFilters = () => handleSearchChange('');

  const columns: TableProps<RlsRecord>['columns'] = [
    {
      key: 'name',
      title: t('common:name'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'name'),
      render: (_v, row) => (
        <Flex vertical className="rama-cell-stack">
          <Typography.Text strong>{row.name}</Typography.Text>
          {row.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} className="rama-cell-secondary">
              {row.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'filter_type',
      title: t('filterType'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'filter_type'),
      width: 120,
      render: (_v, row) => t('filterTypeName', { type: row.filter_type }),
    },
    {
      key: 'tables',
      title: t('datasets'),
      width: 200,
      render: (_v, row) => <Tags names={row.tables.map((t) => t.table_name)} />,
    },
    { key: 'roles', title: t('roles'), width: 180, render: (_v, row) => <Tags names={row.roles.map((r) => r.name)} /> },
    {
      key: 'clause',
      title: t('clause'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'clause'),
      width: 240,
      render: (_v, row) => (
        <Typography.Text className="rama-mono" ellipsis={{ tooltip: row.clause }}>
          {row.clause}
        </Typography.Text>
      ),
    },
    {
      key: 'group_key',
      title: t('groupKey'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'group_key'),
      width: 120,
      ellipsis: true,
      render: (_v, row) => row.group_key ?? <span className="rama-empty-value">—</span>,
    },
    {
      key: 'changed_on_delta_humanized',
      title: t('common:modified'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on_delta_humanized'),
      width: 140,
      render: (_v, row) => row.changed_on_delta_humanized,
    },
    {
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
          <DeleteRowButton name={row.name} description={t('deleteDescription')} onConfirm={() => deleteRow(row)} />
        </Flex>
      ),
    },
  ];

  const emptyText = (
    <ListEmpty
      filtered={search !== ''}
      noMatchText={t('noMatch')}
      onClearFilters={handleClearFilters}
      title={t('emptyTitle')}
      hint={t('emptyHint')}
      action={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('rule')}
        </Button>
      }
    />
  );

  return (
    <div className="rama-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        breadcrumb={[{ title: t('common:settings') }, { title: t('title') }]}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            {t('rule')}
          </Button>
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder={t('searchPlaceholder')} label={t('searchLabel')} />
        </Flex>
        <BulkActionBar
          count={selectedIds.length}
          noun={noun}
          deleting={bulkState.isLoading}
          onDelete={() => void deleteSelected()}
          onClear={clearSelection}
        />
        {error && <ErrorAlert error={toClientError(error)} title={t('loadFailed')} />}
        <Table<RlsRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          rowSelection={rowSelection(true)}
          locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
          pagination={pagination(total, noun)}
          scroll={{ x: 1100 }}
          tableLayout="fixed"
        />
      </div>
      <RlsRuleModal open={editing !== null} rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </div>
  );
}
