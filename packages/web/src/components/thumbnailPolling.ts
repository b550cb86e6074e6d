/**
 * How a card asks for its thumbnail (the peer's thumbnail API): 200 is the picture; 202 means it is
 * being captured, so ask again later, waiting twice as long each time (2 s, 4 s, 8 s …) and giving
 * up after a few tries; anything else (404, an error) keeps the placeholder.
 */
export const THUMBNAIL_FIRST_DELAY_MS = 2000;
/** requests at most, the first included */
export const THUMBNAIL_MAX_TRIES = 6;

export type ThumbnailStep = { kind: 'show' } | { kind: 'retry'; delayMs: number } | { kind: 'give-up' };

/** What to do after the `attempt`-th request (1 for the first) answered `status`. */
export function thumbnailStep(status: number, attempt: number): ThumbnailStep {
  if (status === 200) return { kind: 'show' };
  if (status !== 202 || attempt >= THUMBNAIL_MAX_TRIES) return { kind: 'give-up' };
  return { kind: 'retry', delayMs: THUMBNAIL_FIRST_DELAY_MS * 2 ** (attempt - 1) };
}
