import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { RlsUpdate, RlsWrite } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { decodeRisonQuery, listParams, risonIdList } from '../http/rison.js';
import { RLS_ORDER_COLUMNS, RlsService } from './service.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const VIEW = 'RowLevelSecurity';
const OBJECT_NAME = 'row level security rule';

const rawQ = (req: FastifyRequest) => (req.query as { q?: unknown }).q;

/** /api/v1/rowlevelsecurity/: admins (can_read / can_write on RowLevelSecurity) manage the rules. */
export function rlsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const rules = new RlsService(ctx);
  const reader = (req: FastifyRequest) => requirePermission(req, 'can_read', VIEW, OBJECT_NAME);
  const writer = (req: FastifyRequest) => requirePermission(req, 'can_write', VIEW, OBJECT_NAME);

  r.get('/api/v1/rowlevelsecurity/', async (req) => {
    reader(req);
    return rules.list(listParams(decodeRisonQuery(rawQ(req)), RLS_ORDER_COLUMNS));
  });

  r.get(
    '/api/v1/rowlevelsecurity/related/:column',
    { schema: { params: Type.Object({ column: Type.String({ maxLength: 64 }) }) } },
    async (req) => {
      reader(req);
      const q = decodeRisonQuery(rawQ(req));
      if (req.params.column === 'roles') return rules.relatedRoles(q);
      if (req.params.column === 'tables') return rules.relatedTables(q);
      throw notFound();
    },
  );

  r.get('/api/v1/rowlevelsecurity/:id', { schema: { params: IdParams } }, async (req) => {
    reader(req);
    return { id: req.params.id, result: await rules.get(req.params.id) };
  });

  r.post('/api/v1/rowlevelsecurity/', { schema: { body: RlsWrite } }, async (req, reply) => {
    const user = writer(req);
    return reply.code(201).send(await rules.create(user, req.body));
  });

  r.put('/api/v1/rowlevelsecurity/:id', { schema: { params: IdParams, body: RlsUpdate } }, async (req) => {
    const user = writer(req);
    return rules.update(user, req.params.id, req.body);
  });

  r.delete('/api/v1/rowlevelsecurity/:id', { schema: { params: IdParams } }, async (req) => {
    writer(req);
    await rules.delete([req.params.id]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/rowlevelsecurity/', async (req) => {
    writer(req);
    const n = await rules.delete(risonIdList(rawQ(req), 'rule'));
    return { message: `Deleted ${n} rule${n === 1 ? '' : 's'}` };
  });
}
