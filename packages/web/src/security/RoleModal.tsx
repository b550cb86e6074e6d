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
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
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
  const [search, setSearch] = useState('');
  const groups = useMemo(() => actionGroups(resources, search), [resources, search]);
  return (
    <Flex vertical gap={8}>
      <SearchBox value={search} onChange={setSearch} placeholder="Search permissions" label="Search permissions" />
      <div className="rama-role-scroll" role="group" aria-label="Permissions">
        {groups.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No permissions match" />}
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
                  aria-label={`${item.permission} on ${g.view}`}
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
        {globalSwitch('all_database_access', 'All databases', 'every database, schema and dataset, now and later')}
        {globalSwitch('all_datasource_access', 'All datasets', 'every dataset, now and later')}
        {globalSwitch('all_query_access', 'All queries', "everyone's SQL Lab query history")}
      </Flex>
      {everything && <Alert type="info" showIcon title="This role reads every dataset; the choices below add nothing." />}
      <SearchBox
        value={searchText}
        onChange={setSearchText}
        placeholder="Search databases, schemas and datasets"
        label="Search databases, schemas and datasets"
      />
      {tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? `Nothing matches "${search}"` : 'No databases yet'} />
      ) : (
        <Tree
          className="rama-role-tree"
          aria-label="Data access"
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
        A database or schema grants everything in it, including datasets added later.
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
      <Typography.Text type="secondary">
        People who hold this role. A user may hold several roles; they gain what each allows.
      </Typography.Text>
      <Select
        mode="multiple"
        aria-label="Users"
        placeholder="Search users by username"
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
        notFoundContent={isFetching ? 'Searching…' : 'No users match'}
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
      setNameError(problem);
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
      addSuccessToast(role ? `Saved changes to ${name.trim()}` : `Created role ${name.trim()}`);
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
          label="Name"
          htmlFor="role-name"
          validateStatus={nameError ? 'error' : undefined}
          help={nameError ?? (builtin ? 'Built-in roles keep their names: Rama re-creates them by name at every start.' : undefined)}
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
      {adminRole && (
        <Alert
          type="info"
          showIcon
          className="rama-role-alert"
          title="Admin may do everything, whatever is ticked here; its permissions can be added to but not taken away."
        />
      )}
      {loadError ? (
        <ErrorAlert error={toClientError(loadError)} title="Could not load what can be granted" />
      ) : resources.isLoading || datasets.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          className="rama-role-tabs"
          items={[
            {
              key: 'data',
              label: `Data access (${countDataGrants(all, selected)})`,
              children: (
                <DataAccessTab resources={all} datasets={datasets.data ?? []} selected={selected} onToggle={toggle} readOnly={adminRole} />
              ),
            },
            {
              key: 'permissions',
              label: `Permissions (${actionCount})`,
              children: <PermissionsTab resources={all} selected={selected} onToggle={toggle} readOnly={adminRole} />,
            },
            {
              key: 'users',
              label: `Users (${users.length})`,
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
      {saveError !== null && <ErrorAlert error={toClientError(saveError)} title="Could not save the role" />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" onClick={() => void handleSave()} loading={saving} disabled={!!loadError}>
          {role ? 'Save' : 'Create role'}
        </Button>
      </Flex>
    </>
  );
}

/** Loads what an existing role holds before the form starts from it. */
function EditRole({ role, onClose }: { role: RoleListItem; onClose: () => void }) {
  const permissions = useGetRolePermissionsQuery(role.id, { refetchOnMountOrArgChange: true });
  const users = useListRoleUsersQuery(role.id, { refetchOnMountOrArgChange: true });
  const error = permissions.error ?? users.error;
  if (error) return <ErrorAlert error={toClientError(error)} title={`Could not load ${role.name}`} />;
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
  return (
    <Modal
      open={open}
      title={role ? `Edit ${role.name}` : 'Add role'}
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
