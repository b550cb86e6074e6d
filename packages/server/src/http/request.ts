/** Small readers of request values that several features' routes share. */

/** Every download cookie's name starts so: a `?token=` can never name a cookie the server uses. */
export const DOWNLOAD_COOKIE_PREFIX = 'rama_dl_';

/**
 * The cookie an export sets (`<name>=done`) once the download has started, for a `?token=` a page
 * waits for (the BI server's habit). The server names it, `rama_dl_<token>`: the BI server's
 * cookie named by the token itself let `token=rama_session` log the downloader out.
 */
export const downloadToken = (raw: unknown): string | null =>
  typeof raw === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? DOWNLOAD_COOKIE_PREFIX + raw : null;

/** `true`/`false` as form fields and query strings carry them. */
export const truthy = (v: unknown): boolean => v === 'true' || v === true;
