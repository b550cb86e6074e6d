import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import rison from 'rison';
import { SavedQueryWrite } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { invalidFields } from '../http/errors.js';
import { decodeRisonQuery, listParams } from '../http/rison.js';
import { downloadToken } from '../http/request.js';
import { registerBundleImport } from '../transfer/import-route.js';
import { exportSavedQueries } from './export.js';
import { SavedQueryImporter } from './import.js';
import { SAVED_QUERY_ORDER_COLUMNS, SavedQueryService } from './service.js';
import { savedQueryVersions } from './versions.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const SavedQueryUpdate = Type.Partial(SavedQueryWrite);
const VIEW = 'SavedQuery';
const OBJECT_NAME = 'saved query';

/** Bulk delete takes `q` as a rison list of ids: `!(1,2,3)`. */
function decodeIdList(q: unknown): number[] {
  const invalid = () => invalidFields({ q: ['Must be a rison list of saved query ids, e.g. !(1,2).'] });
  if (typeof q !== 'string' || !q) throw invalid();
  let value: unknown;
  try {
    value = rison.decode(q);
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || !value.length || value.length > 1000) throw invalid();
  if (!value.every((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0)) throw invalid();
  return value;
}

export function savedQueryRoutes(app: FastifyInstance, ctx: AppContext): { savedQueries: SavedQueryService } {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const savedQueries = new SavedQueryService(ctx);
  ctx.versions.register(savedQueryVersions(savedQueries));
  const rawQ = (req: { query: unknown }) => (req.query as { q?: unknown }).q;

  r.get('/api/v1/saved_query/', async (req) => {
    const user = requirePermission(req, 'can_read', VIEW, OBJECT_NAME);
    return savedQueries.list(user, listParams(decodeRisonQuery(rawQ(req)), SAVED_QUERY_ORDER_COLUMNS));
  });

  r.get('/api/v1/saved_query/export/', async (req, reply) => {
    const user = requirePermission(req, 'can_export', VIEW, OBJECT_NAME);
    const query = req.query as { q?: unknown; token?: unknown };
    const { fileName, zip } = await exportSavedQueries(ctx, user, decodeIdList(query.q));
    const token = downloadToken(query.token);
    if (token) void reply.setCookie(token, 'done', { path: '/', maxAge: 600, sameSite: 'lax', secure: ctx.config.secureCookies });
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(zip));
  });

  registerBundleImport(
    app,
    '/api/v1/saved_query/import/',
    (req) => requirePermission(req, 'can_write', VIEW, OBJECT_NAME),
    (user, { contents, ...opts }) => new SavedQueryImporter(ctx, user).run(contents, opts),
  );

  r.get('/api/v1/saved_query/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', VIEW, OBJECT_NAME);
    return { id: req.params.id, result: await savedQueries.get(user, req.params.id) };
  });

  r.post('/api/v1/saved_query/', { schema: { body: SavedQueryWrite } }, async (req, reply) => {
    const user = requirePermission(req, 'can_write', VIEW, OBJECT_NAME);
    const result = await savedQueries.create(user, req.body);
    return reply.code(201).send({ id: result.id, result });
  });

  r.put('/api/v1/saved_query/:id', { schema: { params: IdParams, body: SavedQueryUpdate } }, async (req) => {
    const user = requirePermission(req, 'can_write', VIEW, OBJECT_NAME);
    const result = await savedQueries.update(user, req.params.id, req.body);
    return { id: result.id, result };
  });

  r.delete('/api/v1/saved_query/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_write', VIEW, OBJECT_NAME);
    await savedQueries.delete(user, req.params.id);
    return { message: 'OK' };
  });

  r.delete('/api/v1/saved_query/', async (req) => {
    const user = requirePermission(req, 'can_write', VIEW, OBJECT_NAME);
    const n = await savedQueries.bulkDelete(user, decodeIdList(rawQ(req)));
    return { message: `Deleted ${n} saved ${n === 1 ? 'query' : 'queries'}` };
  });

  return { savedQueries };
}
