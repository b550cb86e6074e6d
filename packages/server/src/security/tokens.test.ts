import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveKey } from './crypto.js';
import { TokenService } from './tokens.js';

const SECRET = 'unit-test-secret-key-0123456789-abcdefghijkl';
const tokens = new TokenService(SECRET);
const key = deriveKey(SECRET, 'jwt');
const nowSeconds = () => Math.floor(Date.now() / 1000);

const b64 = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token signed with the right key but whatever header and payload a forger chooses. */
function forge(header: object, payload: object, signWith: Buffer = key): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', signWith).update(input).digest('base64url')}`;
}
const claims = (over: Record<string, unknown> = {}) => ({
  sub: '7',
  type: 'access',
  ver: 3,
  fresh: false,
  iat: nowSeconds(),
  exp: nowSeconds() + 600,
  ...over,
});

describe('TokenService (HS256 on node:crypto)', () => {
  it('round-trips the user id, token version and freshness', () => {
    const t = tokens.sign(7, 'access', 3, true);
    expect(tokens.verify(t, 'access')).toEqual({ userId: 7, ver: 3, fresh: true });
    expect(tokens.verify(tokens.sign(7, 'refresh', 0), 'refresh')).toEqual({ userId: 7, ver: 0, fresh: false });
  });

  it('answers synchronously, so a busy libuv thread pool cannot delay a request', () => {
    const result: unknown = tokens.verify(tokens.sign(1, 'access', 0), 'access');
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toEqual({ userId: 1, ver: 0, fresh: false });
  });

  it('refuses a token of the wrong type (a refresh token is not an access token)', () => {
    expect(tokens.verify(tokens.sign(7, 'refresh', 0), 'access')).toBeNull();
    expect(tokens.verify(tokens.sign(7, 'access', 0), 'refresh')).toBeNull();
  });

  it('refuses an expired token and one issued in the future', () => {
    const hourAgo = Date.now() - 3600_000;
    expect(tokens.verify(tokens.sign(7, 'access', 0, false, hourAgo), 'access')).toBeNull();
    // the refresh token of an hour ago is still valid (30 days)
    expect(tokens.verify(tokens.sign(7, 'refresh', 0, false, hourAgo), 'refresh')).not.toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, claims({ exp: nowSeconds() - 1 })), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, claims({ iat: nowSeconds() + 3600, exp: nowSeconds() + 7200 })), 'access')).toBeNull();
  });

  it('refuses a tampered signature or payload, and another key', () => {
    const t = tokens.sign(7, 'access', 3);
    const [h, p, s] = t.split('.');
    const flipped = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11);
    expect(tokens.verify(`${h}.${p}.${flipped}`, 'access')).toBeNull();
    expect(tokens.verify(`${h}.${b64(claims({ sub: '1' }))}.${s}`, 'access')).toBeNull();
    expect(tokens.verify(`${h}.${p}.`, 'access')).toBeNull();
    expect(tokens.verify(`${h}.${p}`, 'access')).toBeNull();
    expect(tokens.verify(`${t}.extra`, 'access')).toBeNull();
    expect(new TokenService('another-secret-key-0123456789-abcdefghijkl').verify(t, 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, claims(), deriveKey(SECRET, 'cookie')), 'access')).toBeNull();
  });

  it('refuses alg none, RS256 and any other algorithm, even with a valid HMAC', () => {
    const unsigned = `${b64({ alg: 'none' })}.${b64(claims())}.`;
    expect(tokens.verify(unsigned, 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'none' }, claims()), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'RS256' }, claims()), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS512' }, claims()), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'hs256' }, claims()), 'access')).toBeNull();
    expect(tokens.verify(forge({}, claims()), 'access')).toBeNull();
    // the control: the same forge with HS256 is accepted, so the refusals above are about alg
    expect(tokens.verify(forge({ alg: 'HS256' }, claims()), 'access')).toEqual({ userId: 7, ver: 3, fresh: false });
  });

  it('refuses a wrong typ and header parameters it does not understand', () => {
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, claims()), 'access')).not.toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'at+jwt' }, claims()), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', crit: ['exp'] }, claims()), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', kid: '../../etc/passwd' }, claims()), 'access')).toBeNull();
  });

  it('refuses claims of the wrong shape (no token version, odd subject, missing times)', () => {
    const noVer: Record<string, unknown> = claims();
    delete noVer.ver;
    expect(tokens.verify(forge({ alg: 'HS256' }, noVer), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, claims({ ver: '3' })), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, claims({ ver: -1 })), 'access')).toBeNull();
    for (const sub of ['0', '07', '1e3', ' 7', '7.0', 7, '-7', '99999999999999999999']) {
      expect(tokens.verify(forge({ alg: 'HS256' }, claims({ sub })), 'access'), String(sub)).toBeNull();
    }
    expect(tokens.verify(forge({ alg: 'HS256' }, claims({ exp: undefined })), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, claims({ iat: undefined })), 'access')).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256' }, claims({ exp: `${nowSeconds() + 600}` })), 'access')).toBeNull();
  });

  it('accepts strict base64url only', () => {
    const t = tokens.sign(7, 'access', 3);
    const [h, p, s] = t.split('.');
    expect(tokens.verify(`${h}.${p}.${s}=`, 'access')).toBeNull();
    expect(tokens.verify(`${h}.${p}.${Buffer.from(s, 'base64url').toString('base64')}`, 'access')).toBe(null);
    // 32 bytes leave two unused bits in the last character: another character there decodes the
    // same bytes, but it is not the canonical text
    const last = s[s.length - 1];
    const sibling = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(Buffer.from(s.slice(0, -1) + sibling, 'base64url').equals(Buffer.from(s, 'base64url'))).toBe(true);
    expect(tokens.verify(`${h}.${p}.${s.slice(0, -1)}${sibling}`, 'access')).toBeNull();
    expect(tokens.verify(`${h} .${p}.${s}`, 'access')).toBeNull();
    expect(tokens.verify('x'.repeat(10_000), 'access')).toBeNull();
    expect(tokens.verify('', 'access')).toBeNull();
  });

  it('speaks standard JWT: jose verifies our tokens and ours verifies jose tokens', async () => {
    const ours = tokens.sign(7, 'access', 3);
    const { payload, protectedHeader } = await jwtVerify(ours, new Uint8Array(key), { algorithms: ['HS256'] });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: '7', type: 'access', ver: 3 });
    const theirs = await new SignJWT({ type: 'refresh', ver: 2, fresh: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('9')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(key));
    expect(tokens.verify(theirs, 'refresh')).toEqual({ userId: 9, ver: 2, fresh: false });
  });
});
