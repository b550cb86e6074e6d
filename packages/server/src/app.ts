import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { RamaConfig } from './config.js';
import type { AppContext } from './context.js';
import { openMetadataStore, type MetadataStore } from './metadata/db.js';
import { migrateToLatest } from './metadata/migrations.js';
import { syncBuiltinRoles } from './accounts/users.js';
import { TokenService } from './security/tokens.js';
import { deriveKey } from './security/crypto.js';
import { DatabaseConnections } from './execution/connections.js';
import { createSqlLabRuntime } from './sqllab/runtime.js';
import { Executor } from './execution/executor.js';
import { ChartDataService } from './chartdata/engine.js';
import { createReportsRuntime } from './reports/runtime.js';
import { AsyncQueries } from './async/service.js';
import { threadPoolQueryCap } from './execution/slots.js';
import { registerAuth } from './http/auth.js';
import { guestMayUse, guestPrincipal } from './access/guest.js';
import { HttpError, errorsBody } from './http/errors.js';
import { featureRoutes } from './routes.js';
import { VersionHistory } from './versions/service.js';
import { HealthProbe } from './http/health.js';
import { rateLimitStore } from './security/rate-limit-store.js';
import { registerSqlLabRls } from './rls/sqllab.js';
import { registerMessageTranslation } from './i18n/replies.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Validation errors as the contract wants them: 400 `{"message": {"field": ["..."]}}`. */
function validationMessage(error: FastifyError): Record<string, string[]> | string {
  const fields: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const params = v.params as { missingProperty?: string; additionalProperty?: string } | undefined;
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const field = params?.missingProperty
      ? [path, params.missingProperty].filter(Boolean).join('.')
      : path || error.validationContext || 'body';
    const message = params?.missingProperty
      ? 'Missing data for required field.'
      : `${v.message ?? 'Invalid value'}.`.replace(/^must/, 'Must');
    (fields[field] ??= []).push(message);
  }
  return Object.keys(fields).length ? fields : error.message;
}

/** The shared stores and machinery of one process (server or worker). */
export function createContext(config: RamaConfig, store: MetadataStore, log: FastifyBaseLogger): AppContext {
  const connections = new DatabaseConnections(store.db, config.secretKey, config.dbConcurrentQueries + 2);
  const poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const base = {
    config,
    store,
    tokens: new TokenService(config.secretKey),
    connections,
    execution: new Executor(connections, {
      perDatabase: config.dbConcurrentQueries,
      threadPoolQueries: threadPoolQueryCap(poolThreads, config.dbConcurrentQueries),
    }),
    log,
  };
  const ctx = base as AppContext;
  ctx.sqllab = createSqlLabRuntime(ctx, { startTimers: true });
  ctx.charts = new ChartDataService(ctx);
  ctx.reports = createReportsRuntime(ctx);
  ctx.asyncQueries = new AsyncQueries(ctx);
  ctx.versions = new VersionHistory(ctx);
  registerSqlLabRls(ctx);
  return ctx;
}

export interface BuildOptions {
  config: RamaConfig;
  store?: MetadataStore;
  logger?: boolean | object;
  /** where the log goes (standard output by default); tests read it */
  logStream?: LogStream;
}

export interface LogStream {
  write(line: string): unknown;
}

/** a request slower than this is logged at info (every request is logged at debug) */
export const SLOW_REQUEST_MS = 1000;
const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's fields a human line leaves out (the time and level are written first; the rest follows the message) */
const QUIET_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err', 'res', 'req', 'responseTime']);

/**
 * JSON log lines (one object a line, for a log collector) when the level is debug or trace, or
 * when RAMA_LOG_FORMAT=json; else one short human line each.
 */
export function jsonLogs(level: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return env.RAMA_LOG_FORMAT?.toLowerCase() === 'json' || level === 'debug' || level === 'trace';
}

/** A pino JSON line as a human one: `12:03:04 ERROR message key=value`, an error's stack below it. */
export function humanLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString().slice(11, 19);
  const level = LEVEL_NAMES[entry.level as number] ?? String(entry.level);
  const extras = Object.entries(entry)
    .filter(([k, v]) => !QUIET_FIELDS.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${(err.stack ?? err.message ?? '').replace(/^/gm, '    ')}` : '';
  return `${[time, level.padEnd(5), String(entry.msg ?? ''), ...extras].join(' ')}${stack}\n`;
}

/** The logger the app writes with: the configured level, JSON or human lines (see jsonLogs). */
function loggerOptions(config: RamaConfig, stream: LogStream = process.stdout): object {
  if (jsonLogs(config.logLevel)) return { level: config.logLevel, stream };
  return { level: config.logLevel, stream: { write: (line: string) => stream.write(humanLogLine(line)) } };
}

/** the error behind a 500, logged with its request's line (one entry, the stack under it) */
const unhandledErrors = new WeakMap<FastifyRequest, unknown>();

/**
 * One line for a request an operator needs to see: a server error (≥ 500) or a slow request at
 * info, every other request at debug only. Fastify's own two lines a request are turned off.
 */
function logResponse(req: FastifyRequest, reply: FastifyReply): void {
  const ms = reply.elapsedTime;
  const status = reply.statusCode;
  const line = `${req.method} ${req.url} ${status} ${ms.toFixed(0)} ms`;
  const fields = { method: req.method, url: req.url, statusCode: status, responseTime: ms };
  const err = unhandledErrors.get(req);
  if (status >= 500) req.log.error(err ? { ...fields, err } : fields, line);
  else if (ms > SLOW_REQUEST_MS) req.log.warn(fields, `slow request: ${line}`);
  else req.log.debug(fields, line);
}

/** Build the HTTP application (not listening). Migrates the metadata store and syncs roles. */
export async function buildApp({
  config,
  store: givenStore,
  logger,
  logStream,
}: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const store = givenStore ?? openMetadataStore(config.metadataUrl);
  await migrateToLatest(store.db as never, store.dialect);
  await syncBuiltinRoles(store.db);

  const app = Fastify({
    logger: logger ?? loggerOptions(config, logStream),
    // Fastify's own two lines a request are off: logResponse writes the one an operator needs
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 5 * 1024 * 1024,
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { allErrors: true, removeAdditional: false } },
  });

  const ctx = createContext(config, store, app.log);

  await app.register(cookie, { secret: deriveKey(config.secretKey, 'cookie').toString('hex') });
  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: 'rama_csrf',
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', signed: true, secure: config.secureCookies },
    csrfOpts: { userInfo: true, hmacKey: deriveKey(config.secretKey, 'csrf').toString('hex') },
    getUserInfo: (req) => req.sessionKey ?? '',
    getToken: (req) => {
      const h = req.headers['x-csrftoken'] ?? req.headers['x-csrf-token'];
      if (typeof h === 'string') return h;
      const body = req.body as { csrf_token?: unknown } | undefined;
      return typeof body?.csrf_token === 'string' ? body.csrf_token : undefined;
    },
  });
  await app.register(formbody, { bodyLimit: 5 * 1024 * 1024 });
  const limits = rateLimitStore(config, app.log);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, { global: false, ...limits.options });
  await app.register(websocket, {
    // clients only listen: nothing they send needs more than a few bytes
    options: { maxPayload: 4096 },
    // "going away": the web app reconnects (to this server once it is back, or another one)
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
      this.websocketServer.close(() => done());
    },
  });
  // The security headers: helmet's middleware is built once, here. (@fastify/helmet built it again
  // for every request, parsing the CSP directives each time: a tenth of a millisecond or more a
  // request.) It sets the same headers on the raw response as that plugin did, at the same point.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    if (error.validation) return reply.code(400).send({ message: validationMessage(error) });
    const code = error.code ?? '';
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error instanceof SyntaxError && error.statusCode === 400)
    ) {
      return reply.code(400).send({ message: 'Request body is not valid JSON.' });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: 'Request payload is too large.' });
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ message: 'Unsupported media type.' });
    if (code.startsWith('FST_CSRF') || /csrf/i.test(error.message)) {
      return reply.code(400).send(errorsBody('The CSRF token is missing or invalid.', 'FRONTEND_CSRF_ERROR' as never));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    unhandledErrors.set(req, error);
    return reply.code(500).send(errorsBody('An internal error occurred. The details were logged on the server.', 'GENERIC_BACKEND_ERROR'));
  });

  // error replies in the user's language (issue 30 item 4); English replies are left as they are
  registerMessageTranslation(app, ctx);
  app.addHook('onResponse', async (req, reply) => logResponse(req, reply));

  registerAuth(app, ctx, { principal: (req) => guestPrincipal(ctx, req), mayUse: guestMayUse });

  const health = new HealthProbe();
  const healthRoute = async (_req: FastifyRequest, reply: FastifyReply) => {
    const problem = await health.check();
    return problem ? reply.code(503).type('text/plain').send(`UNHEALTHY: ${problem}`) : reply.type('text/plain').send('OK');
  };
  app.addHook('onReady', async () => health.reset());
  app.get('/health', healthRoute);
  app.get('/healthcheck', healthRoute);

  for (const register of featureRoutes) register(app, ctx);

  const hasWeb = existsSync(`${WEB_DIST}index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isApi =
      path.startsWith('/api/') || path.startsWith('/rama/log') || path.startsWith('/tabstateview') || path.startsWith('/tableschemaview');
    if (req.method === 'GET' && !isApi && hasWeb && !path.startsWith('/assets/')) {
      // the SPA answers every page route; it shows its own 404 page
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  // shutdown: running queries are cancelled inside their databases so in-flight requests end
  app.addHook('preClose', async () => {
    ctx.execution.cancelAll();
  });
  app.addHook('onClose', async () => {
    health.close();
    await ctx.reports.close();
    await ctx.sqllab.close();
    await ctx.asyncQueries.close();
    await ctx.charts.close();
    await ctx.connections.closeAll();
    if (!givenStore) await store.close();
  });

  return { app, ctx };
}
