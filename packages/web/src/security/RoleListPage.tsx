import { useState, type MouseEvent } from 'react';
import { Button, Empty, Flex, Skeleton, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { isAdminRoleName, isBuiltinRoleName, type PermissionItem, type RoleListItem } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { t as translate } from '../i18n';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { DeleteRowButton, SearchBox } from '../components/ListParts';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { RoleModal } from './RoleModal';
import { useDeleteRoleMutation, useGetRolePermissionsQuery, useListRolesQuery } from './securityApi';

const permissionColumns = (): TableProps<PermissionItem>['columns'] => [
  {
    key: 'permission',
    title: translate('security:permission'),
    dataIndex: 'permission_name',
    sorter: (a, b) => a.permission_name.localeCompare(b.permission_name),
    render: (name: string) => <span className="rama-mono">{name}</span>,
  },
  {
    key: 'view',
    title: translate('security:view'),
    dataIndex: 'view_menu_name',
    sorter: (a, b) => a.view_menu_name.localeCompare(b.view_menu_name),
    defaultSortOrder: 'ascend',
  },
];

/** The permissions of one role, with a search over permission and view names. */
function RolePermissions({ role }: { role: RoleListItem }) {
  const { t } = useTranslation('security');
  const [filter, setFilter] = useState('');
  const { data, error, isLoading } = useGetRolePermissionsQuery(role.id);
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error) return <ErrorAlert error={toClientError(error)} title={t('permissionsLoadFailed', { name: role.name })} />;

  const needle = filter.trim().toLowerCase();
  const rows = (data ?? []).filter(
    (p) => !needle || p.permission_name.toLowerCase().includes(needle) || p.view_menu_name.toLowerCase().includes(needle),
  );
  return (
    <Flex vertical gap={8} className="rama-role-permissions" aria-label={t('permissionsOf', { name: role.name })} role="region">
      {isAdminRoleName(role.name) && <Typography.Text type="secondary">{t('adminMayDoEverything')}</Typography.Text>}
      <SearchBox
        value={filter}
        onChange={setFilter}
        placeholder={t('searchPermissions')}
        label={t('searchPermissionsOf', { name: role.name })}
      />
      <Table<PermissionItem>
        rowKey="id"
        size="small"
        columns={permissionColumns()}
        dataSource={rows}
        pagination={{
          pageSize: 10,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => t('permissionCount', { count: total }),
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={needle ? t('permissionsNoMatch') : t('noPermissions')} />,
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
  const { t } = useTranslation('security');
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
    if (result.error) addDangerToast(t('deleteFailed', { name: role.name, error: toClientError(result.error).message }));
    else addSuccessToast(t('roleDeleted', { name: role.name }));
  };

  const columns: TableProps<RoleListItem>['columns'] = [
    {
      key: 'name',
      title: t('role'),
      dataIndex: 'name',
      render: (name: string) => (
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined className="rama-role-icon" />
          <Typography.Text strong>{name}</Typography.Text>
          {isAdminRoleName(name) && <Tag color="gold">{t('adminTag')}</Tag>}
          {isBuiltinRoleName(name) && !isAdminRoleName(name) && <Tag>{t('builtInTag')}</Tag>}
        </Flex>
      ),
    },
    { key: 'users', title: t('users'), dataIndex: 'user_count', align: 'right', width: 120 },
    { key: 'permissions', title: t('permissions'), dataIndex: 'permission_count', align: 'right', width: 140 },
    {
      key: 'actions',
      title: <span className="rama-sr-only">{t('common:actions')}</span>,
      align: 'right',
      width: 96,
      render: (_v, role) => (
        <Flex gap={4} justify="end" onClick={stop}>
          <Tooltip title={t('common:edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('editName', { name: role.name })}
              onClick={() => setModal({ open: true, role })}
            />
          </Tooltip>
          <DeleteRowButton
            name={role.name}
            description={role.user_count ? t('roleDeleteDescription', { count: role.user_count }) : t('nobodyHoldsRole')}
            onConfirm={() => handleDelete(role)}
            disabledReason={isBuiltinRoleName(role.name) ? t('builtInCannotBeDeleted') : undefined}
          />
        </Flex>
      ),
    },
  ];

  return (
    <div className="rama-page">
      <PageHeader
        title={t('roles')}
        subtitle={t('rolesSubtitle')}
        breadcrumb={[{ title: t('common:settings') }, { title: t('roles') }]}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ open: true, role: null })}>
            {t('role')}
          </Button>
        }
      />
      <div className="rama-panel">
        <Flex className="rama-toolbar" gap={8}>
          <SearchBox value={searchText} onChange={setSearchText} placeholder={t('searchByName')} label={t('searchRolesLabel')} />
        </Flex>
        {error && <ErrorAlert error={toClientError(error)} title={t('rolesLoadFailed')} />}
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
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('rolesNoMatch', { search }) : t('noRoles')} />
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
