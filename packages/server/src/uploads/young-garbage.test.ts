import { constants, PerformanceObserver, performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectYoungGarbage } from './young-garbage.js';

describe('collectYoungGarbage', () => {
  it('leaves `gc` exposed to no context, this one or a new one', () => {
    const had = typeof (globalThis as { gc?: unknown }).gc;
    collectYoungGarbage();
    collectYoungGarbage();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe(had);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });

  it('runs a young-generation collection when called (and only that: no full collection)', async () => {
    const seen: { kind: number; start: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.push({ kind: (e as unknown as { detail: { kind: number } }).detail.kind, start: e.startTime });
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      collectYoungGarbage(); // the first call sets up
      const from = performance.now();
      collectYoungGarbage();
      const to = performance.now();
      // entries arrive after the collection, on a later turn
      await new Promise((r) => setTimeout(r, 50));
      const during = seen.filter((e) => e.start >= from && e.start <= to);
      expect(during.map((e) => e.kind)).toEqual([constants.NODE_PERFORMANCE_GC_MINOR]);
    } finally {
      observer.disconnect();
    }
  });
});
