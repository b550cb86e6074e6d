import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { RolePermissionsWrite, RoleUsersWrite, RoleWrite } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requireAdmin } from '../http/auth.js';
import { decodeRisonQuery, listParams } from '../http/rison.js';
import {
  createRole,
  deleteRole,
  getRole,
  listPermissionResources,
  listRoles,
  PERMISSION_RESOURCE_ORDER_COLUMNS,
  renameRole,
  ROLE_ORDER_COLUMNS,
  rolePermissions,
  setRolePermissions,
  setRoleUsers,
  syncGrantablePermissions,
} from './roles.js';

// ids beyond 32 bits name nothing: the service answers 404 for them, like for unknown ids
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * Roles CRUD, role permissions and users, permissions-resources (the BI server's FAB security API).
 * Admins only: whoever may change roles may give themselves anything.
 */
export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.store.db;

  r.get('/api/v1/security/roles/', async (req) => {
    requireAdmin(req, 'role');
    const p = listParams(decodeRisonQuery((req.query as { q?: unknown }).q), ROLE_ORDER_COLUMNS, 100);
    const { count, result } = await listRoles(db, p);
    return { count, ids: result.map((x) => x.id), result };
  });
  r.get('/api/v1/security/roles/:id', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req, 'role');
    return { id: req.params.id, result: await getRole(db, req.params.id) };
  });
  r.post('/api/v1/security/roles/', { schema: { body: RoleWrite } }, async (req, reply) => {
    requireAdmin(req, 'role');
    const role = await createRole(db, req.body.name);
    return reply.code(201).send({ id: role.id, result: { name: role.name } });
  });
  r.put('/api/v1/security/roles/:id', { schema: { params: IdParams, body: RoleWrite } }, async (req) => {
    requireAdmin(req, 'role');
    const role = await renameRole(db, req.params.id, req.body.name);
    return { id: role.id, result: { name: role.name } };
  });
  r.delete('/api/v1/security/roles/:id', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req, 'role');
    await deleteRole(db, req.params.id);
    return { message: 'OK' };
  });

  r.get('/api/v1/security/roles/:id/permissions/', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req, 'role');
    return { result: await rolePermissions(db, req.params.id) };
  });
  const setPermissions = { schema: { params: IdParams, body: RolePermissionsWrite } } as const;
  const handleSetPermissions = async (req: { params: { id: number }; body: RolePermissionsWrite }) => ({
    result: { permission_view_menu_ids: await setRolePermissions(db, req.params.id, req.body.permission_view_menu_ids) },
  });
  // the BI server's route has no trailing slash; its clients also send one
  r.post('/api/v1/security/roles/:id/permissions', setPermissions, async (req) => {
    requireAdmin(req, 'role');
    return handleSetPermissions(req);
  });
  r.post('/api/v1/security/roles/:id/permissions/', setPermissions, async (req) => {
    requireAdmin(req, 'role');
    return handleSetPermissions(req);
  });

  r.put('/api/v1/security/roles/:id/users', { schema: { params: IdParams, body: RoleUsersWrite } }, async (req) => {
    const me = requireAdmin(req, 'role');
    return { result: { user_ids: await setRoleUsers(db, req.params.id, req.body.user_ids, me.id) } };
  });

  r.get('/api/v1/security/permissions-resources/', async (req) => {
    requireAdmin(req, 'role');
    const p = listParams(decodeRisonQuery((req.query as { q?: unknown }).q), PERMISSION_RESOURCE_ORDER_COLUMNS, 100);
    // grantable data appears here as soon as it exists, under its current name
    await syncGrantablePermissions(db);
    const { count, result } = await listPermissionResources(db, p);
    return { count, ids: result.map((x) => x.id), result };
  });
}
