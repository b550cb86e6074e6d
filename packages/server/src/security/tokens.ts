import { timingSafeEqual } from 'node:crypto';
import { deriveKey, HmacSha256 } from './crypto.js';

export type TokenKind = 'access' | 'refresh';
const TTL_SECONDS: Record<TokenKind, number> = { access: 15 * 60, refresh: 30 * 24 * 3600 };
/** a token is issued by this process; a small allowance for clocks of several servers */
const CLOCK_SKEW_SECONDS = 60;
/** far above any token we issue; longer input is refused before any work */
const MAX_TOKEN_LENGTH = 4096;

/** What a valid token says: whose it is, and the user's token version when it was issued. */
export interface TokenClaims {
  userId: number;
  /** `ab_user.token_version` at issue; a password, deactivation or role change bumps it */
  ver: number;
  fresh: boolean;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Strict base64url (no padding, canonical: re-encoding gives the same text), else null. */
export function decodeBase64url(text: string): Buffer | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

function decodeJsonObject(text: string): Record<string, unknown> | null {
  const bytes = decodeBase64url(text);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const encodeJson = (value: object): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const isWholeNumber = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * HS256 JWTs for scripts (`Authorization: Bearer`), signed with a key derived from the secret key.
 * Signing and checking are synchronous node:crypto calls: WebCrypto (what jose uses) queues its
 * work on the libuv thread pool, where long DuckDB queries can hold every thread and stall every
 * bearer-authenticated request behind them.
 */
export class TokenService {
  private readonly hmac: HmacSha256;
  constructor(secretKey: string) {
    this.hmac = new HmacSha256(deriveKey(secretKey, 'jwt'));
  }

  private mac(signingInput: string): Buffer {
    return this.hmac.digest(signingInput, 'ascii');
  }

  sign(userId: number, kind: TokenKind, ver: number, fresh = false, now = Date.now()): string {
    const iat = Math.floor(now / 1000);
    const header = encodeJson({ alg: 'HS256', typ: 'JWT' });
    const payload = encodeJson({ sub: String(userId), type: kind, ver, fresh, iat, exp: iat + TTL_SECONDS[kind] });
    const input = `${header}.${payload}`;
    return `${input}.${this.mac(input).toString('base64url')}`;
  }

  /** The claims when the token is ours, unexpired and of the expected kind; otherwise null. */
  verify(token: string, kind: TokenKind, now = Date.now()): TokenClaims | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [headerText, payloadText, signatureText] = parts;

    // the algorithm is fixed: `none`, RS256 and anything else are refused before the signature
    const header = decodeJsonObject(headerText);
    if (!header || header.alg !== 'HS256') return null;
    if (header.typ !== undefined && header.typ !== 'JWT') return null;
    if (Object.keys(header).some((k) => k !== 'alg' && k !== 'typ')) return null; // incl. `crit`, `kid`, `jku`

    const signature = decodeBase64url(signatureText);
    const expected = this.mac(`${headerText}.${payloadText}`);
    if (!signature || signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;

    const payload = decodeJsonObject(payloadText);
    if (!payload || payload.type !== kind) return null;
    const seconds = Math.floor(now / 1000);
    if (!isWholeNumber(payload.exp) || payload.exp <= seconds) return null;
    if (!isWholeNumber(payload.iat) || payload.iat > seconds + CLOCK_SKEW_SECONDS || payload.iat > payload.exp) return null;
    if (payload.nbf !== undefined && (!isWholeNumber(payload.nbf) || payload.nbf > seconds + CLOCK_SKEW_SECONDS)) return null;
    if (typeof payload.sub !== 'string' || !/^[1-9][0-9]{0,15}$/.test(payload.sub)) return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || !isWholeNumber(payload.ver)) return null;
    return { userId, ver: payload.ver, fresh: payload.fresh === true };
  }
}
