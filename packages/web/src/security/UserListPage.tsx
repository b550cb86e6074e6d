import { useState } from 'react';
import { Badge, Button, Empty, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { UserListItem } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { DeleteRowButton, SearchBox } from '../components/ListParts';
import { formatDateTime, formatRelative } from '../components/format';
import { sortOrderFor, toListQuery } from '../components/listState';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useServerList } from '../components/useServerList';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { displayName, useSession } from '../core/session';
import { UserModal } from './UserModal';
import { useDeleteUserMutation, useListUsersQuery } from './securityApi';

interface ModalState {
  open: boolean;
  user: UserListItem | null;
}

const DEFAULT_ORDER = 'username';
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: DEFAULT_ORDER, orderDirection: 'asc' } as const;

export function UserListPage() {
  const { t } = useTranslation('security');
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
    if (result.error) addDangerToast(t('deleteFailed', { name: user.username, error: toClientError(result.error).message }));
    else addSuccessToast(t('userDeleted', { name: user.username }));
  };

  const columns: TableProps<UserListItem>['columns'] = [
    {
      key: 'username',
      title: t('username'),
      dataIndex: 'username',
      sorter: true,
      sortOrder: sortOrderFor(list, 'username'),
      render: (username: string) => <Typography.Text strong>{username}</Typography.Text>,
    },
    { key: 'name', title: t('common:name'), render: (_v, user) => displayName(user) },
    { key: 'email', title: t('email'), dataIndex: 'email', sorter: true, sortOrder: sortOrderFor(list, 'email') },
    {
      key: 'roles',
      title: t('roles'),
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
      title: t('active'),
      render: (_v, user) => <Badge status={user.active ? 'success' : 'default'} text={user.active ? t('active') : t('inactive')} />,
    },
    {
      key: 'last_login',
      title: t('lastLogin'),
      sorter: true,
      sortOrder: sortOrderFor(list, 'last_login'),
      render: (_v, user) =>
        user.last_login ? (
          <Tooltip title={formatDateTime(user.last_login)}>
            <span>{formatRelative(user.last_login)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('never')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: <span className="rama-sr-only">{t('common:actions')}</span>,
      align: 'right',
      width: 96,
      render: (_v, user) => (
        <Flex gap={4} justify="end">
          <Tooltip title={t('common:edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('editName', { name: user.username })}
              onClick={() => handleEdit(user)}
            />
          </Tooltip>
          <DeleteRowButton
            name={user.username}
            description={t('userDeleteDescription')}
            onConfirm={() => handleDelete(user)}
            disabledReason={user.id === me.id ? t('cannotDeleteYourself') : undefined}
          />
        </Flex>
      ),
    },
  ];

  return (
    <div className="rama-page">
      <PageHeader
        title={t('users')}
        subtitle={t('usersSubtitle')}
        breadcrumb={[{ title: t('common:settings') }, { title: t('users') }]}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleCreate}>
            {t('user')}
          </Button>
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8}>
          <SearchBox value={searchText} onChange={handleSearchChange} placeholder={t('searchByUsername')} label={t('searchUsersLabel')} />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title={t('usersLoadFailed')} />}
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
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('usersNoMatch', { search }) : t('noUsers')} />
            ),
          }}
          pagination={pagination(data?.count ?? 0, [t('userNoun.one'), t('userNoun.other')])}
          scroll={{ x: 900 }}
        />
      </div>
      <UserModal open={modal.open} user={modal.user} onClose={handleCloseModal} />
    </div>
  );
}
