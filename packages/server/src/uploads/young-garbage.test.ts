import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectYoungGarbage } from './young-garbage.js';

describe('collectYoungGarbage', () => {
  it('collects on demand and leaves `gc` exposed to no context, this one or a new one', () => {
    const had = typeof (globalThis as { gc?: unknown }).gc;
    collectYoungGarbage();
    collectYoungGarbage();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe(had);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });

  it('frees the buffers a receive left behind', () => {
    // outside memory held only by young, dead buffers: gone after the collection
    const before = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < 256; i++) Buffer.alloc(64 * 1024).fill(i);
    collectYoungGarbage();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(4 * 1024 * 1024);
  });
});
