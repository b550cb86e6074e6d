import { describe, expect, it } from 'vitest';
import type { RamaConfig } from '../config.js';
import type { Principal } from '../security/principal.js';
import { thumbnailDigest, thumbnailUrl } from '../security/thumbnail-digest.js';

const SECRET = 'test-secret-key-0123456789-abcdefghijklmnop';
const config = (enabled: boolean) => ({ secretKey: SECRET, thumbnails: { enabled } }) as RamaConfig;
const user = (id: number, kind?: Principal['kind']) => ({ id, kind }) as Principal;
const row = { id: 7, changed_on: '2026-01-02T03:04:05.678Z' };

describe('thumbnail digest', () => {
  it('is the same for the same saved state and user', () => {
    expect(thumbnailDigest(SECRET, 'chart', 7, row.changed_on, 1)).toBe(thumbnailDigest(SECRET, 'chart', 7, row.changed_on, 1));
    expect(thumbnailDigest(SECRET, 'chart', 7, row.changed_on, 1)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes when the object changes (changed_on), and differs per object, kind and secret', () => {
    const base = thumbnailDigest(SECRET, 'chart', 7, row.changed_on, 1);
    expect(thumbnailDigest(SECRET, 'chart', 7, '2026-01-02T03:04:05.679Z', 1)).not.toBe(base);
    expect(thumbnailDigest(SECRET, 'chart', 8, row.changed_on, 1)).not.toBe(base);
    expect(thumbnailDigest(SECRET, 'dashboard', 7, row.changed_on, 1)).not.toBe(base);
    expect(thumbnailDigest(`${SECRET}x`, 'chart', 7, row.changed_on, 1)).not.toBe(base);
  });

  it('is never shared across users: data differs per user, so each user has a digest of their own', () => {
    expect(thumbnailDigest(SECRET, 'chart', 7, row.changed_on, 2)).not.toBe(thumbnailDigest(SECRET, 'chart', 7, row.changed_on, 1));
  });
});

describe('thumbnail_url', () => {
  it('is the peer address with the caller digest when thumbnails are on', () => {
    expect(thumbnailUrl(config(true), user(1), 'chart', row)).toBe(
      `/api/v1/chart/7/thumbnail/${thumbnailDigest(SECRET, 'chart', 7, row.changed_on, 1)}/`,
    );
    expect(thumbnailUrl(config(true), user(1), 'dashboard', row)).toMatch(/^\/api\/v1\/dashboard\/7\/thumbnail\/[0-9a-f]{32}\/$/);
  });

  it('is null when thumbnails are off, and for guests and anonymous visitors (no account to capture as)', () => {
    expect(thumbnailUrl(config(false), user(1), 'chart', row)).toBeNull();
    expect(thumbnailUrl(config(true), user(0, 'guest'), 'chart', row)).toBeNull();
    expect(thumbnailUrl(config(true), user(0, 'anonymous'), 'dashboard', row)).toBeNull();
  });
});
