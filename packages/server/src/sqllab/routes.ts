import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { EstimatePayload, ExecutePayload, FormatSqlPayload, StopPayload } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { invalidFields } from '../http/errors.js';
import { decodeRisonQuery, listParams } from '../http/rison.js';
import { clientGone } from '../execution/abort.js';
import { getQueryDetail, listQueries, QUERY_ORDER_COLUMNS, queriesUpdatedSince } from './history.js';
import { SqlLabService } from './service.js';
import { exportQueryCsv } from './export.js';
import { estimateQueryCost, formatQuerySql } from './editor-tools.js';
import { stringifyExact } from '../execution/formats/json.js';
import { createEntry, getEntry } from '../permalinks/keyValue.js';
import { notFound } from '../http/errors.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** URL parameters forwarded by the client (the page's query string is appended to execute). */
function urlParamsOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

const sqlLab = (req: FastifyRequest) => requirePermission(req, 'can_execute_sql_query', 'SQLLab', 'query');

export function sqllabRoutes(app: FastifyInstance, ctx: AppContext): SqlLabService {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = new SqlLabService(ctx);

  r.post('/api/v1/sqllab/execute/', { schema: { body: ExecutePayload } }, async (req, reply) => {
    const user = sqlLab(req);
    const out = await service.execute(user, req.body, urlParamsOf(req), clientGone(reply));
    return reply
      .code(out.status)
      .type('application/json')
      .send('stream' in out ? out.stream : out.body);
  });

  r.get('/api/v1/sqllab/results/', async (req, reply) => {
    const user = requirePermission(req, 'can_get_results', 'SQLLab', 'query');
    const q = decodeRisonQuery((req.query as { q?: unknown }).q);
    if (typeof q.key !== 'string' || !q.key) throw invalidFields({ key: ['Missing data for required field.'] });
    const rows = q.rows === undefined || q.rows === null ? null : Number(q.rows);
    if (rows !== null && (!Number.isInteger(rows) || rows < 0)) throw invalidFields({ rows: ['Not a valid integer.'] });
    return reply.type('application/json').send(await service.results(user, q.key, rows));
  });

  r.post('/api/v1/sqllab/estimate/', { schema: { body: EstimatePayload } }, async (req, reply) => {
    const user = requirePermission(req, 'can_estimate_query_cost', 'SQLLab', 'query');
    const b = req.body;
    const params =
      b.template_params === undefined || b.template_params === null
        ? null
        : typeof b.template_params === 'string'
          ? b.template_params
          : JSON.stringify(b.template_params);
    return {
      result: await estimateQueryCost(ctx, user, b.database_id, b.sql, b.catalog ?? null, b.schema ?? null, params, clientGone(reply)),
    };
  });

  r.post('/api/v1/sqllab/format_sql/', { schema: { body: FormatSqlPayload } }, async (req) => {
    const user = requirePermission(req, 'can_format_sql', 'SQLLab', 'query');
    return { result: await formatQuerySql(ctx, user, req.body.sql, req.body.database_id, req.body.engine) };
  });

  r.post('/api/v1/query/stop', { schema: { body: StopPayload } }, async (req) => {
    const user = sqlLab(req);
    await service.stop(user, req.body.client_id);
    return { result: 'OK' };
  });

  r.get('/api/v1/query/', async (req) => {
    const user = requirePermission(req, 'can_read', 'Query', 'query');
    return listQueries(ctx.store.db, user, listParams(decodeRisonQuery((req.query as { q?: unknown }).q), QUERY_ORDER_COLUMNS));
  });

  r.get('/api/v1/query/updated_since', async (req, reply) => {
    const user = requirePermission(req, 'can_read', 'Query', 'query');
    const q = decodeRisonQuery((req.query as { q?: unknown }).q);
    const ms = Number(q.last_updated_ms);
    if (!Number.isFinite(ms)) throw invalidFields({ last_updated_ms: ['Missing data for required field.'] });
    return reply.type('application/json').send(stringifyExact({ result: await queriesUpdatedSince(ctx.store.db, user, ms) }));
  });

  r.get('/api/v1/query/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requirePermission(req, 'can_read', 'Query', 'query');
    return { id: req.params.id, result: await getQueryDetail(ctx.store.db, user, req.params.id) };
  });

  r.get(
    '/api/v1/sqllab/export/:client_id/',
    { schema: { params: Type.Object({ client_id: Type.String({ maxLength: 64 }) }) } },
    async (req, reply) => {
      const user = requirePermission(req, 'can_export_csv', 'SQLLab', 'query');
      const { name, stream } = await exportQueryCsv(ctx, user, req.params.client_id, clientGone(reply));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(stream);
    },
  );

  /**
   * A chart opens its SQL in SQL Lab with a form post (datasourceKey, sql). The values are kept
   * for an hour under an unguessable key and the browser is sent to the page, which reads them.
   */
  const SqlLabForm = Type.Object({
    datasourceKey: Type.Optional(Type.String({ maxLength: 256 })),
    sql: Type.String({ maxLength: 1_000_000 }),
    csrf_token: Type.Optional(Type.String()),
  });
  r.post('/sqllab/', { schema: { body: SqlLabForm } }, async (req, reply) => {
    const user = requirePermission(req, 'can_sqllab', 'Rama', 'query');
    const expires = new Date(Date.now() + 3600_000).toISOString();
    const key = await createEntry(
      ctx.store.db,
      'sqllab_form',
      { datasourceKey: req.body.datasourceKey ?? null, sql: req.body.sql },
      user.id,
      { expiresOn: expires },
    );
    return reply.redirect(`/sqllab/?form_key=${encodeURIComponent(key)}`, 303);
  });
  r.get('/api/v1/sqllab/form_data/:key', { schema: { params: Type.Object({ key: Type.String({ maxLength: 64 }) }) } }, async (req) => {
    const user = requirePermission(req, 'can_sqllab', 'Rama', 'query');
    const entry = await getEntry(ctx.store.db, 'sqllab_form', req.params.key);
    if (!entry || entry.createdBy !== user.id) throw notFound();
    return { result: entry.value };
  });

  return service;
}
