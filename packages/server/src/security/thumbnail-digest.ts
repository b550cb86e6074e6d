/**
 * Thumbnail addresses (the peer's `/api/v1/{chart,dashboard}/{pk}/thumbnail/{digest}/`). The digest
 * names one saved state of the object (its id and `changed_on`) as one user sees it: thumbnails
 * show data, and data differs per user (roles, row level security), so a thumbnail is never served
 * across users — each user's digest, and so each user's stored picture, is their own. It is keyed
 * with the server's secret so that it says nothing about the object or the user.
 */
import { createHmac } from 'node:crypto';
import type { RamaConfig } from '../config.js';
import type { Principal } from './principal.js';

export type ThumbnailKind = 'chart' | 'dashboard';

/** The digest of one saved state of a chart or dashboard for one user (32 hex characters). */
export function thumbnailDigest(secret: string, kind: ThumbnailKind, id: number, changedOn: string | null, userId: number): string {
  return createHmac('sha256', `thumbnail:${secret}`)
    .update(`${kind}\n${id}\n${changedOn ?? ''}\n${userId}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Who gets thumbnails: logged-in users. A guest (embedded dashboard) or an anonymous visitor has
 * no account a capture could log in as.
 */
export const mayHaveThumbnails = (config: RamaConfig, user: Principal): boolean =>
  config.thumbnails.enabled && user.kind === undefined && user.id > 0;

export const thumbnailPath = (kind: ThumbnailKind, id: number, digest: string): string => `/api/v1/${kind}/${id}/thumbnail/${digest}/`;

/** The object's thumbnail address for this user, or null when thumbnails are off (or the user has none). */
export function thumbnailUrl(
  config: RamaConfig,
  user: Principal,
  kind: ThumbnailKind,
  row: { id: number; changed_on: string | null },
): string | null {
  if (!mayHaveThumbnails(config, user)) return null;
  return thumbnailPath(kind, row.id, thumbnailDigest(config.secretKey, kind, row.id, row.changed_on, user.id));
}
