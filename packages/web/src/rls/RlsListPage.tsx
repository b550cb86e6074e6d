import { useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RlsRecord } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { BulkActionBar } from '../components/BulkActionBar';
import { DeleteRowButton, ListEmpty, SearchBox } from '../components/ListParts';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useRowDeletion } from '../components/useRowDeletion';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../app/api';
import { RlsRuleModal } from './RlsRuleModal';
import { useBulkDeleteRlsRulesMutation, useDeleteRlsRuleMutation, useListRlsRulesQuery } from './rlsApi';

const NOUN = ['rule', 'rules'] as const;
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
    selectedText: 'the selected rules',
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
      title: 'Name',
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
      title: 'Filter type',
      sorter: true,
      sortOrder: sortOrderFor(list, 'filter_type'),
      width: 120,
      render: (_v, row) => row.filter_type,
    },
    {
      key: 'tables',
      title: 'Datasets',
      width: 200,
      render: (_v, row) => <Tags names={row.tables.map((t) => t.table_name)} />,
    },
    { key: 'roles', title: 'Roles', width: 180, render: (_v, row) => <Tags names={row.roles.map((r) => r.name)} /> },
    {
      key: 'clause',
      title: 'Clause',
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
      title: 'Group key',
      sorter: true,
      sortOrder: sortOrderFor(list, 'group_key'),
      width: 120,
      ellipsis: true,
      render: (_v, row) => row.group_key ?? <span className="rama-empty-value">—</span>,
    },
    {
      key: 'changed_on_delta_humanized',
      title: 'Modified',
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on_delta_humanized'),
      width: 140,
      render: (_v, row) => row.changed_on_delta_humanized,
    },
    {
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
            description="Users it filtered will see every row of its datasets again."
            onConfirm={() => deleteRow(row)}
          />
        </Flex>
      ),
    },
  ];

  const emptyText = (
    <ListEmpty
      filtered={search !== ''}
      noMatchText="No rules match your search"
      onClearFilters={handleClearFilters}
      title="No row level security rules yet"
      hint="A rule adds a SQL condition to every query a role makes on the datasets it names."
      action={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          Rule
        </Button>
      }
    />
  );

  return (
    <div className="rama-page">
      <PageHeader
        title="Row level security"
        subtitle="Rules that limit the rows of a dataset each role sees, in charts, dashboards, downloads and reports."
        breadcrumb={[{ title: 'Settings' }, { title: 'Row level security' }]}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            Rule
          </Button>
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap align="center">
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder="Search by name" label="Search rules" />
        </Flex>
        <BulkActionBar
          count={selectedIds.length}
          noun={NOUN}
          deleting={bulkState.isLoading}
          onDelete={() => void deleteSelected()}
          onClear={clearSelection}
        />
        {error && <ErrorAlert error={toClientError(error)} title="Could not load the rules" />}
        <Table<RlsRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          onChange={handleTableChange}
          rowSelection={rowSelection(true)}
          locale={{ emptyText: isFetching && !data ? ' ' : emptyText }}
          pagination={pagination(total, NOUN)}
          scroll={{ x: 1100 }}
          tableLayout="fixed"
        />
      </div>
      <RlsRuleModal open={editing !== null} rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </div>
  );
}
