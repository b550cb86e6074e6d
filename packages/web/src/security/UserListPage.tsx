import { useState } from 'react';
import { Badge, Button, Empty, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { UserListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { DeleteRowButton, SearchBox } from '../components/ListParts';
import { formatDateTime, formatRelative } from '../components/format';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { displayName, useSession } from '../app/session';
import { UserModal } from './UserModal';
import { useDeleteUserMutation, useListUsersQuery } from './securityApi';

interface ModalState {
  open: boolean;
  user: UserListItem | null;
}

const NOUN = ['user', 'users'] as const;
const DEFAULT_ORDER = 'username';
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: DEFAULT_ORDER, orderDirection: 'asc' } as const;

export function UserListPage() {
  const { user: me } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const { list, handleTableChange, resetPage, pagination } = useServerList<UserListItem>(INITIAL_LIST);
  const [modal, setModal] = useState<ModalState>({ open: false, user: null });
  const { data, error, isFetching } = useListUsersQuery(
    toListQuery(list, [search !== '' && { col: 'username', opr: 'ct', value: search }]),
  );
  const [deleteUser] = useDeleteUserMutation();

  const handleCreate = () => setModal({ open: true, user: null });
  const handleEdit = (user: UserListItem) => setModal({ open: true, user });
  const handleCloseModal = () => setModal({ open: false, user: null });
  const handleSearchChange = (value: string) => {
    setSearchText(value);
    resetPage();
  };
  const handleDelete = async (user: UserListItem) => {
    const result = await deleteUser(user.id);
    if (result.error) addDangerToast(`Could not delete ${user.username}: ${toClientError(result.error).message}`);
    else addSuccessToast(`Deleted user ${user.username}`);
  };

  const columns: TableProps<UserListItem>['columns'] = [
    {
      key: 'username',
      title: 'Username',
      dataIndex: 'username',
      sorter: true,
      sortOrder: sortOrderFor(list, 'username'),
      render: (username: string) => <Typography.Text strong>{username}</Typography.Text>,
    },
    { key: 'name', title: 'Name', render: (_v, user) => displayName(user) },
    { key: 'email', title: 'Email', dataIndex: 'email', sorter: true, sortOrder: sortOrderFor(list, 'email') },
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
      sortOrder: sortOrderFor(list, 'last_login'),
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
          <DeleteRowButton
            name={user.username}
            description="They will no longer be able to sign in."
            onConfirm={() => handleDelete(user)}
            disabledReason={user.id === me.id ? 'You cannot delete yourself' : undefined}
          />
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
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder="Search by username" label="Search users by username" />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title="Could not load users" />}
        <Table<UserListItem>
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={isFetching}
          onChange={handleTableChange}
          locale={{
            emptyText: isFetching ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? `No users match "${search}"` : 'No users'} />
            ),
          }}
          pagination={pagination(data?.count ?? 0, NOUN)}
          scroll={{ x: 900 }}
        />
      </div>
      <UserModal open={modal.open} user={modal.user} onClose={handleCloseModal} />
    </div>
  );
}
