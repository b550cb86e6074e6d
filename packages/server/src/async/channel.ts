/**
 * A browser's event channel: an unguessable id bound to the user, carried in the signed
 * `async-token` cookie. The cookie is HttpOnly and SameSite=Lax; its signature is a synchronous node:crypto HMAC
 * (WebCrypto queues on the libuv thread pool, which DuckDB queries can hold).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { decodeBase64url } from '../security/tokens.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ASYNC_TOKEN_COOKIE } from '@rama/shared';
import type { RamaConfig } from '../config.js';
import { deriveKey } from '../security/crypto.js';

export interface ChannelToken {
  channelId: string;
  userId: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_TOKEN_LENGTH = 200;

export class ChannelSigner {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = deriveKey(secretKey, 'async');
  }

  private mac(channelId: string, userId: number): Buffer {
    return createHmac('sha256', this.key).update(`async-channel:${channelId}:${userId}`, 'ascii').digest();
  }

  /** A channel id (UUID-shaped) derived from a secret basis such as the session: the same one each time. */
  derive(basis: string, userId: number): string {
    const hex = createHmac('sha256', this.key).update(`async-derive:${userId}:${basis}`, 'utf8').digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  }

  /** `<channel id>.<user id>.<signature>` */
  sign(token: ChannelToken): string {
    return `${token.channelId}.${token.userId}.${this.mac(token.channelId, token.userId).toString('base64url')}`;
  }

  /** The channel and user a token names when its signature is ours; otherwise null. */
  verify(text: unknown): ChannelToken | null {
    if (typeof text !== 'string' || text.length > MAX_TOKEN_LENGTH) return null;
    const [channelId, user, signature, ...rest] = text.split('.');
    if (rest.length || !UUID.test(channelId ?? '') || !/^[1-9][0-9]{0,15}$/.test(user ?? '') || !signature) return null;
    const userId = Number(user);
    // canonical base64url only: Node's decoder ignores a last character's unused bits and any
    // character outside the alphabet, so a changed token could otherwise still verify
    const given = decodeBase64url(signature);
    const expected = this.mac(channelId, userId);
    if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { channelId, userId };
  }
}

/**
 * The channel a login session uses before its browser holds a cookie: derived from the session (or
 * the bearer token), so that the page's first requests, sent together, agree on one channel.
 */
function derivedChannelId(signer: ChannelSigner, req: FastifyRequest, userId: number): string {
  const authorization = req.headers.authorization;
  const basis = req.sessionKey ?? (authorization ? createHash('sha256').update(authorization).digest('hex') : null);
  return basis === null ? randomUUID() : signer.derive(basis, userId);
}

/**
 * The user's channel: the one its cookie names (when valid and the user's own), else the session's.
 * `fresh` says the browser does not hold it yet: the reply that starts using it sets the cookie.
 */
export function requestChannel(signer: ChannelSigner, req: FastifyRequest, userId: number): { channelId: string; fresh: boolean } {
  const token = signer.verify(req.cookies[ASYNC_TOKEN_COOKIE]);
  if (token && token.userId === userId) return { channelId: token.channelId, fresh: false };
  return { channelId: derivedChannelId(signer, req, userId), fresh: true };
}

/** Give the browser its channel cookie (a session cookie, like the login's). */
export function setChannelCookie(signer: ChannelSigner, reply: FastifyReply, config: RamaConfig, token: ChannelToken): void {
  reply.setCookie(ASYNC_TOKEN_COOKIE, signer.sign(token), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

/** The user's channel, its cookie set on the reply when the browser lacks it. */
export function ensureChannel(signer: ChannelSigner, req: FastifyRequest, reply: FastifyReply, config: RamaConfig, userId: number): string {
  const { channelId, fresh } = requestChannel(signer, req, userId);
  if (fresh) setChannelCookie(signer, reply, config, { channelId, userId });
  return channelId;
}
