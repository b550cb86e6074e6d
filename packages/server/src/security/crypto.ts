import { createCipheriv, createDecipheriv, createHash, randomBytes, type Hash } from 'node:crypto';

/** Derive a purpose-bound 32-byte key from the secret key. */
export function deriveKey(secretKey: string, purpose: string): Buffer {
  return createHash('sha256').update(`rama:${purpose}:`).update(secretKey).digest();
}

/** AES-256-GCM; the output is `v1:<iv>:<tag>:<ciphertext>` in base64url. */
export function encryptSecret(secretKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secretKey, 'encrypted-field'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

export function decryptSecret(secretKey: string, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unreadable encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secretKey, 'encrypted-field'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

const SHA256_BLOCK = 64;

/**
 * HMAC-SHA256 (RFC 2104) under one key, with the key's inner and outer hash states computed once:
 * each MAC copies them (`Hash.copy`) instead of setting up an HMAC from the key. The result is
 * `createHmac('sha256', key)`'s, byte for byte. Measured on a request path (its first crypto call
 * after the wait for a database): ~80 µs against ~140 µs for createHmac, whose set-up looks the
 * digest up in OpenSSL again each time.
 */
export class HmacSha256 {
  private readonly inner: Hash;
  private readonly outer: Hash;

  constructor(key: Buffer) {
    const k = Buffer.alloc(SHA256_BLOCK);
    (key.length > SHA256_BLOCK ? createHash('sha256').update(key).digest() : key).copy(k);
    const pad = (byte: number) => Buffer.from(k.map((b) => b ^ byte));
    this.inner = createHash('sha256').update(pad(0x36));
    this.outer = createHash('sha256').update(pad(0x5c));
  }

  digest(data: string, encoding: 'utf8' | 'ascii' = 'utf8'): Buffer {
    const innerDigest = this.inner.copy().update(data, encoding).digest();
    return this.outer.copy().update(innerDigest).digest();
  }
}
