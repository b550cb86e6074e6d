import { SignJWT, jwtVerify } from 'jose';
import { deriveKey } from './crypto.js';

export type TokenKind = 'access' | 'refresh';
const TTL: Record<TokenKind, string> = { access: '15m', refresh: '30d' };

/** JWTs for scripts (`Authorization: Bearer`), signed with a key derived from the secret key. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(secretKey: string) {
    this.key = new Uint8Array(deriveKey(secretKey, 'jwt'));
  }

  sign(userId: number, kind: TokenKind, fresh = false): Promise<string> {
    return new SignJWT({ type: kind, fresh })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(TTL[kind])
      .sign(this.key);
  }

  /** The user id when the token is valid and of the expected kind, else null. */
  async verify(token: string, kind: TokenKind): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.type !== kind || !payload.sub) return null;
      const id = Number(payload.sub);
      return Number.isInteger(id) ? id : null;
    } catch {
      return null;
    }
  }
}
