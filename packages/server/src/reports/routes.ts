import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ReportCreate, ReportPut } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { decodeRisonQuery, risonIdList } from '../http/rison.js';
import { MAX_ID } from '../datasets/present.js';
import { RELATED_USER_COLUMNS, relatedUsers } from '../charts/chart-list.js';
import { ReportService } from './service.js';
import { listExecutions, listReports } from './list.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

const idList = (raw: unknown): number[] => risonIdList(raw, 'report');

/**
 * The report API (spec section 7 "Reports", issue 14 part 1): list, detail, create, the two PUT
 * bodies, delete, bulk delete, the execution log and the owner choices. Routes parse, check the
 * role permission and call the service; per-report rules live in the service.
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const reports = new ReportService(ctx);
  const reader = (req: FastifyRequest) => requirePermission(req, 'can_read', 'ReportSchedule', 'report');
  const writer = (req: FastifyRequest) => requirePermission(req, 'can_write', 'ReportSchedule', 'report');
  const q = (req: FastifyRequest) => decodeRisonQuery((req.query as { q?: unknown }).q);

  r.get('/api/v1/report/', async (req) => listReports(reports, reader(req), q(req)));

  r.get('/api/v1/report/related/:column', { schema: { params: Type.Object({ column: Type.String({ maxLength: 64 }) }) } }, async (req) => {
    reader(req);
    if (!(RELATED_USER_COLUMNS as readonly string[]).includes(req.params.column)) throw notFound();
    return relatedUsers(ctx, q(req));
  });

  r.get('/api/v1/report/:id', { schema: { params: IdParams } }, async (req) => {
    const result = await reports.get(reader(req), req.params.id);
    return { id: result.id, result };
  });

  r.get('/api/v1/report/:id/log/', { schema: { params: IdParams } }, async (req) =>
    listExecutions(reports, reader(req), req.params.id, q(req)),
  );

  r.post('/api/v1/report/', { schema: { body: ReportCreate } }, async (req, reply) => {
    return reply.code(201).send(await reports.create(writer(req), req.body));
  });

  r.put('/api/v1/report/:id', { schema: { params: IdParams, body: ReportPut } }, async (req) =>
    reports.update(writer(req), req.params.id, req.body),
  );

  r.delete('/api/v1/report/:id', { schema: { params: IdParams } }, async (req) => {
    await reports.delete(writer(req), [req.params.id]);
    return { message: 'OK' };
  });

  r.delete('/api/v1/report/', async (req) => {
    const n = await reports.delete(writer(req), idList((req.query as { q?: unknown }).q));
    return { message: `Deleted ${n} report schedule${n === 1 ? '' : 's'}` };
  });
}
