import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { WebSocket } from 'ws';
import {
  ASYNC_EVENT_ID_PATTERN,
  ASYNC_EVENT_POLLING_PATH,
  ASYNC_EVENT_WEBSOCKET_PATH,
  ASYNC_TOKEN_COOKIE,
  AsyncEventsQuery,
  WEBSOCKET_CLOSE_REFUSED,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { ensureChannel } from './channel.js';

/** Sockets are pinged this often, so idle proxies keep them and dead peers are noticed. */
const PING_MS = 30_000;
/** How long a refused socket has to complete the closing handshake. */
const REFUSED_GRACE_MS = 2_000;
/** "internal error": the server could not read the channel */
const CLOSE_UNAVAILABLE = 1011;

/**
 * A browser page opens the socket from the server's own origin; a page of another site may not
 * (cookies alone would let it read the channel's events).
 */
function sameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === req.headers.host || url.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

const EVENT_ID = new RegExp(ASYNC_EVENT_ID_PATTERN);

function lastIdOf(req: FastifyRequest): string | null {
  const raw = (req.query as { last_id?: unknown }).last_id;
  return typeof raw === 'string' && EVENT_ID.test(raw) ? raw : null;
}

export function asyncEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = ctx.asyncQueries;

  // polling: the caller's channel (from its cookie; a new one when it has none)
  r.get(ASYNC_EVENT_POLLING_PATH, { schema: { querystring: AsyncEventsQuery } }, async (req, reply) => {
    const user = requireUser(req);
    // as in the peer, the API exists only with the feature on
    if (!service.enabled) throw notFound();
    const channelId = ensureChannel(service.signer, req, reply, ctx.config, user.id);
    return { result: await service.events.read(channelId, req.query.last_id ?? null) };
  });

  // push: each new event of the cookie's channel as one JSON text message
  app.get(ASYNC_EVENT_WEBSOCKET_PATH, { websocket: true }, async (socket: WebSocket, req: FastifyRequest) => {
    const token = service.signer.verify(req.cookies[ASYNC_TOKEN_COOKIE]);
    // the token must be valid and belong to the session's user (a stolen token alone reads nothing)
    if (!service.enabled || !token || req.principal?.id !== token.userId || !sameOrigin(req, ctx.config.publicUrl)) {
      socket.close(WEBSOCKET_CLOSE_REFUSED, 'A valid async token is required');
      // a refused peer that does not answer the close frame is cut off, not held for ws's 30 s
      setTimeout(() => socket.terminate(), REFUSED_GRACE_MS).unref();
      return;
    }
    let stop: (() => void) | null = null;
    const ping = setInterval(() => socket.ping(), PING_MS);
    ping.unref();
    socket.on('close', () => {
      clearInterval(ping);
      stop?.();
    });
    try {
      const following = await service.events.follow(token.channelId, lastIdOf(req), (event) => socket.send(JSON.stringify(event)));
      // the socket may have closed while the backlog was read
      if (socket.readyState === socket.OPEN) stop = following;
      else following();
    } catch (e) {
      req.log.warn({ err: e }, 'async events unavailable');
      socket.close(CLOSE_UNAVAILABLE, 'Events are unavailable');
    }
  });
}
