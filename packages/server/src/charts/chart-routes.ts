/**
 * The saved-chart API (`/api/v1/chart/…`, spec section 7 "Charts"): list, read, create, update,
 * delete, favorites, a saved chart's data, export and import. Routes parse, authorize with the
 * role permission, call the chart modules and shape the reply; per-chart rules live in
 * chart-access.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ChartCreate, ChartUpdate } from '@rama/shared';
import type { AppContext } from '../context.js';
import { chartVersions } from './chart-versions.js';
import { requirePermission } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { decodeRisonQuery, risonIdList } from '../http/rison.js';
import { clientGone } from '../execution/abort.js';
import { MAX_ID } from '../datasets/present.js';
import { downloadToken, truthy } from '../http/request.js';
import { registerBundleImport } from '../transfer/import-route.js';
import { sendChartData } from '../chartdata/reply.js';
import { ChartService } from './chart-service.js';
import { RELATED_USER_COLUMNS, listCharts, relatedUsers } from './chart-list.js';
import { addFavorite, favoriteStatus, removeFavorite } from './chart-favorites.js';
import { savedChartData } from './chart-data.js';
import { exportCharts } from './chart-export.js';
import { ChartImporter } from './chart-import.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

const q = (req: { query: unknown }) => decodeRisonQuery((req.query as { q?: unknown }).q);

const idList = (raw: unknown): number[] => risonIdList(raw, 'chart');

const DataQuery = Type.Object({
  format: Type.Optional(Type.String({ maxLength: 16 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  force: Type.Optional(Type.String({ maxLength: 8 })),
});

export function chartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const charts = new ChartService(ctx);
  ctx.versions.register(chartVersions(ctx, charts));

  r.get('/api/v1/chart/', async (req) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    return listCharts(ctx, user, q(req));
  });

  r.get('/api/v1/chart/related/:column', { schema: { params: Type.Object({ column: Type.String({ maxLength: 64 }) }) } }, async (req) => {
    requirePermission(req, 'can_read', 'Chart', 'chart');
    if (!(RELATED_USER_COLUMNS as readonly string[]).includes(req.params.column)) throw notFound();
    return relatedUsers(ctx, q(req));
  });

  r.get('/api/v1/chart/favorite_status/', async (req) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    return { result: await favoriteStatus(ctx, user, idList((req.query as { q?: unknown }).q)) };
  });

  r.get('/api/v1/chart/export/', async (req, reply) => {
    const user = requirePermission(req, 'can_export', 'Chart', 'chart');
    const query = req.query as { q?: unknown; token?: unknown };
    const { fileName, zip } = await exportCharts(ctx, user, idList(query.q));
    const token = downloadToken(query.token);
    if (token) void reply.setCookie(token, 'done', { path: '/', maxAge: 600, sameSite: 'lax', secure: ctx.config.secureCookies });
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(zip));
  });

  // `?q=(columns:!(dashboards.id))` narrows nothing: the whole chart is answered, dashboards included
  r.get('/api/v1/chart/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    q(req);
    return { id: req.params.id, result: await charts.detail(user, req.params.id) };
  });

  r.get('/api/v1/chart/:id/data/', { schema: { params: IdParams, querystring: DataQuery } }, async (req, reply) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    const { format, type, force } = req.query;
    const out = await savedChartData(ctx, user, req.params.id, { format, type, force: truthy(force), signal: clientGone(reply) });
    return sendChartData(reply, out);
  });

  r.post('/api/v1/chart/', { schema: { body: ChartCreate } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'Chart', 'chart');
    return reply.code(201).send(await charts.create(user, req.body));
  });

  r.put('/api/v1/chart/:id', { schema: { params: IdParams, body: ChartUpdate } }, async (req) => {
    const user = requirePermission(req, 'can_write', 'Chart', 'chart');
    return charts.update(user, req.params.id, req.body);
  });

  r.delete('/api/v1/chart/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_write', 'Chart', 'chart');
    await charts.delete(user, [req.params.id]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/chart/', async (req) => {
    const user = requirePermission(req, 'can_write', 'Chart', 'chart');
    const n = await charts.delete(user, idList((req.query as { q?: unknown }).q));
    return { message: n === 1 ? 'Deleted 1 chart' : `Deleted ${n} charts` };
  });

  r.post('/api/v1/chart/:id/favorites/', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    await addFavorite(ctx, user, req.params.id);
    return { result: 'OK' };
  });

  r.delete('/api/v1/chart/:id/favorites/', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    await removeFavorite(ctx, user, req.params.id);
    return { result: 'OK' };
  });

  registerBundleImport(
    app,
    '/api/v1/chart/import/',
    (req) => requirePermission(req, 'can_write', 'Chart', 'chart'),
    (user, { contents, ...opts }) => new ChartImporter(ctx, user).run(contents, opts),
  );
}
