import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from './auth-context.js';
import { loadPrincipal, type Principal } from '../security/principal.js';
import { SESSION_COOKIE, sessionUserId } from '../security/sessions.js';
import { sha256 } from '../security/crypto.js';
import type { TokenKind } from '../security/tokens.js';
import { forbidden, unauthorized } from './errors.js';
import { FORBIDDEN_EDIT_MESSAGE, formatMessage } from '@rama/shared';
import { anonymousPrincipal, anonymousMayUse } from './public.js';

export type { AuthContext };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** how the request authenticated: a session cookie (needs CSRF) or a bearer token */
    authVia: 'session' | 'token' | null;
    /** sha-256 of the session cookie; binds the CSRF token to the session */
    sessionKey: string | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Routes that establish a session and so cannot carry a session-bound CSRF token yet, and the
 * event log: `navigator.sendBeacon` cannot set the CSRF header. That route only appends log rows
 * for the logged-in user (never changes other state), is rate-limited per user, and the
 * SameSite=Lax session cookie is not sent on cross-site POSTs, so a forged post can do no harm.
 */
const CSRF_EXEMPT = new Set(['/login/', '/api/v1/security/login', '/api/v1/security/refresh', '/rama/log/']);

/**
 * The user a bearer token stands for: the token is valid and of `kind`, and the user still exists,
 * is active and has the token version the token was issued with (a password, deactivation or role
 * change bumps it). Otherwise null. The check is synchronous HMAC work; only the user row is awaited.
 */
export async function bearerPrincipal(ctx: AuthContext, header: string | undefined, kind: TokenKind): Promise<Principal | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const claims = ctx.tokens.verify(header.slice(7).trim(), kind);
  if (!claims) return null;
  const principal = await loadPrincipal(ctx.store.db, claims.userId);
  return principal && principal.tokenVersion === claims.ver ? principal : null;
}

/**
 * How an embedded dashboard's guest is recognised (`access/guest.ts`, handed in by `app.ts` so
 * that http/ needs no feature): `principal` reads the guest token header (null without one, 401 for
 * a bad one); `mayUse` is the allow-list of routes a guest may call.
 */
export interface GuestAuth {
  principal(req: FastifyRequest): Promise<Principal | null>;
  mayUse(req: FastifyRequest): boolean;
}

/** Resolve the user of every request (session cookie, bearer or guest token) and enforce CSRF. */
export function registerAuth(app: FastifyInstance, ctx: AuthContext, guests: GuestAuth): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('sessionKey', null);

  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      // an invalid, expired or superseded token is simply not logged in
      req.principal = await bearerPrincipal(ctx, header, 'access');
      req.authVia = req.principal ? 'token' : null;
      return;
    }
    // an embedded dashboard's guest token (header GUEST_TOKEN_HEADER_NAME): a guest may use an
    // allow-list of routes only; guestPrincipal throws 401 for a bad token
    const guest = await guests.principal(req);
    if (guest) {
      if (!guests.mayUse(req)) throw unauthorized();
      req.principal = guest;
      req.authVia = 'token';
      return;
    }
    const cookie = req.cookies[SESSION_COOKIE];
    const userId = cookie ? await sessionUserId(ctx.store.db, cookie) : null;
    if (cookie && userId !== null) {
      req.principal = await loadPrincipal(ctx.store.db, userId);
      if (req.principal) {
        req.authVia = 'session';
        req.sessionKey = sha256(cookie);
        return;
      }
    }
    // nobody logged in: with PUBLIC_ROLE_LIKE set, the Public role on its allow-list of routes
    if (anonymousMayUse(ctx, req)) req.principal = await anonymousPrincipal(ctx);
  });

  app.addHook('preValidation', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const path = req.routeOptions.url ?? req.url;
    if (req.authVia !== 'session' || !STATE_CHANGING.has(req.method) || CSRF_EXEMPT.has(path)) return done();
    app.csrfProtection(req, reply, done);
  });
}

export function requireUser(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

/** 403 with the spec's forbidden message when the user lacks (permission, view). */
export function requirePermission(req: FastifyRequest, permission: string, view: string, objectName = view.toLowerCase()): Principal {
  const user = requireUser(req);
  if (!user.can(permission, view)) throw forbidden(formatMessage(FORBIDDEN_EDIT_MESSAGE, objectName));
  return user;
}

export function requireAdmin(req: FastifyRequest, objectName: string): Principal {
  const user = requireUser(req);
  if (!user.isAdmin) throw forbidden(formatMessage(FORBIDDEN_EDIT_MESSAGE, objectName));
  return user;
}
