import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import rison from 'rison';
import { DashboardCreate } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { invalidFields } from '../http/errors.js';
import { decodeRisonQuery } from '../http/rison.js';
import { MAX_ID } from '../datasets/present.js';
import { DashboardService } from './service.js';
import { listDashboards } from './list.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
/** a dashboard is addressed by its id or its slug */
const IdOrSlugParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });

/** `?q=!(1,2)`: a rison list of dashboard ids. */
function idList(raw: unknown): number[] {
  let value: unknown;
  try {
    value = typeof raw === 'string' ? rison.decode(raw) : undefined;
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || !value.length || value.length > 1000 || !value.every((v) => Number.isInteger(v) && v > 0 && v <= MAX_ID)) {
    throw invalidFields({ q: ['Give a list of dashboard ids, e.g. !(1,2).'] });
  }
  return value as number[];
}

/**
 * Dashboards: the record Explore's save modal needs (create by title, list what the user may
 * edit), detail, delete, charts and favorites. The dashboards issue grows the rest here.
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): { dashboards: DashboardService } {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const dashboards = new DashboardService(ctx);
  const reader = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'can_read', 'Dashboard', 'dashboard');
  const writer = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'can_write', 'Dashboard', 'dashboard');

  r.get('/api/v1/dashboard/', async (req) => {
    const user = reader(req);
    return listDashboards(dashboards, ctx.store.db, user, decodeRisonQuery((req.query as { q?: unknown }).q));
  });

  // before /:id so "favorite_status" is never read as a slug
  r.get('/api/v1/dashboard/favorite_status/', async (req) => {
    const user = reader(req);
    return { result: await dashboards.favoriteStatus(user, idList((req.query as { q?: unknown }).q)) };
  });

  r.get('/api/v1/dashboard/:id', { schema: { params: IdOrSlugParams } }, async (req) => {
    const user = reader(req);
    const result = await dashboards.get(user, req.params.id);
    return { id: result.id, result };
  });

  r.get('/api/v1/dashboard/:id/charts', { schema: { params: IdOrSlugParams } }, async (req) => {
    const user = reader(req);
    return { result: await dashboards.charts(user, req.params.id) };
  });

  r.post('/api/v1/dashboard/', { schema: { body: DashboardCreate } }, async (req, reply) => {
    const user = writer(req);
    return reply.code(201).send(await dashboards.create(user, req.body));
  });

  r.delete('/api/v1/dashboard/:id', { schema: { params: IdParams } }, async (req) => {
    const user = writer(req);
    await dashboards.delete(user, req.params.id);
    return { message: 'OK' };
  });

  r.post('/api/v1/dashboard/:id/favorites/', { schema: { params: IdParams } }, async (req) => {
    const user = reader(req);
    await dashboards.setFavorite(user, req.params.id, true);
    return { result: 'OK' };
  });

  r.delete('/api/v1/dashboard/:id/favorites/', { schema: { params: IdParams } }, async (req) => {
    const user = reader(req);
    await dashboards.setFavorite(user, req.params.id, false);
    return { result: 'OK' };
  });

  return { dashboards };
}
