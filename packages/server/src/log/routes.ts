import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import Type from 'typebox';
import { FORBIDDEN_EDIT_MESSAGE, formatMessage } from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission, requireUser } from '../http/auth.js';
import { HttpError, badRequest, forbidden, invalidFields } from '../http/errors.js';
import { decodeRisonQuery, listParams } from '../http/rison.js';
import { LOG_ORDER_COLUMNS, LogService, parseEvents } from './service.js';

/** A full batch of 1024 events is a few hundred KiB; 1 MiB leaves room and no more. */
export const LOG_BODY_LIMIT = 1024 * 1024;
export const LOG_REQUESTS_PER_MINUTE = 120;

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const tooLarge = () => new HttpError(413, { message: 'Request payload is too large.' });

function queryId(query: Record<string, unknown>, key: string): number | null {
  const v = query[key];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^\d{1,9}$/.test(v) || Number(v) < 1) throw invalidFields({ [key]: ['Not a valid integer.'] });
  return Number(v);
}

/** The text fields of a multipart body (the beacon's FormData); a file or an oversized field is refused. */
async function multipartFields(req: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') throw badRequest('Files are not accepted.');
      if (part.valueTruncated) throw tooLarge();
      fields[part.fieldname] = part.value;
    }
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest('Files are not accepted.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge();
    throw e;
  }
  return fields;
}

export function logRoutes(app: FastifyInstance, ctx: AppContext): LogService {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const logs = new LogService(ctx);

  // multipart is parsed for this route only, with limits sized for one batch of events
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fieldNameSize: 100, fieldSize: LOG_BODY_LIMIT, fields: 8, files: 0, parts: 8, headerPairs: 100 },
    });

    scope.post(
      '/rama/log/',
      {
        bodyLimit: LOG_BODY_LIMIT,
        config: {
          rateLimit: {
            max: LOG_REQUESTS_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (req: FastifyRequest) =>
              req.principal?.guest
                ? `guest:${req.principal.guest.subject}`
                : req.principal && !req.principal.kind
                  ? `user:${req.principal.id}`
                  : `ip:${req.ip}`,
            errorResponseBuilder: (_req: unknown, c: { statusCode: number }) =>
              new HttpError(c.statusCode, { message: 'Too many log requests. Please slow down.' }),
          },
        },
      },
      async (req) => {
        // guest tokens (embedding) are not implemented yet: a `guest_token` field alone is not a login
        const user = requireUser(req);
        if (!user.can('can_log', 'Rama')) throw forbidden(formatMessage(FORBIDDEN_EDIT_MESSAGE, 'log'));
        const query = req.query as Record<string, unknown>;
        const dashboardId = queryId(query, 'dashboard_id');
        const sliceId = queryId(query, 'slice_id');
        const fields = req.isMultipart()
          ? await multipartFields(req)
          : req.body && typeof req.body === 'object'
            ? (req.body as Record<string, unknown>)
            : {};
        const events = parseEvents(fields.events);
        const referrer = req.headers.referer ?? null;
        await logs.record(events, { userId: user.id, dashboardId, sliceId, referrer });
        return { message: 'OK' };
      },
    );
  });

  r.get('/api/v1/log/', async (req) => {
    requirePermission(req, 'can_read', 'Log', 'log');
    const query = decodeRisonQuery((req.query as { q?: unknown }).q);
    const p = listParams(query, LOG_ORDER_COLUMNS);
    // newest first unless the client asks otherwise
    if (query.order_column === undefined) {
      p.orderColumn = 'dttm';
      if (query.order_direction === undefined) p.orderDirection = 'desc';
    }
    return logs.list(p);
  });

  r.get('/api/v1/log/:id', { schema: { params: IdParams } }, async (req) => {
    requirePermission(req, 'can_read', 'Log', 'log');
    return { id: req.params.id, result: await logs.get(req.params.id) };
  });

  return logs;
}
