/**
 * Guest tokens as the BI server writes them: a JWT (HS256/384/512, GUEST_TOKEN_JWT_SECRET) whose
 * claims are `user`, `resources`, `rls_rules`, `iat`, `exp`, `aud` and `type: "guest"`.
 * `readGuestToken` answers null for anything that is not a valid, current token of ours. jose is
 * imported on the first token signed or read, not at start: most servers never see one.
 */
import type { GuestTokenClaims } from '@rama/shared';
import type { SharingConfig } from '../config.js';

const encoder = new TextEncoder();
const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = encoder.encode(secret)));
  return key;
}

/** Tokens longer than this are refused before any work (a real one is well under it). */
export const MAX_GUEST_TOKEN_LENGTH = 64 * 1024;

export async function signGuestToken(
  sharing: SharingConfig,
  body: Pick<GuestTokenClaims, 'user' | 'resources' | 'rls_rules'>,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const { SignJWT } = await import('jose');
  return new SignJWT({ user: body.user, resources: body.resources, rls_rules: body.rls_rules, type: 'guest' })
    .setProtectedHeader({ alg: sharing.guestTokenAlgo, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + sharing.guestTokenExpSeconds)
    .setAudience(sharing.guestTokenAudience)
    .sign(keyOf(sharing.guestTokenSecret));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The claims of a valid token (signature, algorithm, audience, expiry, type and shape), else null. */
export async function readGuestToken(sharing: SharingConfig, token: string): Promise<GuestTokenClaims | null> {
  if (!token || token.length > MAX_GUEST_TOKEN_LENGTH) return null;
  let payload: Record<string, unknown>;
  const { jwtVerify } = await import('jose');
  try {
    ({ payload } = await jwtVerify(token, keyOf(sharing.guestTokenSecret), {
      algorithms: [sharing.guestTokenAlgo],
      audience: sharing.guestTokenAudience,
      requiredClaims: ['exp', 'iat', 'aud'],
    }));
  } catch {
    return null;
  }
  if (payload.type !== 'guest' || !isObject(payload.user) || !Array.isArray(payload.resources)) return null;
  const resources: GuestTokenClaims['resources'] = [];
  for (const r of payload.resources.slice(0, 50)) {
    if (isObject(r) && r.type === 'dashboard' && (typeof r.id === 'string' || typeof r.id === 'number'))
      resources.push({ type: 'dashboard', id: String(r.id) });
  }
  const rules: GuestTokenClaims['rls_rules'] = [];
  const rawRules: unknown[] = Array.isArray(payload.rls_rules) ? payload.rls_rules : [];
  // a rule we cannot read must not be dropped silently: the token is refused
  for (const r of rawRules) {
    if (!isObject(r) || typeof r.clause !== 'string') return null;
    const dataset = r.dataset === undefined || r.dataset === null ? null : Number(r.dataset);
    if (dataset !== null && !Number.isInteger(dataset)) return null;
    rules.push({ clause: r.clause, dataset });
  }
  const user = payload.user;
  const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 255) : undefined);
  return {
    user: { username: str(user.username), first_name: str(user.first_name), last_name: str(user.last_name) },
    resources,
    rls_rules: rules,
    iat: Number(payload.iat),
    exp: Number(payload.exp),
    aud: String(payload.aud),
    type: 'guest',
  };
}
