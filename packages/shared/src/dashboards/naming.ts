/**
 * A dashboard's names as the server stores them and the address it opens at: the slug rule, the
 * untitled title, and `/rama/dashboard/{slug or id}/` (spec section 2 "Routes", section 5
 * "Dashboard save"). The server applies them when it saves; the client shows and links with them.
 */
import { UNTITLED_DASHBOARD_TITLE } from '../api/dashboard.js';

/** What a stored slug may hold: letters, digits, `_` and `-`. */
const NOT_SLUG = /[^\p{L}\p{N}_-]+/gu;

/**
 * A dashboard's slug as stored: trimmed, spaces become dashes, and only letters, digits, `_` and `-`
 * kept (the BI server's rule), so `/rama/dashboard/{slug}/` is always a clean path. Empty → null
 * (the dashboard then opens by its id).
 */
export function normalizeSlug(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const slug = raw.trim().replace(/ /g, '-').replace(NOT_SLUG, '');
  return slug === '' ? null : slug;
}

/** A missing or blank title becomes the untitled dashboard's title (spec section 5 "Dashboard save"). */
export function dashboardTitle(raw: string | null | undefined): string {
  const title = raw?.trim();
  return title ? title : UNTITLED_DASHBOARD_TITLE;
}

/**
 * Where a dashboard opens (spec section 2 "Routes"): `/rama/dashboard/{slug or id}/`. A stored slug
 * goes in as it is; any character a slug cannot hold (an address typed by hand) is percent-encoded.
 */
export function dashboardPath(d: { id: number; slug?: string | null }): string {
  const key = d.slug ? d.slug.replace(NOT_SLUG, encodeURIComponent) : String(d.id);
  return `/rama/dashboard/${key}/`;
}
