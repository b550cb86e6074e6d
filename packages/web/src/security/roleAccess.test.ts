import { describe, expect, it } from 'vitest';
import type { PermissionResource } from '@rama/shared';
import { actionGroups, branchKeys, countDataGrants, dataTree, globalGrantIds, impliedKeys } from './roleAccess';

let next = 1;
const pv = (permission: string, view: string): PermissionResource => ({
  id: next++,
  permission: { name: permission },
  view_menu: { name: view },
});

const resources = [
  pv('can_read', 'Dashboard'),
  pv('can_write', 'Dashboard'),
  pv('can_read', 'Chart'),
  pv('database_access', '[examples].(id:1)'),
  pv('database_access', '[empty db].(id:2)'),
  pv('schema_access', '[examples].[main]'),
  pv('datasource_access', '[examples].[flights](id:7)'),
  pv('datasource_access', '[examples].[stocks](id:8)'),
  pv('all_database_access', 'all_database_access'),
  pv('all_datasource_access', 'all_datasource_access'),
  pv('all_query_access', 'all_query_access'),
];
const id = (permission: string, view: string) => resources.find((r) => r.permission.name === permission && r.view_menu.name === view)!.id;
const examples = { id: 1, database_name: 'examples' };
const datasets = [
  { id: 8, table_name: 'stocks', schema: 'main', database: examples },
  { id: 7, table_name: 'flights', schema: 'main', database: examples },
  { id: 9, table_name: 'loose', schema: null, database: examples },
];

describe('role access', () => {
  it('groups the non-data permissions by view, searchable', () => {
    expect(actionGroups(resources, '')).toEqual([
      { view: 'Chart', items: [{ id: id('can_read', 'Chart'), permission: 'can_read' }] },
      {
        view: 'Dashboard',
        items: [
          { id: id('can_read', 'Dashboard'), permission: 'can_read' },
          { id: id('can_write', 'Dashboard'), permission: 'can_write' },
        ],
      },
    ]);
    expect(actionGroups(resources, 'WRITE').map((g) => g.items.map((i) => i.permission))).toEqual([['can_write']]);
    expect(actionGroups(resources, 'access')).toEqual([]);
  });

  it('finds the global grants', () => {
    expect(globalGrantIds(resources)).toEqual({
      all_database_access: id('all_database_access', 'all_database_access'),
      all_datasource_access: id('all_datasource_access', 'all_datasource_access'),
      all_query_access: id('all_query_access', 'all_query_access'),
    });
  });

  it('builds databases → schemas → datasets with their permission views', () => {
    const tree = dataTree(resources, datasets, '');
    expect(tree.map((n) => [n.title, n.pvId])).toEqual([
      ['empty db', id('database_access', '[empty db].(id:2)')],
      ['examples', id('database_access', '[examples].(id:1)')],
    ]);
    const ex = tree[1];
    expect(ex.children.map((n) => [n.kind, n.title])).toEqual([
      ['dataset', 'loose'],
      ['schema', 'main'],
    ]);
    expect(ex.children[0].pvId).toBeNull();
    const main = ex.children[1];
    expect(main.pvId).toBe(id('schema_access', '[examples].[main]'));
    expect(main.children.map((n) => [n.title, n.pvId])).toEqual([
      ['flights', id('datasource_access', '[examples].[flights](id:7)')],
      ['stocks', id('datasource_access', '[examples].[stocks](id:8)')],
    ]);
    expect(branchKeys(tree)).toEqual(['db:1', 'schema:1:main']);
  });

  it('keeps matches and their ancestors when searching', () => {
    const tree = dataTree(resources, datasets, 'FLIGHT');
    expect(tree).toHaveLength(1);
    expect(tree[0].children).toHaveLength(1);
    expect(tree[0].children[0].children.map((n) => n.title)).toEqual(['flights']);
    expect(dataTree(resources, datasets, 'nothing here')).toEqual([]);
  });

  it('marks what a ticked database or schema covers, and counts data grants', () => {
    const tree = dataTree(resources, datasets, '');
    const schemaOnly = new Set([id('schema_access', '[examples].[main]')]);
    expect([...impliedKeys(tree, schemaOnly)].sort()).toEqual(['ds:7', 'ds:8']);
    const dbWide = new Set([id('database_access', '[examples].(id:1)'), id('can_read', 'Chart')]);
    expect([...impliedKeys(tree, dbWide)].sort()).toEqual(['ds:7', 'ds:8', 'ds:9', 'schema:1:main']);
    expect(countDataGrants(resources, dbWide)).toBe(1);
  });
});
