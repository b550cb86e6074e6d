import { useState } from 'react';
import { Button, Empty, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { DatabaseListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { FlagCheck } from '../components/FlagCheck';
import { ErrorAlert } from '../components/ErrorAlert';
import { DeleteRowButton, SearchBox } from '../components/ListParts';
import { formatDateTime } from '../components/format';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { displayName, useSession } from '../app/session';
import { DatabaseModal } from './DatabaseModal';
import { useDeleteDatabaseMutation, useListDatabasesQuery } from './databaseApi';

interface ModalState {
  open: boolean;
  databaseId: number | null;
}

const NOUN = ['database', 'databases'] as const;
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'changed_on', orderDirection: 'desc' } as const;
const CREATE_PARAM = 'create';

export function DatabaseListPage() {
  const { access } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [searchParams, setSearchParams] = useSearchParams();
  const { list, handleTableChange, resetPage, pagination } = useServerList<DatabaseListItem>(INITIAL_LIST);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [modal, setModal] = useState<ModalState>({ open: false, databaseId: null });
  const { data, error, isFetching } = useListDatabasesQuery(
    toListQuery(list, [search !== '' && { col: 'database_name', opr: 'ct', value: search }]),
  );
  const [deleteDatabase] = useDeleteDatabaseMutation();
  // The welcome page links here with ?create=1 to open the modal straight away.
  const modalOpen = modal.open || (access.canWriteDatabase && searchParams.has(CREATE_PARAM));

  const handleCreate = () => setModal({ open: true, databaseId: null });
  const handleEdit = (id: number) => setModal({ open: true, databaseId: id });
  const handleCloseModal = () => {
    setModal({ open: false, databaseId: null });
    if (searchParams.has(CREATE_PARAM)) setSearchParams({}, { replace: true });
  };
  const handleSearchChange = (value: string) => {
    setSearchText(value);
    resetPage();
  };

  const handleDelete = async (db: DatabaseListItem) => {
    const result = await deleteDatabase(db.id);
    if (result.error) addDangerToast(`Could not delete ${db.database_name}: ${toClientError(result.error).message}`);
    else addSuccessToast(`Deleted ${db.database_name}`);
  };

  const columns: TableProps<DatabaseListItem>['columns'] = [
    {
      key: 'database_name',
      title: 'Name',
      dataIndex: 'database_name',
      sorter: true,
      sortOrder: sortOrderFor(list, 'database_name'),
      render: (_value, db) => (
        <Link to={`/database/${db.id}/`} className="rama-strong-link">
          {db.database_name}
        </Link>
      ),
    },
    { key: 'backend', title: 'Backend', dataIndex: 'backend', render: (backend: string) => <Tag>{backend}</Tag> },
    {
      key: 'allow_run_async',
      title: 'Async',
      align: 'center',
      render: (_v, db) => <FlagCheck value={db.allow_run_async} label="Asynchronous query execution" />,
    },
    { key: 'allow_dml', title: 'DML', align: 'center', render: (_v, db) => <FlagCheck value={db.allow_dml} label="Allow DML" /> },
    {
      key: 'allow_file_upload',
      title: 'CSV upload',
      align: 'center',
      render: (_v, db) => <FlagCheck value={db.allow_file_upload} label="CSV upload" />,
    },
    {
      key: 'expose_in_sqllab',
      title: 'Expose in SQL Lab',
      align: 'center',
      render: (_v, db) => <FlagCheck value={db.expose_in_sqllab} label="Expose in SQL Lab" />,
    },
    {
      key: 'created_by',
      title: 'Created by',
      render: (_v, db) =>
        db.created_by ? displayName({ ...db.created_by, username: '' }) : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'changed_on',
      title: 'Last modified',
      sorter: true,
      sortOrder: sortOrderFor(list, 'changed_on'),
      render: (_v, db) => (
        <Tooltip title={formatDateTime(db.changed_on)}>
          <span>{db.changed_on_delta_humanized}</span>
        </Tooltip>
      ),
    },
  ];

  if (access.canWriteDatabase) {
    columns.push({
      key: 'actions',
      title: <span className="rama-sr-only">Actions</span>,
      align: 'right',
      width: 96,
      render: (_v, db) => (
        <Flex gap={4} justify="end">
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${db.database_name}`} onClick={() => handleEdit(db.id)} />
          </Tooltip>
          <DeleteRowButton
            name={db.database_name}
            description="Charts and datasets that use it will stop working."
            onConfirm={() => handleDelete(db)}
          />
        </Flex>
      ),
    });
  }

  const emptyText = search ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No databases match "${search}"`} />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        access.canWriteDatabase ? 'No databases yet' : 'There are no databases you can access yet. Ask an administrator to give you access.'
      }
    >
      {access.canWriteDatabase && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleCreate}>
          Connect a database
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="rama-page">
      <PageHeader
        title="Databases"
        subtitle="The connections Rama can query. Open one to browse its schemas and tables."
        breadcrumb={[{ title: 'Data' }, { title: 'Databases' }]}
        extra={
          access.canWriteDatabase && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleCreate}>
              Database
            </Button>
          )
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8} wrap>
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder="Search by name" label="Search databases by name" />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title="Could not load databases" />}
        <Table<DatabaseListItem>
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={isFetching}
          onChange={handleTableChange}
          locale={{ emptyText: isFetching ? ' ' : emptyText }}
          pagination={pagination(data?.count ?? 0, NOUN)}
          scroll={{ x: 900 }}
        />
      </div>
      <DatabaseModal open={modalOpen} databaseId={modal.databaseId} onClose={handleCloseModal} />
    </div>
  );
}
