import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

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
