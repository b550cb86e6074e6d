import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacSha256 } from './crypto.js';

describe('HmacSha256', () => {
  it("is createHmac('sha256')'s MAC, byte for byte, for keys shorter, as long as and longer than a block", () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 200]) {
      const key = randomBytes(keyLength);
      const hmac = new HmacSha256(key);
      for (const message of ['', 'a', 'x'.repeat(63), 'x'.repeat(64), 'é€ text with non-ASCII ✓', randomBytes(500).toString('base64')]) {
        expect(hmac.digest(message).equals(createHmac('sha256', key).update(message, 'utf8').digest())).toBe(true);
        // the same instance again: its inner and outer states are copied, never consumed
        expect(hmac.digest(message).equals(createHmac('sha256', key).update(message, 'utf8').digest())).toBe(true);
      }
      const ascii = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0';
      expect(hmac.digest(ascii, 'ascii').equals(createHmac('sha256', key).update(ascii, 'ascii').digest())).toBe(true);
    }
  });
});
