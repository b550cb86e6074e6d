import { describe, expect, it } from 'vitest';
import { refreshDelays, refreshWindowMs } from './refresh.js';

describe('spec 9: dashboard refresh is staggered', () => {
  it('spreads the charts evenly over the greater of the refresh window and stagger_time', () => {
    expect(refreshDelays(5, 20_000)).toEqual([0, 5000, 10000, 15000, 20000]);
    expect(refreshDelays(3, 1000, { staggerTime: 8000 })).toEqual([0, 4000, 8000]);
  });

  it('stagger_time defaults to 5000 ms', () => {
    expect(refreshDelays(3, 0)).toEqual([0, 2500, 5000]);
  });

  it('stagger off refreshes every chart at once; one chart or none needs no spreading', () => {
    expect(refreshDelays(3, 60_000, { stagger: false })).toEqual([0, 0, 0]);
    expect(refreshDelays(1, 60_000)).toEqual([0]);
    expect(refreshDelays(0, 60_000)).toEqual([]);
    expect(refreshDelays(Number.NaN, 60_000)).toEqual([]);
  });

  it('the BI server spreads a round over a fifth of the refresh period', () => {
    expect(refreshWindowMs(300)).toBe(60_000);
    expect(refreshDelays(4, refreshWindowMs(300))).toEqual([0, 20000, 40000, 60000]);
  });
});
