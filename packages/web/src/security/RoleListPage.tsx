import { useState, type MouseEvent } from 'react';
import { Button, Empty, Flex, Skeleton, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { isAdminRoleName, isBuiltinRoleName, type PermissionItem, type RoleListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { DeleteRowButton, SearchBox } from '../components/ListParts';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { RoleModal } from './RoleModal';
import { useDeleteRoleMutation, useGetRolePermissionsQuery, useListRolesQuery } from './securityApi';

const PERMISSION_COLUMNS: TableProps<PermissionItem>['columns'] = [
  {
    key: 'permission',
    title: 'Permission',
    dataIndex: 'permission_name',
    sorter: (a, b) => a.permission_name.localeCompare(b.permission_name),
    render: (name: string) => <span className="rama-mono">{name}</span>,
  },
  {
    key: 'view',
    title: 'View',
    dataIndex: 'view_menu_name',
    sorter: (a, b) => a.view_menu_name.localeCompare(b.view_menu_name),
    defaultSortOrder: 'ascend',
  },
];

/** The permissions of one role, with a search over permission and view names. */
function RolePermissions({ role }: { role: RoleListItem }) {
  const [filter, setFilter] = useState('');
  const { data, error, isLoading } = useGetRolePermissionsQuery(role.id);
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error) return <ErrorAlert error={toClientError(error)} title={`Could not load the permissions of ${role.name}`} />;

  const needle = filter.trim().toLowerCase();
  const rows = (data ?? []).filter(
    (p) => !needle || p.permission_name.toLowerCase().includes(needle) || p.view_menu_name.toLowerCase().includes(needle),
  );
  return (
    <Flex vertical gap={8} className="rama-role-permissions" aria-label={`Permissions of ${role.name}`} role="region">
      {isAdminRoleName(role.name) && (
        <Typography.Text type="secondary">Admin roles may do everything, whatever is listed here.</Typography.Text>
      )}
      <SearchBox value={filter} onChange={setFilter} placeholder="Search permissions" label={`Search permissions of ${role.name}`} />
      <Table<PermissionItem>
        rowKey="id"
        size="small"
        columns={PERMISSION_COLUMNS}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true, showTotal: (total) => `${total} permissions` }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={needle ? 'No permissions match' : 'This role has no permissions'} />
          ),
        }}
      />
    </Flex>
  );
}

interface ModalState {
  open: boolean;
  role: RoleListItem | null;
}

const stop = (event: MouseEvent) => event.stopPropagation();

export function RoleListPage() {
  const { addSuccessToast, addDangerToast } = useToasts();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const { data, error, isFetching } = useListRolesQuery({
    filters: search ? [{ col: 'name', opr: 'ct', value: search }] : [],
    order_column: 'name',
    order_direction: 'asc',
    page_size: 1000,
  });
  const [deleteRole] = useDeleteRoleMutation();
  const [expanded, setExpanded] = useState<number[]>([]);
  const [modal, setModal] = useState<ModalState>({ open: false, role: null });

  const handleToggle = (id: number) => setExpanded((prev) => (prev.includes(id) ? prev.filter((key) => key !== id) : [...prev, id]));
  const handleDelete = async (role: RoleListItem) => {
    const result = await deleteRole(role.id);
    if (result.error) addDangerToast(`Could not delete ${role.name}: ${toClientError(result.error).message}`);
    else addSuccessToast(`Deleted role ${role.name}`);
  };

  const columns: TableProps<RoleListItem>['columns'] = [
    {
      key: 'name',
      title: 'Role',
      dataIndex: 'name',
      render: (name: string) => (
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined className="rama-role-icon" />
          <Typography.Text strong>{name}</Typography.Text>
          {isAdminRoleName(name) && <Tag color="gold">admin</Tag>}
          {isBuiltinRoleName(name) && !isAdminRoleName(name) && <Tag>built-in</Tag>}
        </Flex>
      ),
    },
    { key: 'users', title: 'Users', dataIndex: 'user_count', align: 'right', width: 120 },
    { key: 'permissions', title: 'Permissions', dataIndex: 'permission_count', align: 'right', width: 140 },
    {
      key: 'actions',
      title: <span className="rama-sr-only">Actions</span>,
      align: 'right',
      width: 96,
      render: (_v, role) => (
        <Flex gap={4} justify="end" onClick={stop}>
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${role.name}`} onClick={() => setModal({ open: true, role })} />
          </Tooltip>
          <DeleteRowButton
            name={role.name}
            description={
              role.user_count ? `Its ${role.user_count} user(s) lose what it allows and are signed out.` : 'Nobody holds this role.'
            }
            onConfirm={() => handleDelete(role)}
            disabledReason={isBuiltinRoleName(role.name) ? 'Built-in roles cannot be deleted' : undefined}
          />
        </Flex>
      ),
    },
  ];

  return (
    <div className="rama-page">
      <PageHeader
        title="Roles"
        subtitle="A role is a set of permissions and the data it may read. Open a role to see what it allows."
        breadcrumb={[{ title: 'Settings' }, { title: 'Roles' }]}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ open: true, role: null })}>
            Role
          </Button>
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8}>
          <SearchBox value={searchText} onChange={setSearchText} placeholder="Search by name" label="Search roles by name" />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title="Could not load roles" />}
        <Table<RoleListItem>
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={isFetching}
          pagination={false}
          locale={{
            emptyText: isFetching ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? `No roles match "${search}"` : 'No roles'} />
            ),
          }}
          onRow={(role) => ({ onClick: () => handleToggle(role.id), className: 'rama-clickable-row' })}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (_open, role) => handleToggle(role.id),
            expandedRowRender: (role) => <RolePermissions role={role} />,
          }}
        />
      </div>
      <RoleModal open={modal.open} role={modal.role} onClose={() => setModal({ open: false, role: null })} />
    </div>
  );
}
