import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  DashboardColors,
  DashboardCopy,
  DashboardCreate,
  DashboardFilterChanges,
  DashboardFilterStateValue,
  DashboardPermalinkState,
  DashboardPut,
  DASHBOARD_WORKBOOK_ROUTE,
  WORKBOOK_QUERY_MAX_CHARS,
  XLSX_CONTENT_TYPE,
  contentDisposition,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { RELATED_USER_COLUMNS, relatedUsers } from '../charts/chart-list.js';
import { decodeRisonQuery, risonIdList } from '../http/rison.js';
import { MAX_ID } from '../datasets/present.js';
import { downloadToken, truthy } from '../http/request.js';
import { registerBundleImport } from '../transfer/import-route.js';
import { DashboardService } from './service.js';
import { listDashboards, relatedRoles } from './list.js';
import { updateColors, updateDashboard } from './update.js';
import { copyDashboard } from './copy.js';
import { DashboardPermalinkService, dashboardPermalinkUrl } from './permalink.js';
import { exportDashboards } from './export.js';
import { DashboardImporter } from './import.js';
import { updateNativeFilters } from './filters.js';
import { DashboardFilterStateService } from './filterState.js';
import { prepareDashboardWorkbook } from './workbook.js';
import { dashboardVersions } from './versions.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
/** a dashboard is addressed by its id or its slug */
const IdOrSlugParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 256 }) });
const ColorsQuery = Type.Object({ mark_updated: Type.Optional(Type.String({ maxLength: 8 })) });
const FilterStateParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  key: Type.String({ minLength: 1, maxLength: 256 }),
});
/** the workbook's filter values (or their `native_filters_key`) and tabs, rison (`(dataMask:(…),activeTabs:!(…))`); an address holds a few KB at most */
const WorkbookQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: WORKBOOK_QUERY_MAX_CHARS })) });
/** the BI server's client names its browser tab; one key per create either way */
const TabQuery = Type.Object({ tab_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })) });

const idList = (raw: unknown): number[] => risonIdList(raw, 'dashboard');

/**
 * The dashboard API (spec section 7 "Dashboards", issue 12): list, detail by id or slug, charts
 * and datasets, create, the three PUT bodies, delete and bulk delete, copy, colours, favorites,
 * permalinks, export and import; native filter changes and the viewers' filter state (issue 13).
 * Routes parse, check the role permission, call the dashboard modules and shape the reply;
 * per-dashboard rules live in access.ts and the service.
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): { dashboards: DashboardService } {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const dashboards = new DashboardService(ctx);
  ctx.versions.register(dashboardVersions(dashboards));
  const permalinks = new DashboardPermalinkService(dashboards);
  const filterState = new DashboardFilterStateService(dashboards);
  const reader = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'can_read', 'Dashboard', 'dashboard');
  const writer = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'can_write', 'Dashboard', 'dashboard');
  const idsOf = (req: { query: unknown }) => idList((req.query as { q?: unknown }).q);

  r.get('/api/v1/dashboard/', async (req) => {
    const user = reader(req);
    return listDashboards(dashboards, ctx.store.db, user, decodeRisonQuery((req.query as { q?: unknown }).q));
  });

  // static paths before /:id so "favorite_status", "export" and "permalink" are never read as slugs
  r.get('/api/v1/dashboard/favorite_status/', async (req) => {
    const user = reader(req);
    return { result: await dashboards.favoriteStatus(user, idsOf(req)) };
  });

  // the list's owner / creator filters offer every user, as the chart list's do; the properties
  // dialog offers roles (DASHBOARD_RBAC)
  r.get(
    '/api/v1/dashboard/related/:column',
    { schema: { params: Type.Object({ column: Type.String({ maxLength: 64 }) }) } },
    async (req) => {
      reader(req);
      const q = decodeRisonQuery((req.query as { q?: unknown }).q);
      if (req.params.column === 'roles') return relatedRoles(ctx, q);
      if (!(RELATED_USER_COLUMNS as readonly string[]).includes(req.params.column)) throw notFound();
      return relatedUsers(ctx, q);
    },
  );

  r.get('/api/v1/dashboard/export/', async (req, reply) => {
    const user = requirePermission(req, 'can_export', 'Dashboard', 'dashboard');
    const { fileName, zip } = await exportDashboards(ctx, dashboards, user, idsOf(req));
    const token = downloadToken((req.query as { token?: unknown }).token);
    if (token) void reply.setCookie(token, 'done', { path: '/', maxAge: 600, sameSite: 'lax', secure: ctx.config.secureCookies });
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(zip));
  });

  registerBundleImport(app, '/api/v1/dashboard/import/', writer, (user, { contents, ...opts }) =>
    new DashboardImporter(ctx, dashboards, user).run(contents, opts),
  );

  r.get('/api/v1/dashboard/permalink/:key', { schema: { params: KeyParams } }, async (req) => {
    const user = reader(req);
    return permalinks.get(user, req.params.key);
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

  r.get('/api/v1/dashboard/:id/datasets', { schema: { params: IdOrSlugParams } }, async (req) => {
    const user = reader(req);
    return { result: await dashboards.datasets(user, req.params.id) };
  });

  r.post('/api/v1/dashboard/', { schema: { body: DashboardCreate } }, async (req, reply) => {
    const user = writer(req);
    return reply.code(201).send(await dashboards.create(user, req.body));
  });

  r.put('/api/v1/dashboard/:id', { schema: { params: IdParams, body: DashboardPut } }, async (req) => {
    const user = writer(req);
    return updateDashboard(dashboards, user, req.params.id, req.body);
  });

  r.put('/api/v1/dashboard/:id/colors', { schema: { params: IdParams, querystring: ColorsQuery, body: DashboardColors } }, async (req) => {
    const user = writer(req);
    const markUpdated = req.query.mark_updated === undefined || truthy(req.query.mark_updated);
    return updateColors(dashboards, user, req.params.id, req.body, markUpdated);
  });

  r.put('/api/v1/dashboard/:id/filters', { schema: { params: IdParams, body: DashboardFilterChanges } }, async (req) => {
    const user = writer(req);
    return updateNativeFilters(dashboards, user, req.params.id, req.body);
  });

  // a viewer's filter values: reading the dashboard is enough, the state is the viewer's own
  r.post(
    '/api/v1/dashboard/:id/filter_state',
    { schema: { params: IdOrSlugParams, querystring: TabQuery, body: DashboardFilterStateValue } },
    async (req, reply) => {
      const user = reader(req);
      return reply.code(201).send({ key: await filterState.create(user, req.params.id, req.body.value) });
    },
  );

  r.get('/api/v1/dashboard/:id/filter_state/:key', { schema: { params: FilterStateParams } }, async (req) => {
    const user = reader(req);
    return { value: await filterState.get(user, req.params.id, req.params.key) };
  });

  r.put(
    '/api/v1/dashboard/:id/filter_state/:key',
    { schema: { params: FilterStateParams, querystring: TabQuery, body: DashboardFilterStateValue } },
    async (req) => {
      const user = reader(req);
      return { key: await filterState.update(user, req.params.id, req.params.key, req.body.value) };
    },
  );

  r.delete('/api/v1/dashboard/:id/filter_state/:key', { schema: { params: FilterStateParams } }, async (req) => {
    const user = reader(req);
    await filterState.delete(user, req.params.id, req.params.key);
    return { message: 'Deleted successfully' };
  });

  // the dashboard as one Excel workbook (issue 30 item 2): reading the dashboard and downloading data (can_csv)
  r.get(DASHBOARD_WORKBOOK_ROUTE, { schema: { params: IdOrSlugParams, querystring: WorkbookQuery } }, async (req, reply) => {
    const user = reader(req);
    const q = decodeRisonQuery(req.query.q);
    const activeTabs = Array.isArray(q.activeTabs) ? q.activeTabs.filter((t): t is string => typeof t === 'string').slice(0, 100) : null;
    // the filter values themselves, or the key they are stored under (a long selection does not fit an address)
    const key = typeof q.native_filters_key === 'string' && q.dataMask === undefined ? q.native_filters_key : null;
    const dataMask = key ? (JSON.parse(await filterState.get(user, req.params.id, key)) as unknown) : q.dataMask;
    const workbook = await prepareDashboardWorkbook(dashboards, user, req.params.id, { dataMask, activeTabs });
    const out = new PassThrough();
    // a viewer who leaves stops the queries still to run
    const controller = new AbortController();
    req.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    workbook.write(out, controller.signal).catch((e: unknown) => {
      req.log.error({ err: e }, 'workbook failed');
      out.destroy(e instanceof Error ? e : new Error(String(e)));
    });
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(workbook.fileName))
      .header('cache-control', 'no-store')
      .send(out);
  });

  r.post('/api/v1/dashboard/:id/copy/', { schema: { params: IdOrSlugParams, body: DashboardCopy } }, async (req) => {
    const user = writer(req);
    return copyDashboard(dashboards, user, req.params.id, req.body);
  });

  r.post('/api/v1/dashboard/:id/permalink', { schema: { params: IdOrSlugParams, body: DashboardPermalinkState } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', 'DashboardPermalink', 'permalink');
    const key = await permalinks.create(user, req.params.id, req.body);
    return reply.code(201).send({ key, url: dashboardPermalinkUrl(ctx.config.publicUrl, key) });
  });

  r.delete('/api/v1/dashboard/:id', { schema: { params: IdParams } }, async (req) => {
    const user = writer(req);
    await dashboards.delete(user, [req.params.id]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/dashboard/', async (req) => {
    const user = writer(req);
    const n = await dashboards.delete(user, idsOf(req));
    return { message: n === 1 ? 'Deleted 1 dashboard' : `Deleted ${n} dashboards` };
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
