import { describe, expect, it } from 'vitest';
import { exceedsKb } from './storage.js';

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
