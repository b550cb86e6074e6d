import type { ExplorePermalinkPayload, ExplorePermalinkValue } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { invalidFields, notFound } from '../http/errors.js';
import { createEntry, getEntry } from '../permalinks/keyValue.js';
import { canSeeDataset, datasetIdOf, datasetIdOfFormData, requireStateAccess } from './access.js';
import { datasourceKey } from './present.js';

const RESOURCE = 'explore_permalink';
/** Keys as issued (base64url), optionally with the `kv:` prefix some clients carry. */
const KEY_PATTERN = /^(?:kv:)?([A-Za-z0-9_-]{16,64})$/;

/** Where the web app opens an Explore permalink: under the configured public URL, never the Host header. */
export function explorePermalinkUrl(publicUrl: string, key: string): string {
  return `${publicUrl}/explore/p/${encodeURIComponent(key)}/`;
}

/** The chart id form data names (`slice_id`), when it is a usable id. */
function chartIdOf(formData: Record<string, unknown>): number | null {
  const raw = formData.slice_id;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

function readValue(v: unknown): ExplorePermalinkValue | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Partial<ExplorePermalinkValue>;
  const state = o.state;
  if (typeof o.datasourceId !== 'number' || typeof o.datasourceType !== 'string' || typeof o.datasource !== 'string') return null;
  if (!state || typeof state !== 'object' || !state.formData || typeof state.formData !== 'object') return null;
  return {
    chartId: typeof o.chartId === 'number' ? o.chartId : null,
    datasourceId: o.datasourceId,
    datasourceType: o.datasourceType,
    datasource: o.datasource,
    state: state.urlParams ? { formData: state.formData, urlParams: state.urlParams } : { formData: state.formData },
  };
}

/** Explore permalinks: a snapshot of a chart's form data under an unguessable key. */
export class ExplorePermalinkService {
  constructor(private readonly ctx: AppContext) {}

  async create(user: Principal, body: ExplorePermalinkPayload): Promise<string> {
    // the schema admits any object: its keys are the form data's controls
    const formData = body.formData as Record<string, unknown>;
    const datasetId = datasetIdOfFormData(formData);
    if (datasetId === null) throw invalidFields({ formData: ['The form data names no dataset (datasource).'] });
    const chartId = chartIdOf(formData);
    await requireStateAccess(this.ctx, user, datasetId, chartId);
    const value: ExplorePermalinkValue = {
      chartId,
      datasourceId: datasetId,
      datasourceType: 'table',
      datasource: datasourceKey(datasetId, 'table'),
      state: body.urlParams ? { formData, urlParams: body.urlParams } : { formData },
    };
    return createEntry(this.ctx.store.db, RESOURCE, value, user.id);
  }

  /** The permalink's value; 404 for an unknown key and when the reader may not see its dataset or chart. */
  async get(user: Principal, rawKey: string): Promise<ExplorePermalinkValue> {
    const m = KEY_PATTERN.exec(rawKey);
    if (!m) throw notFound();
    const entry = await getEntry(this.ctx.store.db, RESOURCE, m[1]);
    const value = entry ? readValue(entry.value) : null;
    if (!value) throw notFound();
    // the dataset decides: whoever reads it sees its charts, and a chart deleted since still leaves the state
    if (!(await canSeeDataset(this.ctx, user, datasetIdOf(value.datasourceId, value.datasourceType)))) throw notFound();
    return value;
  }
}
