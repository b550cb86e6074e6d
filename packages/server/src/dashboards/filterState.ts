/**
 * A viewer's filter values behind the `native_filters_key` URL parameter, kept as the BI server
 * keeps them (POST/GET/PUT/DELETE /api/v1/dashboard/{id_or_slug}/filter_state): the data mask as
 * JSON object text under an unguessable key, for a week. Whoever may see the dashboard may read a
 * key (a link with the key shows the same filters); only the user who made it may change or
 * delete it. A key belongs to its dashboard: under another one it does not exist.
 */
import { MAX_FILTER_STATE_BYTES } from '@rama/shared';
import type { Principal } from '../security/principal.js';
import { forbidden, invalidFields, notFound } from '../http/errors.js';
import { parseJsonObject } from '../explore/present.js';
import { createEntry, deleteEntry, getEntry, updateEntry } from '../metadata/repos/keyvalue.js';
import type { DashboardService } from './service.js';

const RESOURCE = 'dashboard_filter_state';
/** A week, as the BI server's filter state cache keeps it. */
export const FILTER_STATE_TTL_MS = 7 * 24 * 3600 * 1000;
/** Keys as issued (base64url). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const FILTER_STATE_MESSAGES = {
  notAnObject: 'The value must be a JSON object (the filters’ data mask).',
  tooLarge: `The value is larger than ${MAX_FILTER_STATE_BYTES / 1024} KB.`,
  notYours: 'This filter state was saved by another user: only they may change or delete it.',
} as const;

/** What one key holds. */
interface StoredFilterState {
  owner: number;
  /** a guest's token subject: guests all have id 0, so a guest's key is its subject's only */
  subject?: string;
  dashboardId: number;
  /** the data mask as the client sent it (JSON object text) */
  value: string;
}

function readStored(v: unknown): StoredFilterState | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.owner !== 'number' || typeof o.dashboardId !== 'number' || typeof o.value !== 'string') return null;
  const subject = typeof o.subject === 'string' ? o.subject : undefined;
  return { owner: o.owner, dashboardId: o.dashboardId, value: o.value, ...(subject ? { subject } : {}) };
}

/** The user (or, for guests, the token subject) who made the key. */
function madeBy(stored: StoredFilterState, user: Principal): boolean {
  return stored.owner === user.id && (stored.subject ?? null) === (user.guest?.subject ?? null);
}

function checkValue(value: string): void {
  if (Buffer.byteLength(value) > MAX_FILTER_STATE_BYTES) throw invalidFields({ value: [FILTER_STATE_MESSAGES.tooLarge] });
  if (!parseJsonObject(value)) throw invalidFields({ value: [FILTER_STATE_MESSAGES.notAnObject] });
}

const expiresOn = () => new Date(Date.now() + FILTER_STATE_TTL_MS).toISOString();

export class DashboardFilterStateService {
  constructor(private readonly dashboards: DashboardService) {}

  private get db() {
    return this.dashboards.db;
  }

  /** A new key for the value; `tab_id` is accepted and, as for Explore form data, every create is a new key. */
  async create(user: Principal, idOrSlug: string, value: string): Promise<string> {
    const { row } = await this.dashboards.visible(user, idOrSlug);
    checkValue(value);
    const stored: StoredFilterState = {
      owner: user.id,
      dashboardId: row.id,
      value,
      ...(user.guest ? { subject: user.guest.subject } : {}),
    };
    return createEntry(this.db, RESOURCE, stored, user.id, { expiresOn: expiresOn() });
  }

  /** The entry of `key` on a dashboard the user sees; 404 for a hidden dashboard, an unknown or expired key, another dashboard's key. */
  private async entry(user: Principal, idOrSlug: string, key: string): Promise<StoredFilterState> {
    const { row } = await this.dashboards.visible(user, idOrSlug);
    const entry = KEY_PATTERN.test(key) ? await getEntry(this.db, RESOURCE, key) : null;
    const stored = entry ? readStored(entry.value) : null;
    if (!stored || stored.dashboardId !== row.id) throw notFound();
    return stored;
  }

  async get(user: Principal, idOrSlug: string, key: string): Promise<string> {
    return (await this.entry(user, idOrSlug, key)).value;
  }

  /** Replace the value; the key stays the same and lives another week. */
  async update(user: Principal, idOrSlug: string, key: string, value: string): Promise<string> {
    const stored = await this.entry(user, idOrSlug, key);
    if (!madeBy(stored, user)) throw forbidden(FILTER_STATE_MESSAGES.notYours);
    checkValue(value);
    if (!(await updateEntry(this.db, RESOURCE, key, { ...stored, value }, { expiresOn: expiresOn() }))) throw notFound();
    return key;
  }

  async delete(user: Principal, idOrSlug: string, key: string): Promise<void> {
    const stored = await this.entry(user, idOrSlug, key);
    if (!madeBy(stored, user)) throw forbidden(FILTER_STATE_MESSAGES.notYours);
    await deleteEntry(this.db, RESOURCE, key);
  }
}
