import { describe, expect, it } from 'vitest';
import {
  exceedsKb,
  LOCAL_STORAGE_MAX_USAGE_KB,
  LOCAL_STORAGE_WARNING_THRESHOLD,
  LOCAL_STORAGE_WARNING_THROTTLE_MS,
  storageUsageWarning,
  storedKb,
} from './storage.js';

describe('exceedsKb — spec §4 "results larger than 1024 KB are not kept in local storage"', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i}`, ok: i % 2 === 0, note: null }));

  it('agrees with JSON.stringify on either side of the limit', () => {
    for (const n of [10, 1000, 20_000, 30_000]) {
      const value = { columns: [{ name: 'id' }], data: rows(n) };
      const actual = JSON.stringify(value).length / 1024;
      // the estimate counts a little more than JSON.stringify (a trailing comma per member), never less
      if (actual > 1024) expect(exceedsKb(value, 1024)).toBe(true);
      if (actual < 1000) expect(exceedsKb(value, 1024)).toBe(false);
    }
  });

  it('counts strings, numbers, big integers, booleans and nulls', () => {
    expect(exceedsKb('x'.repeat(2000), 1)).toBe(true);
    expect(exceedsKb('x'.repeat(1000), 1)).toBe(false);
    expect(
      exceedsKb(
        Array.from({ length: 100 }, () => 12345678901234567890n),
        1,
      ),
    ).toBe(true);
    expect(exceedsKb([true, false, null, 1.5], 1)).toBe(false);
  });

  it('stops reading once the limit is passed', () => {
    let reads = 0;
    const row = (i: number) => ({
      id: i,
      get name() {
        reads++;
        return `row ${i}`;
      },
    });
    const huge = Array.from({ length: 200_000 }, (_, i) => row(i));
    expect(exceedsKb(huge, 1024)).toBe(true);
    // about 40 bytes a row: the limit is passed after some 30,000 rows, the rest are never read
    expect(reads).toBeGreaterThan(10_000);
    expect(reads).toBeLessThan(50_000);
  });
});

describe('local storage usage warning (5120 KB, warned above 90 %, at most every 8 s)', () => {
  const limit = LOCAL_STORAGE_MAX_USAGE_KB * LOCAL_STORAGE_WARNING_THRESHOLD; // 4608 KB

  it('stays quiet up to the threshold', () => {
    expect(storageUsageWarning(100, null, 0)).toBeNull();
    expect(storageUsageWarning(limit, null, 0)).toBeNull();
  });

  it('warns above it, saying how much of how much is used', () => {
    const text = storageUsageWarning(4700.5, null, 1000);
    expect(text).toContain('4,700.5 KB of 5120 KB');
    expect(text).toContain('Close some query tabs');
  });

  it('is throttled for 8 seconds after a warning', () => {
    expect(storageUsageWarning(5000, 10_000, 10_000 + LOCAL_STORAGE_WARNING_THROTTLE_MS - 1)).toBeNull();
    expect(storageUsageWarning(5000, 10_000, 10_000 + LOCAL_STORAGE_WARNING_THROTTLE_MS)).not.toBeNull();
  });

  it('measures stored strings as two bytes a character', () => {
    expect(storedKb('x'.repeat(512))).toBe(1);
    expect(storedKb('x'.repeat(2_400_000))).toBeGreaterThan(limit);
  });
});
