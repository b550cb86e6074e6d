import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { QueryContextBody, parseDatasourceKey, queryObjectFromFormData, type QueryContext, type QueryObject } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission } from '../http/auth.js';
import { badRequest, notFound } from '../http/errors.js';
import { clientGone } from '../execution/abort.js';
import { sendChartData, sendJsonText, withFields } from './reply.js';
import { requireReadableFormData } from './query.js';

const truthy = (v: unknown) => v === true || v === 'true' || v === '1';

function parseJson(text: unknown, name: string): Record<string, unknown> {
  if (text && typeof text === 'object' && !Array.isArray(text)) return text as Record<string, unknown>;
  if (typeof text !== 'string') throw badRequest(`${name} is missing.`);
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw badRequest(`${name} is not a JSON object.`);
}

const SamplesQuery = Type.Object({
  datasource_type: Type.Optional(Type.String({ maxLength: 32 })),
  datasource_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  force: Type.Optional(Type.String({ maxLength: 8 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
});

export function chartDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/api/v1/chart/data', { schema: { body: QueryContextBody } }, async (req, reply) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    const query = req.query as { force?: unknown };
    const qc = req.body as unknown as QueryContext;
    const force = truthy(query.force);
    if (ctx.asyncQueries.delivers(qc)) {
      // answered from the cache, or 202: a job whose outcome reaches the browser's channel
      const out = await ctx.asyncQueries.submitFromRequest(req, reply, user, qc, { force, signal: clientGone(reply) });
      if (out.kind === 'reply') return sendChartData(reply, out.reply);
      return reply.code(202).send(out.job);
    }
    const out = await ctx.charts.data(user, qc, { signal: clientGone(reply), force });
    return sendChartData(reply, out);
  });

  r.get(
    '/api/v1/chart/data/:cache_key',
    { schema: { params: Type.Object({ cache_key: Type.String({ maxLength: 64 }) }) } },
    async (req, reply) => {
      const user = requirePermission(req, 'can_read', 'Chart', 'chart');
      // a missing key, an expired one and one the caller could not have computed answer alike
      const body = await ctx.charts.cached(user, req.params.cache_key);
      if (body === null) throw notFound('Cached data not found');
      return sendJsonText(reply, body);
    },
  );

  // the legacy endpoint: form data in (a form field or a JSON body), the legacy payload out
  r.post('/rama/explore_json/', async (req, reply) => {
    const user = requirePermission(req, 'can_read', 'Chart', 'chart');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const query = req.query as Record<string, unknown>;
    const formData = parseJson(body.form_data ?? query.form_data, 'form_data');
    requireReadableFormData(formData);
    const ds = parseDatasourceKey(typeof formData.datasource === 'string' ? formData.datasource : null);
    if (!ds) throw badRequest('form_data.datasource must be a datasource key such as 7__table.');
    const resultType = truthy(query.query) ? 'query' : truthy(query.samples) ? 'samples' : 'full';
    const format = truthy(query.csv) ? 'csv' : 'json';
    const qc: QueryContext = {
      datasource: ds,
      queries: [queryObjectFromFormData(formData)],
      force: truthy(query.force) || formData.force === true,
      result_type: resultType,
      result_format: format,
      form_data: formData,
    };
    const out = await ctx.charts.data(user, qc, { signal: clientGone(reply) });
    if (out.kind !== 'json') return sendChartData(reply, out);
    // the legacy shape picks and renames fields of the one payload: it is parsed (once) for that
    const payload = JSON.parse(out.payloads[0]) as Record<string, unknown>;
    return reply.send({
      cache_key: payload.cache_key ?? null,
      cached_dttm: payload.cached_dttm ?? null,
      cache_timeout: payload.cache_timeout ?? null,
      is_cached: payload.is_cached ?? false,
      query: payload.query ?? '',
      status: 'success',
      stacktrace: null,
      error: null,
      errors: [],
      form_data: formData,
      rowcount: payload.rowcount ?? 0,
      colnames: payload.colnames ?? [],
      coltypes: payload.coltypes ?? [],
      data: payload.data ?? [],
      applied_filters: payload.applied_filters ?? [],
      rejected_filters: payload.rejected_filters ?? [],
      from_dttm: payload.from_dttm ?? null,
      to_dttm: payload.to_dttm ?? null,
    });
  });

  r.post('/datasource/samples', { schema: { querystring: SamplesQuery } }, async (req, reply) => {
    const user = requirePermission(req, 'can_read', 'Dataset', 'dataset');
    const { datasource_id, datasource_type = 'table', force, per_page = 100, page = 1 } = req.query;
    const payload = (req.body ?? {}) as Record<string, unknown>;
    if (typeof payload !== 'object' || Array.isArray(payload)) throw badRequest('The body must be a filter object.');
    const qo: QueryObject = {
      filters: Array.isArray(payload.filters) ? (payload.filters as QueryObject['filters']) : [],
      granularity: typeof payload.granularity === 'string' ? payload.granularity : null,
      time_range: typeof payload.time_range === 'string' ? payload.time_range : null,
      extras: payload.extras && typeof payload.extras === 'object' ? (payload.extras as QueryObject['extras']) : {},
      row_limit: per_page,
      row_offset: (page - 1) * per_page,
    };
    const out = await ctx.charts.data(
      user,
      { datasource: { id: datasource_id, type: datasource_type }, queries: [qo], result_type: 'drill_detail', force: truthy(force) },
      { signal: clientGone(reply) },
    );
    if (out.kind !== 'json') return sendChartData(reply, out);
    // the payload's text as it is, the page fields after its own
    return sendJsonText(reply, `{"result":${withFields(out.payloads[0], { page, per_page })}}`);
  });
}
