import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ChannelSigner } from './channel.js';

const KEY = 'unit-test-secret-key-0123456789-abcdefghijkl';

describe('async-token: a channel bound to its user', () => {
  const signer = new ChannelSigner(KEY);
  const token = { channelId: randomUUID(), userId: 7 };

  it('reads back what it signed', () => {
    expect(signer.verify(signer.sign(token))).toEqual(token);
  });

  it('refuses a token with another user, another channel, or another key', () => {
    const [channel, , sig] = signer.sign(token).split('.');
    expect(signer.verify(`${channel}.8.${sig}`)).toBeNull();
    expect(signer.verify(`${randomUUID()}.7.${sig}`)).toBeNull();
    expect(new ChannelSigner(`${KEY}-other`).verify(signer.sign(token))).toBeNull();
  });

  it('refuses a signature changed only in bits base64url decoding ignores (the last character, stray characters)', () => {
    // 32 bytes are 43 characters: the last one carries 4 bits and 2 unused ones, so A, B, C and D
    // decode alike there; every such variant is a different token and must not verify
    const signed = signer.sign(token);
    const last = signed.at(-1)!;
    const base = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(last) & ~3;
    for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.slice(base, base + 4)) {
      if (c !== last) expect(signer.verify(signed.slice(0, -1) + c)).toBeNull();
    }
    expect(signer.verify(`${signed}=`)).toBeNull();
    expect(signer.verify(`${signed.slice(0, -1)}!${last}`)).toBeNull();
  });

  it('refuses malformed input without throwing', () => {
    for (const bad of [undefined, null, 42, '', 'a.b.c', `${token.channelId}.7`, `${token.channelId}.07.x`, 'x'.repeat(500)]) {
      expect(signer.verify(bad)).toBeNull();
    }
    expect(signer.verify(`${signer.sign(token)}.extra`)).toBeNull();
  });

  it("derives a session's channel the same way each time (a page's first requests share it), and apart for each session and user", () => {
    const a = signer.derive('session-a', 7);
    expect(signer.derive('session-a', 7)).toBe(a);
    expect(signer.derive('session-b', 7)).not.toBe(a);
    expect(signer.derive('session-a', 8)).not.toBe(a);
    expect(new ChannelSigner(`${KEY}-other`).derive('session-a', 7)).not.toBe(a);
    // a derived id is a valid channel in a token
    expect(signer.verify(signer.sign({ channelId: a, userId: 7 }))).toEqual({ channelId: a, userId: 7 });
  });
});
