import { useState } from 'react';
import { Empty, Flex, Skeleton, Table, Tag, Typography, type TableProps } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { isAdminRoleName, type PermissionItem, type RoleListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { SearchBox } from '../components/ListParts';
import { toClientError } from '../app/api';
import { useGetRolePermissionsQuery, useListRolesQuery } from './securityApi';

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

export function RoleListPage() {
  const { data, error, isLoading } = useListRolesQuery();
  const [expanded, setExpanded] = useState<number[]>([]);

  const handleToggle = (id: number) => setExpanded((prev) => (prev.includes(id) ? prev.filter((key) => key !== id) : [...prev, id]));

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
        </Flex>
      ),
    },
    { key: 'users', title: 'Users', dataIndex: 'user_count', align: 'right', width: 120 },
    { key: 'permissions', title: 'Permissions', dataIndex: 'permission_count', align: 'right', width: 140 },
  ];

  return (
    <div className="rama-page">
      <PageHeader
        title="Roles"
        subtitle="A role is a set of permissions. Open a role to see what it allows."
        breadcrumb={[{ title: 'Settings' }, { title: 'Roles' }]}
      />
      <div className="rama-panel">
        {error && <ErrorAlert error={toClientError(error)} title="Could not load roles" />}
        <Table<RoleListItem>
          rowKey="id"
          columns={columns}
          dataSource={data?.result ?? []}
          loading={isLoading}
          pagination={false}
          onRow={(role) => ({ onClick: () => handleToggle(role.id), className: 'rama-clickable-row' })}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (_open, role) => handleToggle(role.id),
            expandedRowRender: (role) => <RolePermissions role={role} />,
          }}
        />
      </div>
    </div>
  );
}
