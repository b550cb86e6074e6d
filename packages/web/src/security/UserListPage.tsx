import { useState, type ChangeEvent } from 'react';
import { Badge, Button, Empty, Flex, Input, Popconfirm, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ListQuery, UserListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime, formatRelative } from '../components/format';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { displayName, useSession } from '../app/session';
import { UserModal } from './UserModal';
import { useDeleteUserMutation, useListUsersQuery } from './securityApi';

interface ListState {
  page: number;
  pageSize: number;
  orderColumn: string;
  orderDirection: 'asc' | 'desc';
}

interface ModalState {
  open: boolean;
  user: UserListItem | null;
}

const DEFAULT_ORDER = 'username';

function toListQuery(state: ListState, search: string): ListQuery {
  return {
    ...(search ? { filters: [{ col: 'username', opr: 'ct', value: search }] } : {}),
    order_column: state.orderColumn,
    order_direction: state.orderDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}

export function UserListPage() {
  const { user: me } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [list, setList] = useState<ListState>({ page: 0, pageSize: 25, orderColumn: DEFAULT_ORDER, orderDirection: 'asc' });
  const [modal, setModal] = useState<ModalState>({ open: false, user: null });
  const { data, error, isFetching } = useListUsersQuery(toListQuery(list, search));
  const [deleteUser] = useDeleteUserMutation();

  const handleCreate = () => setModal({ open: true, user: null });
  const handleEdit = (user: UserListItem) => setModal({ open: true, user });
  const handleCloseModal = () => setModal({ open: false, user: null });
  const handleSearchChange = (event: ChangeEvent<HTMLInputElement>) => {
    setSearchText(event.target.value);
    setList((prev) => ({ ...prev, page: 0 }));
  };
  const handleDelete = async (user: UserListItem) => {
    const result = await deleteUser(user.id);
    if (result.error) addDangerToast(`Could not delete ${user.username}: ${toClientError(result.error).message}`);
    else addSuccessToast(`Deleted user ${user.username}`);
  };
  const handleTableChange: TableProps<UserListItem>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const ordered = typeof single?.columnKey === 'string' && single.order;
    setList((prev) => ({
      page: (pagination.current ?? 1) - 1,
      pageSize: pagination.pageSize ?? prev.pageSize,
      orderColumn: ordered ? String(single.columnKey) : DEFAULT_ORDER,
      orderDirection: ordered && single.order === 'descend' ? 'desc' : 'asc',
    }));
  };
  const sortOrder = (column: string) =>
    list.orderColumn === column ? (list.orderDirection === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const columns: TableProps<UserListItem>['columns'] = [
    {
      key: 'username',
      title: 'Username',
      dataIndex: 'username',
      sorter: true,
      sortOrder: sortOrder('username'),
      render: (username: string) => <Typography.Text strong>{username}</Typography.Text>,
    },
    { key: 'name', title: 'Name', render: (_v, user) => displayName(user) },
    { key: 'email', title: 'Email', dataIndex: 'email', sorter: true, sortOrder: sortOrder('email') },
    {
      key: 'roles',
      title: 'Roles',
      render: (_v, user) => (
        <Flex gap={4} wrap>
          {user.roles.map((role) => (
            <Tag key={role.id} color={role.name.toLowerCase() === 'admin' ? 'gold' : undefined}>
              {role.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'active',
      title: 'Active',
      render: (_v, user) => <Badge status={user.active ? 'success' : 'default'} text={user.active ? 'Active' : 'Inactive'} />,
    },
    {
      key: 'last_login',
      title: 'Last login',
      sorter: true,
      sortOrder: sortOrder('last_login'),
      render: (_v, user) =>
        user.last_login ? (
          <Tooltip title={formatDateTime(user.last_login)}>
            <span>{formatRelative(user.last_login)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">Never</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: <span className="rama-sr-only">Actions</span>,
      align: 'right',
      width: 96,
      render: (_v, user) => (
        <Flex gap={4} justify="end">
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${user.username}`} onClick={() => handleEdit(user)} />
          </Tooltip>
          <Popconfirm
            title={`Delete ${user.username}?`}
            description="They will no longer be able to sign in."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(user)}
            disabled={user.id === me.id}
          >
            <Tooltip title={user.id === me.id ? 'You cannot delete yourself' : 'Delete'}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${user.username}`} disabled={user.id === me.id} />
            </Tooltip>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <div className="rama-page">
      <PageHeader
        title="Users"
        subtitle="People who can sign in to Rama, and the roles that decide what they can do."
        breadcrumb={[{ title: 'Settings' }, { title: 'Users' }]}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleCreate}>
            User
          </Button>
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8}>
          <Input
            prefix={<SearchOutlined />}
            placeholder="Search by username"
            allowClear
            value={searchText}
            onChange={handleSearchChange}
            aria-label="Search users by username"
            className="rama-search"
          />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title="Could not load users" />}
        <Table<UserListItem>
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={isFetching}
          onChange={handleTableChange}
          locale={{
            emptyText: isFetching ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? `No users match "${search}"` : 'No users'} />,
          }}
          pagination={{
            current: list.page + 1,
            pageSize: list.pageSize,
            total: data?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 25, 50, 100],
            showTotal: (total) => `${total} ${total === 1 ? 'user' : 'users'}`,
          }}
          scroll={{ x: 900 }}
        />
      </div>
      <UserModal open={modal.open} user={modal.user} onClose={handleCloseModal} />
    </div>
  );
}
