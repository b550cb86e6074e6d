/**
 * What the role modal shows, from the grantable permission views: actions grouped by view, the
 * global data switches, and a databases → schemas → datasets tree whose nodes are permission views.
 */
import {
  DATA_PERMISSIONS,
  GLOBAL_DATA_PERMISSIONS,
  datasetIdOfView,
  isDataPermission,
  parseDatabaseView,
  type PermissionResource,
} from '@rama/shared';

export interface ActionGroup {
  view: string;
  items: { id: number; permission: string }[];
}

const matches = (needle: string, ...texts: string[]) => !needle || texts.some((t) => t.toLowerCase().includes(needle));

/** Permissions that are not data grants, grouped by view (sorted), keeping those matching the search. */
export function actionGroups(resources: PermissionResource[], search: string): ActionGroup[] {
  const needle = search.trim().toLowerCase();
  const groups = new Map<string, ActionGroup>();
  for (const r of resources) {
    if (isDataPermission(r.permission.name)) continue;
    if (!matches(needle, r.permission.name, r.view_menu.name)) continue;
    const g = groups.get(r.view_menu.name) ?? { view: r.view_menu.name, items: [] };
    g.items.push({ id: r.id, permission: r.permission.name });
    groups.set(r.view_menu.name, g);
  }
  const list = [...groups.values()].sort((a, b) => a.view.localeCompare(b.view));
  for (const g of list) g.items.sort((a, b) => a.permission.localeCompare(b.permission));
  return list;
}

/** The ids of the global grants (all_database_access, …) that exist. */
export function globalGrantIds(resources: PermissionResource[]): Partial<Record<(typeof GLOBAL_DATA_PERMISSIONS)[number], number>> {
  const out: Partial<Record<(typeof GLOBAL_DATA_PERMISSIONS)[number], number>> = {};
  for (const r of resources) {
    const p = r.permission.name as (typeof GLOBAL_DATA_PERMISSIONS)[number];
    if ((GLOBAL_DATA_PERMISSIONS as readonly string[]).includes(p) && r.view_menu.name === p) out[p] = r.id;
  }
  return out;
}

/** The dataset fields the tree needs. */
export interface GrantableDataset {
  id: number;
  table_name: string;
  schema: string | null;
  database: { id: number; database_name: string };
}

export interface DataNode {
  key: string;
  title: string;
  kind: 'database' | 'schema' | 'dataset';
  /** the permission view that grants this node; null when none exists (it cannot be ticked) */
  pvId: number | null;
  children: DataNode[];
}

const byTitle = (a: DataNode, b: DataNode) => a.title.localeCompare(b.title);

/**
 * Databases (every `database_access` view) → schemas → datasets (from the dataset list), each node
 * carrying the permission view that grants it. With a search, only nodes matching it and their
 * ancestors stay (a matching database or schema keeps all it holds).
 */
export function dataTree(resources: PermissionResource[], datasets: GrantableDataset[], search: string): DataNode[] {
  const needle = search.trim().toLowerCase();
  const schemaPv = new Map<string, number>();
  const datasetPv = new Map<number, number>();
  const databases = new Map<number, DataNode>();
  for (const r of resources) {
    const view = r.view_menu.name;
    if (r.permission.name === 'database_access') {
      const db = parseDatabaseView(view);
      if (db) databases.set(db.id, { key: `db:${db.id}`, title: db.name, kind: 'database', pvId: r.id, children: [] });
    } else if (r.permission.name === 'schema_access') schemaPv.set(view, r.id);
    else if (r.permission.name === 'datasource_access') {
      const id = datasetIdOfView(view);
      if (id !== null) datasetPv.set(id, r.id);
    }
  }
  const schemas = new Map<string, DataNode>();
  for (const ds of datasets) {
    let db = databases.get(ds.database.id);
    if (!db) {
      db = { key: `db:${ds.database.id}`, title: ds.database.database_name, kind: 'database', pvId: null, children: [] };
      databases.set(ds.database.id, db);
    }
    const dataset: DataNode = {
      key: `ds:${ds.id}`,
      title: ds.table_name,
      kind: 'dataset',
      pvId: datasetPv.get(ds.id) ?? null,
      children: [],
    };
    if (ds.schema === null) {
      db.children.push(dataset);
      continue;
    }
    const schemaKey = `schema:${ds.database.id}:${ds.schema}`;
    let schema = schemas.get(schemaKey);
    if (!schema) {
      schema = {
        key: schemaKey,
        title: ds.schema,
        kind: 'schema',
        pvId: schemaPv.get(`[${ds.database.database_name}].[${ds.schema}]`) ?? null,
        children: [],
      };
      schemas.set(schemaKey, schema);
      db.children.push(schema);
    }
    schema.children.push(dataset);
  }
  const prune = (node: DataNode): DataNode | null => {
    if (matches(needle, node.title)) return node;
    const children = node.children.map(prune).filter((c): c is DataNode => c !== null);
    return children.length ? { ...node, children } : null;
  };
  const sortDeep = (node: DataNode): DataNode => ({ ...node, children: node.children.map(sortDeep).sort(byTitle) });
  return [...databases.values()]
    .map(sortDeep)
    .sort(byTitle)
    .map(prune)
    .filter((n): n is DataNode => n !== null);
}

/** Keys of nodes covered by a ticked ancestor: shown ticked, and not tickable on their own. */
export function impliedKeys(tree: DataNode[], selected: ReadonlySet<number>): Set<string> {
  const out = new Set<string>();
  const walk = (node: DataNode, covered: boolean) => {
    if (covered) out.add(node.key);
    const next = covered || (node.pvId !== null && selected.has(node.pvId));
    for (const c of node.children) walk(c, next);
  };
  for (const n of tree) walk(n, false);
  return out;
}

/** Keys of every node that has children (to expand them all while searching). */
export function branchKeys(tree: DataNode[]): string[] {
  const out: string[] = [];
  const walk = (n: DataNode) => {
    if (n.children.length) {
      out.push(n.key);
      n.children.forEach(walk);
    }
  };
  tree.forEach(walk);
  return out;
}

/** How many data grants a selection holds (per-object and global), for the tab's label. */
export function countDataGrants(resources: PermissionResource[], selected: ReadonlySet<number>): number {
  return resources.filter(
    (r) =>
      selected.has(r.id) &&
      ((DATA_PERMISSIONS as readonly string[]).includes(r.permission.name) ||
        (GLOBAL_DATA_PERMISSIONS as readonly string[]).includes(r.permission.name)),
  ).length;
}
