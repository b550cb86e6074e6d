/**
 * Dashboard permalinks (spec section 7 "Permalinks"): the state a shared link restores (URL
 * parameters, the filters' data mask, the active tabs, the anchor) stored under an unguessable key.
 * Reading one checks the dashboard again: a reader who may not see it (any more) gets 404.
 */
import type { DashboardPermalinkState, DashboardPermalinkValue } from '@rama/shared';
import type { Principal } from '../security/principal.js';
import { invalidFields, notFound } from '../http/errors.js';
import { createEntry, getEntry } from '../metadata/repos/keyvalue.js';
import type { DashboardService } from './service.js';

const RESOURCE = 'dashboard_permalink';
/** Keys as issued (base64url), optionally with the `kv:` prefix some clients carry. */
const KEY_PATTERN = /^(?:kv:)?([A-Za-z0-9_-]{16,64})$/;
/** The most state one link holds (the data mask of many filters fits well within it). */
export const MAX_PERMALINK_STATE_BYTES = 1024 * 1024;

/** Where the web app opens a dashboard permalink: under the configured public URL, never the Host header. */
export const dashboardPermalinkUrl = (publicUrl: string, key: string): string =>
  `${publicUrl}/rama/dashboard/p/${encodeURIComponent(key)}/`;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The stored value as the client reads it; null when it is not a dashboard permalink value. */
function readValue(v: unknown): DashboardPermalinkValue | null {
  if (!isRecord(v) || typeof v.dashboardId !== 'number' || !isRecord(v.state)) return null;
  const s = v.state;
  const urlParams = Array.isArray(s.urlParams)
    ? s.urlParams.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string'))
    : [];
  return {
    dashboardId: v.dashboardId,
    state: {
      urlParams,
      dataMask: isRecord(s.dataMask) ? s.dataMask : {},
      activeTabs: Array.isArray(s.activeTabs) ? s.activeTabs.filter((t): t is string => typeof t === 'string') : [],
      anchor: typeof s.anchor === 'string' ? s.anchor : null,
    },
  };
}

export class DashboardPermalinkService {
  constructor(private readonly dashboards: DashboardService) {}

  async create(user: Principal, idOrSlug: string, body: DashboardPermalinkState): Promise<string> {
    const { row } = await this.dashboards.visible(user, idOrSlug);
    const value: DashboardPermalinkValue = {
      dashboardId: row.id,
      state: {
        urlParams: body.urlParams ?? [],
        dataMask: (body.dataMask ?? {}) as Record<string, unknown>,
        activeTabs: body.activeTabs ?? [],
        anchor: body.anchor ?? null,
      },
    };
    if (Buffer.byteLength(JSON.stringify(value.state)) > MAX_PERMALINK_STATE_BYTES)
      throw invalidFields({ dataMask: [`The state is larger than ${MAX_PERMALINK_STATE_BYTES / 1024} KB.`] });
    return createEntry(this.dashboards.db, RESOURCE, value, user.id);
  }

  /** The link's state; 404 for an unknown key and for a dashboard the reader may not see. */
  async get(user: Principal, rawKey: string): Promise<DashboardPermalinkValue> {
    const m = KEY_PATTERN.exec(rawKey);
    if (!m) throw notFound();
    const entry = await getEntry(this.dashboards.db, RESOURCE, m[1]);
    const value = entry ? readValue(entry.value) : null;
    if (!value) throw notFound();
    await this.dashboards.visible(user, value.dashboardId);
    return value;
  }
}
