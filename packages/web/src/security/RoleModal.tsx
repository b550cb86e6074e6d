import { useMemo, useState, type Key } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Switch,
  Tabs,
  Tree,
  Typography,
  type TreeDataNode,
} from 'antd';
import { DatabaseOutlined, FolderOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MODAL_MAX_WIDTH,
  ROLE_NAME_MAX,
  isAdminRoleName,
  isBuiltinRoleName,
  roleNameProblem,
  type PermissionResource,
  type RoleListItem,
  type UserListItem,
} from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { SearchBox } from '../components/ListParts';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { sharedText } from '../i18n';
import {
  actionGroups,
  branchKeys,
  countDataGrants,
  dataTree,
  globalGrantIds,
  impliedKeys,
  type DataNode,
  type GrantableDataset,
} from './roleAccess';
import {
  useCreateRoleMutation,
  useGetRolePermissionsQuery,
  useListGrantableDatasetsQuery,
  useListPermissionResourcesQuery,
  useListRoleUsersQuery,
  useListUsersQuery,
  useRenameRoleMutation,
  useSetRolePermissionsMutation,
  useSetRoleUsersMutation,
} from './securityApi';
import './roles.css';

const userLabel = (u: Pick<UserListItem, 'username' | 'first_name' | 'last_name'>) =>
  `${u.username} (${[u.first_name, u.last_name].filter(Boolean).join(' ')})`;

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((x) => b.has(x));

const KIND_ICON = { database: <DatabaseOutlined />, schema: <FolderOutlined />, dataset: <TableOutlined /> };

function toTreeData(nodes: DataNode[], implied: Set<string>): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.title,
    icon: KIND_ICON[n.kind],
    disableCheckbox: n.pvId === null || implied.has(n.key),
    isLeaf: n.children.length === 0,
    children: toTreeData(n.children, implied),
  }));
}

/** Non-data permissions, grouped by view, with a search. */
function PermissionsTab({
  resources,
  selected,
  onToggle,
  readOnly,
}: {
  resources: PermissionResource[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('security');
  const [search, setSearch] = useState('');
  const groups = useMemo(() => actionGroups(resources, search), [resources, search]);
  return (
    <Flex vertical gap={8}>
      <SearchBox value={search} onChange={setSearch} placeholder={t('searchPermissions')} label={t('searchPermissions')} />
      <div className="rama-role-scroll" role="group" aria-label={t('permissions')}>
        {groups.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('permissionsNoMatch')} />}
        {groups.map((g) => (
          <div key={g.view} className="rama-role-group">
            <Typography.Text strong className="rama-role-group-title">
              {g.view}
            </Typography.Text>
            <Flex wrap gap={4} className="rama-role-group-items">
              {g.items.map((item) => (
                <Checkbox
                  key={item.id}
                  checked={selected.has(item.id)}
                  disabled={readOnly}
                  onChange={(e) => onToggle(item.id, e.target.checked)}
                  aria-label={t('permissionOnView', { permission: item.permission, view: g.view })}
                >
                  <span className="rama-mono">{item.permission}</span>
                </Checkbox>
              ))}
            </Flex>
          </div>
        ))}
      </div>
    </Flex>
  );
}

/** Global grants as switches, then databases → schemas → datasets with checkboxes and a search. */
function DataAccessTab({
  resources,
  datasets,
  selected,
  onToggle,
  readOnly,
}: {
  resources: PermissionResource[];
  datasets: GrantableDataset[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('security');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 150);
  const globals = useMemo(() => globalGrantIds(resources), [resources]);
  const fullTree = useMemo(() => dataTree(resources, datasets, ''), [resources, datasets]);
  const tree = useMemo(() => (search ? dataTree(resources, datasets, search) : fullTree), [resources, datasets, search, fullTree]);
  const [expanded, setExpanded] = useState<Key[]>(() => fullTree.map((n) => n.key));
  const implied = useMemo(() => impliedKeys(tree, selected), [tree, selected]);
  const pvOf = useMemo(() => {
    const m = new Map<string, number | null>();
    const walk = (n: DataNode) => {
      m.set(n.key, n.pvId);
      n.children.forEach(walk);
    };
    fullTree.forEach(walk);
    return m;
  }, [fullTree]);
  const checked = useMemo(() => {
    const keys: string[] = [...implied];
    for (const [key, pv] of pvOf) if (pv !== null && selected.has(pv)) keys.push(key);
    return keys;
  }, [implied, pvOf, selected]);
  const everything =
    (globals.all_database_access !== undefined && selected.has(globals.all_database_access)) ||
    (globals.all_datasource_access !== undefined && selected.has(globals.all_datasource_access));

  const globalSwitch = (key: keyof typeof globals, label: string, hint: string) => {
    const id = globals[key];
    if (id === undefined) return null;
    return (
      <Flex gap={8} align="center">
        <Switch size="small" checked={selected.has(id)} disabled={readOnly} onChange={(on) => onToggle(id, on)} aria-label={label} />
        <Typography.Text>{label}</Typography.Text>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Flex>
    );
  };

  return (
    <Flex vertical gap={8}>
      <Flex vertical gap={6} className="rama-role-globals">
        {globalSwitch('all_database_access', t('allDatabases'), t('allDatabasesHint'))}
        {globalSwitch('all_datasource_access', t('allDatasets'), t('allDatasetsHint'))}
        {globalSwitch('all_query_access', t('allQueries'), t('allQueriesHint'))}
      </Flex>
      {everything && <Alert type="info" showIcon title={t('readsEverything')} />}
      <SearchBox value={searchText} onChange={setSearchText} placeholder={t('searchData')} label={t('searchData')} />
      {tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('nothingMatchesSearch', { search }) : t('noDatabases')} />
      ) : (
        <Tree
          className="rama-role-tree"
          aria-label={t('dataAccess')}
          checkable
          checkStrictly
          selectable={false}
          showIcon
          blockNode
          height={340}
          disabled={readOnly}
          treeData={toTreeData(tree, implied)}
          checkedKeys={{ checked, halfChecked: [] }}
          expandedKeys={search ? branchKeys(tree) : expanded}
          onExpand={(keys) => {
            if (!search) setExpanded(keys);
          }}
          onCheck={(_keys, info) => {
            const pv = pvOf.get(String(info.node.key));
            if (pv !== null && pv !== undefined) onToggle(pv, info.checked);
          }}
        />
      )}
      <Typography.Text type="secondary" className="rama-role-hint">
        {t('dataAccessHint')}
      </Typography.Text>
    </Flex>
  );
}

/** The users holding the role: a multi-select that searches users by username. */
function UsersTab({
  users,
  labels,
  onChange,
}: {
  users: number[];
  labels: Map<number, string>;
  onChange: (ids: number[], labels: Map<number, string>) => void;
}) {
  const { t } = useTranslation('security');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const { data, isFetching } = useListUsersQuery({
    filters: search ? [{ col: 'username', opr: 'ct', value: search }] : [],
    order_column: 'username',
    order_direction: 'asc',
    page_size: 50,
  });
  const options = useMemo(() => {
    const seen = new Map(labels);
    for (const u of data?.result ?? []) seen.set(u.id, userLabel(u));
    return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [data, labels]);
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('usersTabHint')}</Typography.Text>
      <Select
        mode="multiple"
        aria-label={t('users')}
        placeholder={t('searchUsersLabel')}
        value={users}
        showSearch={{ filterOption: false, onSearch: setSearchText }}
        loading={isFetching}
        options={options}
        onChange={(ids: number[]) => {
          const next = new Map(labels);
          for (const o of options) if (ids.includes(o.value)) next.set(o.value, o.label);
          onChange(ids, next);
          setSearchText('');
        }}
        notFoundContent={isFetching ? t('searching') : t('usersNoMatchShort')}
        className="rama-role-users"
      />
    </Flex>
  );
}

interface Initial {
  permissions: Set<number>;
  users: number[];
  labels: Map<number, string>;
}

function RoleForm({ role, initial, onClose }: { role: RoleListItem | null; initial: Initial; onClose: () => void }) {
  const { t } = useTranslation('security');
  const { addSuccessToast } = useToasts();
  const resources = useListPermissionResourcesQuery();
  const datasets = useListGrantableDatasetsQuery();
  const [name, setName] = useState(role?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(initial.permissions);
  const [users, setUsers] = useState<number[]>(initial.users);
  const [labels, setLabels] = useState(initial.labels);
  const [savedId, setSavedId] = useState<number | null>(role?.id ?? null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [createRole] = useCreateRoleMutation();
  const [renameRole] = useRenameRoleMutation();
  const [setRolePermissions] = useSetRolePermissionsMutation();
  const [setRoleUsers] = useSetRoleUsersMutation();
  const builtin = role !== null && isBuiltinRoleName(role.name);
  const adminRole = role !== null && isAdminRoleName(role.name);

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleSave = async () => {
    const problem = roleNameProblem(name);
    if (problem) {
      setNameError(sharedText('messages', problem));
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      let id = savedId;
      if (id === null) {
        const created = await createRole(name.trim());
        if (created.error) {
          const e = toClientError(created.error);
          if (e.fieldErrors?.name) setNameError(e.fieldErrors.name.join(' '));
          else setSaveError(created.error);
          return;
        }
        id = created.data.id;
        setSavedId(id);
      } else if (role && name.trim() !== role.name) {
        const renamed = await renameRole({ id, name: name.trim() });
        if (renamed.error) {
          const e = toClientError(renamed.error);
          if (e.fieldErrors?.name) setNameError(e.fieldErrors.name.join(' '));
          else setSaveError(renamed.error);
          return;
        }
      }
      if (!sameSet(selected, initial.permissions)) {
        const r = await setRolePermissions({ id, permissionIds: [...selected] });
        if (r.error) {
          setSaveError(r.error);
          return;
        }
      }
      if (!sameSet(new Set(users), new Set(initial.users))) {
        const r = await setRoleUsers({ id, userIds: users });
        if (r.error) {
          setSaveError(r.error);
          return;
        }
      }
      addSuccessToast(role ? t('roleSaved', { name: name.trim() }) : t('roleCreated', { name: name.trim() }));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const all = resources.data ?? [];
  const actionCount = all.filter((r) => selected.has(r.id)).length - countDataGrants(all, selected);
  const loadError = resources.error ?? datasets.error;

  return (
    <>
      <Form layout="vertical" onFinish={() => void handleSave()}>
        <Form.Item
          label={t('common:name')}
          htmlFor="role-name"
          validateStatus={nameError ? 'error' : undefined}
          help={nameError ?? (builtin ? t('builtInKeepsName') : undefined)}
          required
        >
          <Input
            id="role-name"
            value={name}
            maxLength={ROLE_NAME_MAX}
            disabled={builtin || saving}
            autoFocus={!role}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
          />
        </Form.Item>
      </Form>
      {adminRole && <Alert type="info" showIcon className="rama-role-alert" title={t('adminAlert')} />}
      {loadError ? (
        <ErrorAlert error={toClientError(loadError)} title={t('grantablesLoadFailed')} />
      ) : resources.isLoading || datasets.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          className="rama-role-tabs"
          items={[
            {
              key: 'data',
              label: t('dataAccessTab', { count: countDataGrants(all, selected) }),
              children: (
                <DataAccessTab resources={all} datasets={datasets.data ?? []} selected={selected} onToggle={toggle} readOnly={adminRole} />
              ),
            },
            {
              key: 'permissions',
              label: t('permissionsTab', { count: actionCount }),
              children: <PermissionsTab resources={all} selected={selected} onToggle={toggle} readOnly={adminRole} />,
            },
            {
              key: 'users',
              label: t('usersTab', { count: users.length }),
              children: (
                <UsersTab
                  users={users}
                  labels={labels}
                  onChange={(ids, next) => {
                    setUsers(ids);
                    setLabels(next);
                  }}
                />
              ),
            },
          ]}
        />
      )}
      {saveError !== null && <ErrorAlert error={toClientError(saveError)} title={t('roleSaveFailed')} />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" onClick={() => void handleSave()} loading={saving} disabled={!!loadError}>
          {role ? t('common:save') : t('createRole')}
        </Button>
      </Flex>
    </>
  );
}

/** Loads what an existing role holds before the form starts from it. */
function EditRole({ role, onClose }: { role: RoleListItem; onClose: () => void }) {
  const { t } = useTranslation('security');
  const permissions = useGetRolePermissionsQuery(role.id, { refetchOnMountOrArgChange: true });
  const users = useListRoleUsersQuery(role.id, { refetchOnMountOrArgChange: true });
  const error = permissions.error ?? users.error;
  if (error) return <ErrorAlert error={toClientError(error)} title={t('roleLoadFailed', { name: role.name })} />;
  if (!permissions.data || !users.data || permissions.isFetching || users.isFetching) return <Skeleton active paragraph={{ rows: 8 }} />;
  const initial: Initial = {
    permissions: new Set(permissions.data.map((p) => p.id)),
    users: users.data.map((u) => u.id),
    labels: new Map(users.data.map((u) => [u.id, userLabel(u)])),
  };
  return <RoleForm role={role} initial={initial} onClose={onClose} />;
}

const EMPTY: Initial = { permissions: new Set(), users: [], labels: new Map() };

/** Create a role or edit one: its name, what it may do, which data it reads, and who holds it. */
export function RoleModal({ open, role, onClose }: { open: boolean; role: RoleListItem | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  return (
    <Modal
      open={open}
      title={role ? t('editName', { name: role.name }) : t('addRole')}
      width={MODAL_MAX_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {role ? (
        <EditRole key={role.id} role={role} onClose={onClose} />
      ) : (
        <RoleForm key="new" role={null} initial={EMPTY} onClose={onClose} />
      )}
    </Modal>
  );
}
