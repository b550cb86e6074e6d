/**
 * Explore's address (issue 11 part 3, spec section 2 "URL parameters read"): which state the page
 * starts from, and the address that keeps the user's state across a reload.
 */
import type { ExploreParams } from './exploreApi';

const positiveInt = (v: string | null): number | null => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** `{id}__{type}` → parts, as the legacy `?datasource=` parameter names a dataset. */
function datasourceParam(v: string | null): { id: number; type: string } | null {
  const m = v ? /^(\d{1,10})__(\w{1,32})$/.exec(v) : null;
  return m ? { id: Number(m[1]), type: m[2] } : null;
}

/**
 * What the bootstrap is asked for, from `/explore/p/<key>/` or the query string: a permalink, then
 * unsaved form data (with the chart it edits), then a saved chart, then a dataset. Null when the
 * address names none of them.
 */
export function exploreParamsFromUrl(search: string, permalinkKey?: string | null): ExploreParams | null {
  if (permalinkKey) return { permalink_key: permalinkKey };
  const q = new URLSearchParams(search);
  const formDataKey = q.get('form_data_key') || null;
  const sliceId = positiveInt(q.get('slice_id'));
  const vizType = q.get('viz_type') || undefined;
  const fromKey = datasourceParam(q.get('datasource'));
  const datasourceId = positiveInt(q.get('datasource_id')) ?? fromKey?.id ?? null;
  const datasourceType = q.get('datasource_type') || fromKey?.type || 'table';
  if (formDataKey) return sliceId !== null ? { form_data_key: formDataKey, slice_id: sliceId } : { form_data_key: formDataKey };
  if (sliceId !== null) return { slice_id: sliceId };
  if (datasourceId !== null)
    return vizType
      ? { datasource_id: datasourceId, datasource_type: datasourceType, viz_type: vizType }
      : { datasource_id: datasourceId, datasource_type: datasourceType };
  return null;
}

/** `?force=true` asks the first query to bypass the cache. */
export function forceFromUrl(search: string): boolean {
  const v = new URLSearchParams(search).get('force');
  return v === 'true' || v === '1';
}

/** The address after a change: the unsaved state's key, and the chart it edits. */
export function exploreUrl(state: { formDataKey?: string | null; sliceId?: number | null }): string {
  const q = new URLSearchParams();
  if (state.formDataKey) q.set('form_data_key', state.formDataKey);
  if (state.sliceId) q.set('slice_id', String(state.sliceId));
  const text = q.toString();
  return `/explore/${text ? `?${text}` : ''}`;
}

/** The key of this browser tab's unsaved form data (one per tab, kept for the tab's lifetime). */
export function browserTabId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeSessionStorage()): number {
  const KEY = 'rama:explore-tab-id';
  const stored = storage ? positiveInt(storage.getItem(KEY)) : null;
  if (stored !== null) return stored;
  const id = Math.floor(Math.random() * 1_000_000_000) + 1;
  storage?.setItem(KEY, String(id));
  return id;
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
