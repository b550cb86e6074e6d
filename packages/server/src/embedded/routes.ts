/**
 * Embedded dashboards (issue 25 part 3), as the BI server's contract (see shared api/embedded.ts):
 * `/api/v1/dashboard/{id_or_slug}/embedded` (GET, POST and PUT upsert, DELETE),
 * `/api/v1/embedded_dashboard/{uuid}`, `POST /api/v1/security/guest_token/` and the page
 * `/embedded/{uuid}`. With the EMBEDDED_SUPERSET feature flag off every one answers 404.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  allowedDomainProblem,
  EMBEDDED_BOOTSTRAP_ELEMENT_ID,
  EmbeddedDashboardPut,
  GuestTokenRequest,
  type EmbeddedBootstrap,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { requirePermission, requireUser } from '../http/auth.js';
import { forbidden, notFound } from '../http/errors.js';
import { EmbeddedService } from './service.js';

const WEB_INDEX = fileURLToPath(new URL('../../../web/dist/index.html', import.meta.url));
/** Served when the web app is not built (API tests): the same injection, no app. */
const BARE_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>Rama</title></head><body><div id="root"></div></body></html>';

const IdOrSlugParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
const UuidParams = Type.Object({ uuid: Type.String({ minLength: 1, maxLength: 64 }) });

/** JSON for inside a `<script>` element: nothing in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page with the embedding's bootstrap element before `</head>`. */
export function injectBootstrap(html: string, bootstrap: EmbeddedBootstrap): string {
  const element = `<script id="${EMBEDDED_BOOTSTRAP_ELEMENT_ID}" type="application/json">${scriptJson(bootstrap)}</script>`;
  const at = html.indexOf('</head>');
  return at === -1 ? element + html : html.slice(0, at) + element + html.slice(at);
}

/** The CSP helmet set, with frame-ancestors = the allowed domains (none: any, as the peer). */
export function framePolicy(csp: string | null, allowedDomains: string[]): string {
  const ancestors = `frame-ancestors ${allowedDomains.length ? allowedDomains.join(' ') : '*'}`;
  if (!csp) return ancestors;
  return /frame-ancestors[^;]*/i.test(csp) ? csp.replace(/frame-ancestors[^;]*/i, ancestors) : `${csp};${ancestors}`;
}

function readStoredDomains(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

async function indexHtml(): Promise<string> {
  try {
    return await readFile(WEB_INDEX, 'utf8');
  } catch {
    return BARE_PAGE;
  }
}

export function embeddedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = new EmbeddedService(ctx);
  const enabled = () => ctx.config.featureFlags.EMBEDDED_SUPERSET === true;
  /** runs before the body is validated: off → 404 (the route does not exist) */
  const requireEnabled = async () => {
    if (!enabled()) throw notFound();
  };
  const reader = (req: FastifyRequest) => requirePermission(req, 'can_read', 'Dashboard', 'dashboard');
  const writer = (req: FastifyRequest) => requirePermission(req, 'can_write', 'Dashboard', 'dashboard');

  r.get('/api/v1/dashboard/:id/embedded', { schema: { params: IdOrSlugParams }, preValidation: requireEnabled }, async (req) => {
    const user = reader(req);
    return { result: await service.forDashboard(user, req.params.id) };
  });

  const upsert = async (req: FastifyRequest<{ Params: { id: string }; Body: EmbeddedDashboardPut }>) => {
    const user = writer(req);
    return { result: await service.upsert(user, req.params.id, req.body.allowed_domains) };
  };
  const writeRoute = { schema: { params: IdOrSlugParams, body: EmbeddedDashboardPut }, preValidation: requireEnabled };
  r.post('/api/v1/dashboard/:id/embedded', writeRoute, upsert);
  r.put('/api/v1/dashboard/:id/embedded', writeRoute, upsert);

  r.delete('/api/v1/dashboard/:id/embedded', { schema: { params: IdOrSlugParams }, preValidation: requireEnabled }, async (req) => {
    const user = writer(req);
    await service.delete(user, req.params.id);
    return { message: 'OK' };
  });

  r.get('/api/v1/embedded_dashboard/:uuid', { schema: { params: UuidParams }, preValidation: requireEnabled }, async (req) => {
    const user = requireUser(req);
    return { result: await service.get(user, req.params.uuid) };
  });

  r.post(
    '/api/v1/security/guest_token/',
    {
      schema: { body: GuestTokenRequest },
      // the flag and the permission come before the body is looked at
      preValidation: async (req: FastifyRequest) => {
        await requireEnabled();
        const user = requireUser(req);
        if (user.kind || !user.can('can_grant_guest_token', 'SecurityRestApi'))
          throw forbidden('You do not have permission to grant guest tokens.');
      },
    },
    async (req) => ({ token: await service.guestToken(req.body) }),
  );

  // the dashboard alone, for an iframe of an allowed domain
  r.get('/embedded/:uuid', { schema: { params: UuidParams } }, async (req, reply) => {
    const html = await indexHtml();
    const row = enabled() ? await service.byUuid(req.params.uuid) : null;
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!row) return reply.code(404).send(html);
    const stored = readStoredDomains(row.allowed_domains);
    // only origins reach the header (a value edited in the store by hand is dropped, never widened to any)
    const allowed = stored.filter((d) => allowedDomainProblem(d) === null);
    const bootstrap: EmbeddedBootstrap = {
      uuid: row.uuid,
      dashboard_id: row.dashboard_id,
      allowed_domains: allowed,
      guest_token_header: ctx.config.sharing.guestTokenHeader,
    };
    const csp = reply.getHeader('content-security-policy');
    const ancestors = allowed.length || !stored.length ? allowed : ["'none'"];
    void reply.header('content-security-policy', framePolicy(typeof csp === 'string' ? csp : null, ancestors));
    reply.removeHeader('x-frame-options');
    return reply.send(injectBootstrap(html, bootstrap));
  });
}
