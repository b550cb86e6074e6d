import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { bodyFields, objectField } from './fields.js';
import { loadSqlLabBootstrap } from './bootstrap.js';
import { TabStateService } from './service.js';
import { TableSchemaService } from './tableSchemas.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const QueryParams = Type.Object({ id: Type.Integer({ minimum: 1 }), clientId: Type.String({ minLength: 1, maxLength: 64 }) });
const TAB_VIEW = 'TabStateView';
const TABLE_VIEW = 'TableSchemaView';

/**
 * Backend persistence of SQL Lab tabs (spec §7). Bodies are forms whose values are JSON text, as
 * the web client posts them, or JSON with the same keys.
 */
export function tabStateRoutes(app: FastifyInstance, ctx: AppContext): { tabs: TabStateService; tableSchemas: TableSchemaService } {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tabs = new TabStateService(ctx);
  const tableSchemas = new TableSchemaService(ctx, tabs);
  const write = (req: Parameters<typeof requirePermission>[0], view = TAB_VIEW) =>
    requirePermission(req, 'can_write', view, view === TAB_VIEW ? 'tab state' : 'table schema');

  r.get('/api/v1/sqllab/', async (req) => {
    const user = requirePermission(req, 'can_read', 'SQLLab', 'SQL Lab');
    return { result: await loadSqlLabBootstrap(ctx, tabs, user) };
  });

  r.post('/tabstateview/', async (req) => {
    const user = write(req);
    return { id: await tabs.create(user, objectField(bodyFields(req), 'queryEditor')) };
  });

  r.get('/tabstateview/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', TAB_VIEW, 'tab state');
    return tabs.get(user, req.params.id);
  });

  r.put('/tabstateview/:id', { schema: { params: IdParams } }, async (req) => {
    const user = write(req);
    await tabs.update(user, req.params.id, bodyFields(req));
    return { id: req.params.id };
  });

  r.delete('/tabstateview/:id', { schema: { params: IdParams } }, async (req) => {
    const user = write(req);
    await tabs.delete(user, req.params.id);
    return { message: 'OK' };
  });

  r.post('/tabstateview/:id/activate', { schema: { params: IdParams } }, async (req) => {
    const user = write(req);
    await tabs.activate(user, req.params.id);
    return { id: req.params.id };
  });

  r.post('/tabstateview/:id/migrate_query', { schema: { params: IdParams } }, async (req) => {
    const user = write(req);
    await tabs.migrateQuery(user, req.params.id, bodyFields(req));
    return { id: req.params.id };
  });

  r.delete('/tabstateview/:id/query/:clientId', { schema: { params: QueryParams } }, async (req) => {
    const user = write(req);
    await tabs.deleteQuery(user, req.params.id, req.params.clientId);
    return { message: 'OK' };
  });

  r.post('/tableschemaview/', async (req) => {
    const user = write(req, TABLE_VIEW);
    return { id: await tableSchemas.create(user, objectField(bodyFields(req), 'table')) };
  });

  r.post('/tableschemaview/:id/expanded', { schema: { params: IdParams } }, async (req) => {
    const user = write(req, TABLE_VIEW);
    const expanded = await tableSchemas.setExpanded(user, req.params.id, bodyFields(req));
    return { id: req.params.id, expanded };
  });

  r.delete('/tableschemaview/:id', { schema: { params: IdParams } }, async (req) => {
    const user = write(req, TABLE_VIEW);
    await tableSchemas.delete(user, req.params.id);
    return { message: 'OK' };
  });

  return { tabs, tableSchemas };
}
