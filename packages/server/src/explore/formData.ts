import type { ExploreFormDataPayload } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { invalidFields, notFound } from '../http/errors.js';
import { createEntry, deleteEntry, getEntry, updateEntry } from '../permalinks/keyValue.js';
import { canSeeDataset, datasetIdOf, requireStateAccess } from './access.js';
import { parseJsonObject } from './present.js';

const RESOURCE = 'explore_form_data';
/** Unsaved form data lives a week, as the BI server's explore form data cache keeps it. */
export const FORM_DATA_TTL_MS = 7 * 24 * 3600 * 1000;
/** Keys as issued (base64url). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** What one key holds: the Explore state of one tab of one user. */
export interface StoredFormData {
  owner: number;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  /** the form data as the client sent it (JSON object text) */
  form_data: string;
}

function readStored(v: unknown): StoredFormData | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.owner !== 'number' || typeof o.datasource_id !== 'number' || typeof o.datasource_type !== 'string') return null;
  if (typeof o.form_data !== 'string') return null;
  return {
    owner: o.owner,
    datasource_id: o.datasource_id,
    datasource_type: o.datasource_type,
    chart_id: typeof o.chart_id === 'number' ? o.chart_id : null,
    form_data: o.form_data,
  };
}

const expiresOn = () => new Date(Date.now() + FORM_DATA_TTL_MS).toISOString();

/**
 * Unsaved Explore form data under a key (POST/GET/PUT/DELETE /api/v1/explore/form_data). A key
 * belongs to the user who made it: to anyone else it does not exist.
 */
export class ExploreFormDataService {
  constructor(private readonly ctx: AppContext) {}

  private async checked(user: Principal, body: ExploreFormDataPayload): Promise<StoredFormData> {
    if (!parseJsonObject(body.form_data)) throw invalidFields({ form_data: ['Not a valid JSON object.'] });
    const chartId = body.chart_id ?? null;
    await requireStateAccess(this.ctx, user, datasetIdOf(body.datasource_id, body.datasource_type), chartId);
    return {
      owner: user.id,
      datasource_id: body.datasource_id,
      datasource_type: body.datasource_type,
      chart_id: chartId,
      form_data: body.form_data,
    };
  }

  async create(user: Principal, body: ExploreFormDataPayload): Promise<string> {
    const value = await this.checked(user, body);
    return createEntry(this.ctx.store.db, RESOURCE, value, user.id, { expiresOn: expiresOn() });
  }

  /** The user's own entry under `key`, or null (unknown, expired, another user's). */
  async find(user: Principal, key: string): Promise<StoredFormData | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const entry = await getEntry(this.ctx.store.db, RESOURCE, key);
    const value = entry ? readStored(entry.value) : null;
    return value && value.owner === user.id ? value : null;
  }

  /** The stored entry when the user may still use it; 404 otherwise. */
  async get(user: Principal, key: string): Promise<StoredFormData> {
    const value = await this.find(user, key);
    if (!value) throw notFound();
    // the dataset decides (its readers see its charts); a chart deleted since leaves the state usable
    if (!(await canSeeDataset(this.ctx, user, datasetIdOf(value.datasource_id, value.datasource_type)))) throw notFound();
    return value;
  }

  /** Replace the entry's state; the key stays the same and lives another week. */
  async update(user: Principal, key: string, body: ExploreFormDataPayload): Promise<string> {
    if (!(await this.find(user, key))) throw notFound();
    const value = await this.checked(user, body);
    if (!(await updateEntry(this.ctx.store.db, RESOURCE, key, value, { expiresOn: expiresOn() }))) throw notFound();
    return key;
  }

  async delete(user: Principal, key: string): Promise<void> {
    if (!(await this.find(user, key))) throw notFound();
    await deleteEntry(this.ctx.store.db, RESOURCE, key);
  }
}
