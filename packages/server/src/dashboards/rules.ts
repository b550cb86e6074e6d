import { UNTITLED_DASHBOARD_TITLE } from '@rama/shared';

/**
 * A dashboard's slug as stored: trimmed, spaces become dashes, and only word characters and dashes
 * kept (the BI server's rule), so `/rama/dashboard/{slug}/` is always a clean path. Empty → null.
 */
export function normalizeSlug(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const slug = raw
    .trim()
    .replace(/ /g, '-')
    .replace(/[^\p{L}\p{N}_-]+/gu, '');
  return slug === '' ? null : slug;
}

/** A missing or blank title becomes the untitled dashboard's title (spec section 5 "Dashboard save"). */
export function dashboardTitle(raw: string | null | undefined): string {
  const title = raw?.trim();
  return title ? title : UNTITLED_DASHBOARD_TITLE;
}

/** Where a dashboard opens (spec section 2): by slug when it has one, else by id. */
export const dashboardUrl = (d: { id: number; slug: string | null }): string => `/rama/dashboard/${d.slug ?? d.id}/`;

/**
 * A dashboard's last change as epoch seconds, as the BI server answers `last_modified_time`: the
 * client compares it with the server's copy before overwriting (spec section 4, overwrite check).
 */
export const lastModifiedTime = (changedOn: string): number => Date.parse(changedOn) / 1000;
