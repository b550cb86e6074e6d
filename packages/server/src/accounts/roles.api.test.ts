/**
 * Roles and grants (issue 25, part 1): roles CRUD, role permissions and users, the grantable
 * permission views, and grants taking effect at once on data access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { examplesDataset } from '../test-support/datasets.js';
import { chartContext } from '../test-support/async.js';
import { insertDatabase } from '../test-support/sqllab-fixtures.js';
import { loggedInUser, TEST_PASSWORD } from '../test-support/users.js';

type RoleList = { count: number; ids: number[]; result: { id: number; name: string; user_count: number; permission_count: number }[] };
type Resources = { count: number; ids: number[]; result: { id: number; permission: { name: string }; view_menu: { name: string } }[] };
type Message = { message: unknown };

let server: TestServer;
let admin: Client;
let flights: number;
let stocks: number;
let gamma: { client: Client; id: number };

const q = (value: string) => `?q=${encodeURIComponent(value)}`;

async function createRole(name: string): Promise<number> {
  const r = await admin.post<{ id: number; result: { name: string } }>('/api/v1/security/roles/', { name });
  expect(r.status, r.text).toBe(201);
  expect(r.body.result).toEqual({ name });
  return r.body.id;
}

/** The permission-view id of (permission, view), from permissions-resources. */
async function pvId(permission: string, view: string): Promise<number> {
  const r = await admin.get<Resources>(
    `/api/v1/security/permissions-resources/${q(`(filters:!((col:permission,opr:eq,value:${permission}),(col:view_menu,opr:eq,value:'${view}')))`)}`,
  );
  expect(r.status, r.text).toBe(200);
  expect(r.body.count, `${permission} on ${view}`).toBe(1);
  return r.body.result[0].id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  flights = await examplesDataset(server, admin, 'flights');
  stocks = await examplesDataset(server, admin, 'stocks');
  gamma = await loggedInUser(server, admin, 'gale', ['Gamma']);
});
afterAll(async () => {
  await server?.close();
});

describe('roles', () => {
  it('creates, lists with a name filter and paging, gets, renames and deletes a role', async () => {
    const id = await createRole('Finance readers');
    const list = await admin.get<RoleList>(`/api/v1/security/roles/${q('(filters:!((col:name,opr:ct,value:finance)))')}`);
    expect(list.status).toBe(200);
    expect(list.body.result).toEqual([{ id, name: 'Finance readers', user_count: 0, permission_count: 0 }]);
    expect(list.body.ids).toEqual([id]);

    const page = await admin.get<RoleList>(`/api/v1/security/roles/${q('(order_column:name,order_direction:desc,page:0,page_size:2)')}`);
    expect(page.body.count).toBeGreaterThanOrEqual(6);
    expect(page.body.result.map((r) => r.name)).toEqual(['sql_lab', 'Public']);

    const got = await admin.get<{ id: number; result: { name: string } }>(`/api/v1/security/roles/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.result.name).toBe('Finance readers');

    const renamed = await admin.put<{ id: number; result: { name: string } }>(`/api/v1/security/roles/${id}`, { name: 'Finance' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ id, result: { name: 'Finance' } });

    expect((await admin.delete(`/api/v1/security/roles/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/security/roles/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/security/roles/${id}`)).status).toBe(404);
  });

  it('refuses bad, duplicate and built-in names, and answers 404 for unknown ids', async () => {
    await createRole('Ops');
    const dup = await admin.post<Message>('/api/v1/security/roles/', { name: 'OPS' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toEqual({ name: ['A role with this name already exists.'] });
    expect((await admin.post('/api/v1/security/roles/', { name: 'admin' })).status).toBe(400);
    expect((await admin.post('/api/v1/security/roles/', { name: '   ' })).status).toBe(400);
    expect((await admin.post('/api/v1/security/roles/', { name: 'x'.repeat(65) })).status).toBe(400);
    expect((await admin.post('/api/v1/security/roles/', {})).status).toBe(400);

    const roles = await admin.get<RoleList>(`/api/v1/security/roles/${q('(filters:!((col:name,opr:eq,value:Gamma)))')}`);
    const gammaRole = roles.body.result[0].id;
    const rename = await admin.put<Message>(`/api/v1/security/roles/${gammaRole}`, { name: 'Gamma2' });
    expect(rename.status).toBe(422);
    expect(String(rename.body.message)).toMatch(/built-in role.*cannot be renamed/);
    const del = await admin.delete<Message>(`/api/v1/security/roles/${gammaRole}`);
    expect(del.status).toBe(422);
    expect(String(del.body.message)).toMatch(/cannot be deleted/);

    expect((await admin.get('/api/v1/security/roles/999999')).status).toBe(404);
    expect((await admin.put('/api/v1/security/roles/999999', { name: 'zz' })).status).toBe(404);
    expect((await admin.get('/api/v1/security/roles/99999999999/permissions/')).status).toBe(404);
    expect((await admin.get(`/api/v1/security/roles/${q('(filters:!((col:password,opr:eq,value:x)))')}`)).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await gamma.client.get('/api/v1/security/roles/')).status).toBe(403);
    expect((await gamma.client.post('/api/v1/security/roles/', { name: 'mine' })).status).toBe(403);
    expect((await gamma.client.get('/api/v1/security/permissions-resources/')).status).toBe(403);
    expect((await server.client().get('/api/v1/security/roles/')).status).toBe(401);
  });
});

describe('grants', () => {
  it('lists grantable data, created lazily and renamed after a database rename', async () => {
    const all = await admin.get<Resources>(`/api/v1/security/permissions-resources/${q('(page_size:1000)')}`);
    expect(all.status).toBe(200);
    const pairs = all.body.result.map((r) => `${r.permission.name} ${r.view_menu.name}`);
    expect(pairs).toEqual(
      expect.arrayContaining([
        `database_access [examples].(id:${server.examplesId})`,
        'schema_access [examples].[main]',
        `datasource_access [examples].[flights](id:${flights})`,
        `datasource_access [examples].[stocks](id:${stocks})`,
        'all_database_access all_database_access',
        'all_datasource_access all_datasource_access',
        'all_query_access all_query_access',
        'can_write Dashboard',
      ]),
    );
    const filtered = await admin.get<Resources>(
      `/api/v1/security/permissions-resources/${q('(filters:!((col:permission,opr:eq,value:datasource_access),(col:view_menu,opr:ct,value:stock)))')}`,
    );
    expect(filtered.body.result.map((r) => r.view_menu.name)).toEqual([`[examples].[stocks](id:${stocks})`]);
    expect((await admin.get(`/api/v1/security/permissions-resources/${q('(page_size:1001)')}`)).status).toBe(400);

    // a database registered without its view, then renamed: the view follows, grants stay
    const other = await insertDatabase(server, 'warehouse');
    const warehousePv = await pvId('database_access', `[warehouse].(id:${other})`);
    const role = await createRole('Warehouse users');
    const schemaPv = await pvId('schema_access', '[examples].[main]');
    await server.ctx.store.db
      .insertInto('ab_permission_view')
      .values({ permission: 'schema_access', view_menu: '[warehouse].[sales]' })
      .execute();
    const salesPv = (await pvId('schema_access', '[warehouse].[sales]')) as number;
    const set = await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [warehousePv, salesPv] });
    expect(set.status, set.text).toBe(200);
    const renamed = await admin.put(`/api/v1/database/${other}`, { database_name: 'lakehouse' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await pvId('database_access', `[lakehouse].(id:${other})`)).toBe(warehousePv);
    expect(await pvId('schema_access', '[lakehouse].[sales]')).toBe(salesPv);
    const perms = await admin.get<{ result: { id: number; view_menu_name: string }[] }>(`/api/v1/security/roles/${role}/permissions/`);
    expect(perms.body.result.map((p) => p.view_menu_name).sort()).toEqual([`[lakehouse].(id:${other})`, '[lakehouse].[sales]']);
    expect(schemaPv).toBeGreaterThan(0);

    // a dataset view left under an old database name is renamed on the next listing, same id
    const flightsPv = await pvId('datasource_access', `[examples].[flights](id:${flights})`);
    await server.ctx.store.db
      .updateTable('ab_permission_view')
      .set({ view_menu: `[old_name].[flights](id:${flights})` })
      .where('id', '=', flightsPv)
      .execute();
    expect(await pvId('datasource_access', `[examples].[flights](id:${flights})`)).toBe(flightsPv);
  });

  it('sets a role permissions, refusing unknown ids, too many ids and reducing Admin', async () => {
    const role = await createRole('Setters');
    const a = await pvId('can_read', 'Dashboard');
    const b = await pvId('can_read', 'Chart');
    const set = await admin.post<{ result: { permission_view_menu_ids: number[] } }>(`/api/v1/security/roles/${role}/permissions`, {
      permission_view_menu_ids: [a, b, a],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.result.permission_view_menu_ids).toEqual([a, b]);
    const replaced = await admin.post(`/api/v1/security/roles/${role}/permissions/`, { permission_view_menu_ids: [b] });
    expect(replaced.status).toBe(200);
    const perms = await admin.get<{ result: { id: number; permission_name: string; view_menu_name: string }[] }>(
      `/api/v1/security/roles/${role}/permissions/`,
    );
    expect(perms.body.result).toEqual([{ id: b, permission_name: 'can_read', view_menu_name: 'Chart' }]);

    const unknown = await admin.post<Message>(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [b, 987654] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.message)).toContain('987654');
    const many = Array.from({ length: 10_001 }, (_, i) => i + 1);
    expect((await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: many })).status).toBe(400);
    expect((await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: 'all' })).status).toBe(400);
    expect((await admin.post('/api/v1/security/roles/999999/permissions', { permission_view_menu_ids: [] })).status).toBe(404);
    // unchanged after the refusals
    const after = await admin.get<{ result: { id: number }[] }>(`/api/v1/security/roles/${role}/permissions/`);
    expect(after.body.result.map((p) => p.id)).toEqual([b]);

    const adminRole = (await admin.get<RoleList>(`/api/v1/security/roles/${q('(filters:!((col:name,opr:eq,value:Admin)))')}`)).body
      .result[0];
    const reduce = await admin.post<Message>(`/api/v1/security/roles/${adminRole.id}/permissions`, { permission_view_menu_ids: [a] });
    expect(reduce.status).toBe(422);
    expect((await admin.get<{ result: unknown[] }>(`/api/v1/security/roles/${adminRole.id}/permissions/`)).body.result.length).toBe(
      adminRole.permission_count,
    );
  });

  it('sets the users of a role, listable by role, ending their sessions and tokens', async () => {
    const role = await createRole('Members');
    const mia = await loggedInUser(server, admin, 'mia', ['Gamma']);
    const bearer = server.client();
    const login = await bearer.post<{ access_token: string }>('/api/v1/security/login', {
      username: 'mia',
      password: TEST_PASSWORD,
      provider: 'db',
    });
    bearer.bearer = login.body.access_token;
    expect((await bearer.get('/api/v1/me/')).status).toBe(200);

    const put = await admin.put<{ result: { user_ids: number[] } }>(`/api/v1/security/roles/${role}/users`, {
      user_ids: [mia.id, gamma.id],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.result.user_ids).toEqual([mia.id, gamma.id]);
    const users = await admin.get<{ count: number; result: { username: string; roles: { name: string }[] }[] }>(
      `/api/v1/security/users/${q(`(filters:!((col:roles,opr:rel_m_m,value:${role})),order_column:username)`)}`,
    );
    expect(users.body.result.map((u) => u.username)).toEqual(['gale', 'mia']);
    expect(users.body.result[1].roles.map((r) => r.name)).toEqual(['Gamma', 'Members']);
    expect(
      (await admin.get<RoleList>(`/api/v1/security/roles/${q(`(filters:!((col:id,opr:eq,value:${role})))`)}`)).body.result[0].user_count,
    ).toBe(2);
    // their roles changed: sessions and tokens end
    expect((await bearer.get('/api/v1/me/')).status).toBe(401);
    expect((await mia.client.get('/api/v1/me/')).status).toBe(401);
    gamma = { id: gamma.id, client: server.client() };
    expect((await gamma.client.login('gale', TEST_PASSWORD)).status).toBe(200);

    expect((await admin.put(`/api/v1/security/roles/${role}/users`, { user_ids: [mia.id, 424242] })).status).toBe(400);
    const adminRole = (await admin.get<RoleList>(`/api/v1/security/roles/${q('(filters:!((col:name,opr:eq,value:Admin)))')}`)).body
      .result[0];
    const selfRemoval = await admin.put<Message>(`/api/v1/security/roles/${adminRole.id}/users`, { user_ids: [] });
    expect(selfRemoval.status).toBe(422);
    expect((await admin.get('/api/v1/me/')).status).toBe(200);

    // deleting the role takes it from its users (and ends their sessions too)
    expect((await admin.delete(`/api/v1/security/roles/${role}`)).status).toBe(200);
    const mias = await admin.get<{ result: { roles: { name: string }[] } }>(`/api/v1/security/users/${mia.id}`);
    expect(mias.body.result.roles.map((r) => r.name)).toEqual(['Gamma']);
  });

  it('a grant through the API shows one dataset and its chart data at once; a revoke hides it', async () => {
    const role = await createRole('Flights analysts');
    const user = await loggedInUser(server, admin, 'fiona', ['Gamma', 'Flights analysts']);
    const datasets = () => user.client.get<{ count: number; result: { id: number }[] }>('/api/v1/dataset/');
    expect((await datasets()).body.count).toBe(0);
    expect((await user.client.post('/api/v1/chart/data', chartContext(flights))).status).toBe(404);

    const pv = await pvId('datasource_access', `[examples].[flights](id:${flights})`);
    expect((await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [pv] })).status).toBe(200);
    const seen = await datasets();
    expect(seen.body.result.map((d) => d.id)).toEqual([flights]);
    const data = await user.client.post<{ result: { data: { origin: string; count: number }[] }[] }>(
      '/api/v1/chart/data',
      chartContext(flights),
    );
    expect(data.status, data.text).toBe(200);
    expect(data.body.result[0].data.length).toBeGreaterThan(0);
    expect(data.body.result[0].data[0]).toHaveProperty('origin');
    expect((await user.client.post('/api/v1/chart/data', chartContext(stocks))).status).toBe(404);

    expect((await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [] })).status).toBe(200);
    expect((await datasets()).body.count).toBe(0);
    expect((await user.client.post('/api/v1/chart/data', chartContext(flights))).status).toBe(404);
  });
});
