import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ApiLogin,
  INVALID_LOGIN_MESSAGE,
  SessionLogin,
  TOO_MANY_ATTEMPTS_MESSAGE,
  UserCreate,
  UserUpdate,
  type BootstrapData,
  type CurrentUser,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { bearerPrincipal, requirePermission, requireUser } from '../http/auth.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { decodeRisonQuery, listParams } from '../http/rison.js';
import { loadPrincipal, type Principal } from '../security/principal.js';
import { createSession, deleteSession, SESSION_COOKIE, SESSION_TTL_MS } from '../security/sessions.js';
import { dummyPasswordHash, verifyPassword } from '../security/passwords.js';
import { sha256 } from '../security/crypto.js';
import { createUser, deleteUser, findUserForLogin, getUser, listUsers, recordLogin, updateUser, USER_ORDER_COLUMNS } from './users.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const VERSION = '0.1.0';

export function presentCurrentUser(u: Principal): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    is_active: u.active,
    is_anonymous: u.kind === 'anonymous',
    roles: u.roles,
    created_on: u.created_on,
    last_login: u.last_login,
  };
}

/** Verify credentials with one answer for unknown users and wrong passwords (same timing too). */
async function checkCredentials(ctx: AppContext, username: string, password: string): Promise<{ id: number; tokenVersion: number }> {
  const user = await findUserForLogin(ctx.store.db, username);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (user) await recordLogin(ctx.store.db, user.id, ok && Boolean(user.active));
  if (!user || !ok || !user.active) throw unauthorized(INVALID_LOGIN_MESSAGE);
  return { id: user.id, tokenVersion: Number(user.token_version) };
}

export function securityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // One limiter (one counter store) for both login routes, so attempts on either count against
  // the same limit per address and user name. It runs as a preHandler: after the body is parsed,
  // so the key can include the user name.
  const loginLimit = app.rateLimit({
    max: ctx.config.loginRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => {
      const body = req.body as { username?: unknown } | undefined;
      return `login|${req.ip}|${typeof body?.username === 'string' ? body.username.toLowerCase() : ''}`;
    },
    errorResponseBuilder: (_req, c) => new HttpError(c.statusCode, { message: TOO_MANY_ATTEMPTS_MESSAGE }),
  });

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });

  r.post('/login/', { schema: { body: SessionLogin }, preHandler: loginLimit }, async (req, reply) => {
    const { id: userId, tokenVersion } = await checkCredentials(ctx, req.body.username, req.body.password);
    // a new session id at every login; an old one presented with this request is dropped
    const old = req.cookies[SESSION_COOKIE];
    if (old) await deleteSession(ctx.store.db, old);
    const token = await createSession(ctx.store.db, userId);
    // a password change or deactivation that landed while the password was being checked deleted
    // the user's sessions before this one existed: drop it (a later change deletes it anyway)
    const user = await loadPrincipal(ctx.store.db, userId);
    if (!user || user.tokenVersion !== tokenVersion) {
      await deleteSession(ctx.store.db, token);
      throw unauthorized(INVALID_LOGIN_MESSAGE);
    }
    setSessionCookie(reply, token);
    // the CSRF secret exists from login on: two first token requests racing (the app's and a
    // page's form post) would otherwise each mint a secret, and the earlier token stops working
    reply.generateCsrf({ userInfo: '' });
    return { result: presentCurrentUser(user) };
  });

  r.post('/logout/', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await deleteSession(ctx.store.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'OK' };
  });

  r.post('/api/v1/security/login', { schema: { body: ApiLogin }, preHandler: loginLimit }, async (req) => {
    const user = await checkCredentials(ctx, req.body.username, req.body.password);
    const access_token = ctx.tokens.sign(user.id, 'access', user.tokenVersion, true);
    return req.body.refresh ? { access_token, refresh_token: ctx.tokens.sign(user.id, 'refresh', user.tokenVersion) } : { access_token };
  });

  r.post('/api/v1/security/refresh', async (req) => {
    // the user must still exist, be active and hold the token version the refresh token carries
    const user = await bearerPrincipal(ctx, req.headers.authorization, 'refresh');
    if (!user) throw unauthorized('The refresh token is missing, invalid or expired.');
    return { access_token: ctx.tokens.sign(user.id, 'access', user.tokenVersion, false) };
  });

  r.get('/api/v1/security/csrf_token/', async (req, reply) => {
    requireUser(req);
    const token = reply.generateCsrf({ userInfo: req.sessionKey ?? sha256(`token:${req.principal?.id ?? ''}`) });
    return { result: token };
  });

  r.get('/api/v1/me/', async (req) => ({ result: presentCurrentUser(requireUser(req)) }));

  r.get('/api/v1/me/roles/', async (req) => {
    const u = requireUser(req);
    const permissions: Record<string, string[]> = {};
    for (const p of ['database_access', 'schema_access', 'datasource_access']) {
      const views = u.viewsWith(p);
      if (views.length) permissions[p] = views;
    }
    return { result: { user_id: u.id, username: u.username, roles: u.roles, permissions } };
  });

  r.get('/api/v1/common/bootstrap/', async (req) => {
    const c = ctx.config;
    const data: BootstrapData = {
      user: req.principal ? presentCurrentUser(req.principal) : null,
      conf: {
        SQL_MAX_ROW: c.sqlMaxRow,
        DEFAULT_SQLLAB_LIMIT: c.defaultSqllabLimit,
        SQLLAB_DEFAULT_DBID: c.sqllabDefaultDbId,
        SQLLAB_QUERY_RESULT_TIMEOUT: c.sqllabQueryResultTimeout,
        RAMA_WEBSERVER_TIMEOUT: c.webserverTimeout,
        DEFAULT_TIME_FILTER: c.defaultTimeFilter,
        DEFAULT_VIZ_TYPE: c.defaultVizType,
      },
      feature_flags: c.featureFlags,
      version: VERSION,
    };
    return { result: data };
  });

  // Users: admins only (roles: roles-routes.ts)
  r.get('/api/v1/security/users/', async (req) => {
    requirePermission(req, 'can_read', 'User', 'user');
    const p = listParams(decodeRisonQuery((req.query as { q?: unknown }).q), USER_ORDER_COLUMNS);
    const { count, result } = await listUsers(ctx.store.db, p);
    return { count, ids: result.map((u) => u.id), result };
  });
  r.get('/api/v1/security/users/:id', { schema: { params: IdParams } }, async (req) => {
    requirePermission(req, 'can_read', 'User', 'user');
    return { id: req.params.id, result: await getUser(ctx.store.db, req.params.id) };
  });
  r.post('/api/v1/security/users/', { schema: { body: UserCreate } }, async (req, reply) => {
    requirePermission(req, 'can_write', 'User', 'user');
    const result = await createUser(ctx.store.db, req.body);
    return reply.code(201).send({ id: result.id, result });
  });
  r.put('/api/v1/security/users/:id', { schema: { params: IdParams, body: UserUpdate } }, async (req) => {
    requirePermission(req, 'can_write', 'User', 'user');
    // a new password, a deactivation or other roles end the user's sessions and tokens
    const result = await updateUser(ctx.store.db, req.params.id, req.body);
    return { id: result.id, result };
  });
  r.delete('/api/v1/security/users/:id', { schema: { params: IdParams } }, async (req) => {
    const me = requirePermission(req, 'can_write', 'User', 'user');
    if (me.id === req.params.id) throw new HttpError(422, { message: 'You cannot delete your own account.' });
    await deleteUser(ctx.store.db, req.params.id);
    return { message: 'OK' };
  });
}
