import { describe, expect, it } from 'vitest';
import { sustainedLag } from './health.js';

const rule = { limitMs: 1000, consecutive: 5 };

describe('/health reports event-loop starvation that lasts, not one spike', () => {
  it('one long stall among quick samples is healthy', () => {
    expect(sustainedLag([3, 4, 2_400, 5, 3], rule)).toBeNull();
    expect(sustainedLag([22_000], rule)).toBeNull();
  });

  it('lag in every one of the last samples is unhealthy, and says so', () => {
    const problem = sustainedLag([2, 1_200, 1_500, 1_100, 3_000, 1_300], rule);
    expect(problem).toMatch(/event loop has lagged by more than 1000 ms in each of the last 5 seconds/);
    expect(problem).toContain('at least 1100 ms');
  });

  it('recovers as soon as one recent sample is quick again', () => {
    expect(sustainedLag([1_200, 1_500, 1_100, 3_000, 12], rule)).toBeNull();
  });

  it('a process just started (fewer samples than the window) is healthy', () => {
    expect(sustainedLag([5_000, 5_000, 5_000, 5_000], rule)).toBeNull();
  });

  it('the limit itself is not over the limit', () => {
    expect(sustainedLag([1_000, 1_000, 1_000, 1_000, 1_000], rule)).toBeNull();
  });
});
