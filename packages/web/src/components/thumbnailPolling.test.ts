import { describe, expect, it } from 'vitest';
import { THUMBNAIL_MAX_TRIES, thumbnailStep } from './thumbnailPolling';

describe('thumbnail polling rule', () => {
  it('shows the picture on 200', () => {
    expect(thumbnailStep(200, 1)).toEqual({ kind: 'show' });
    expect(thumbnailStep(200, THUMBNAIL_MAX_TRIES)).toEqual({ kind: 'show' });
  });

  it('asks again on 202 with a doubling wait: 2 s, 4 s, 8 s …', () => {
    expect([1, 2, 3, 4, 5].map((n) => thumbnailStep(202, n))).toEqual(
      [2000, 4000, 8000, 16000, 32000].map((delayMs) => ({ kind: 'retry', delayMs })),
    );
  });

  it('gives up after the last try while still being captured', () => {
    expect(thumbnailStep(202, THUMBNAIL_MAX_TRIES)).toEqual({ kind: 'give-up' });
  });

  it('keeps the placeholder for any other answer (not found, server error, logged out)', () => {
    for (const status of [401, 403, 404, 500, 0]) expect(thumbnailStep(status, 1)).toEqual({ kind: 'give-up' });
  });
});
