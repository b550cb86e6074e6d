/**
 * The filtered view in the address (issue 13 part 6): `native_filters_key` names a stored data
 * mask (POST /api/v1/dashboard/{id}/filter_state); `native_filters` carries preselected values as
 * rison, the BI server's form `(NATIVE_FILTER-abc:(filterState:(value:!(SEA))))`; both restore the
 * masks on load. Only the values are read from the address: the filter configuration decides what
 * they mean, so a hand-written address cannot inject SQL or reach other columns.
 */
import { crossFilterDataMask, filterDataMask } from './dataMask.js';
import { NATIVE_FILTER_PREFIX, isNativeFilter, type DataMask, type DataMaskState, type FilterConfigItem } from './types.js';

export const NATIVE_FILTERS_KEY_PARAM = 'native_filters_key';
export const NATIVE_FILTERS_PARAM = 'native_filters';

/**
 * Masks read from outside (an address, a stored key, a permalink) rebuilt from their values:
 * native filters that exist through their own type's rule; cross-filters (chart ids on the
 * dashboard) from their `filters` map.
 */
export function restoreDataMask(raw: unknown, filters: readonly FilterConfigItem[], chartIds: ReadonlySet<number>): DataMaskState {
  const out: DataMaskState = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  const byId = new Map(filters.filter(isNativeFilter).map((f) => [f.id, f]));
  for (const [key, entry] of Object.entries(raw as Record<string, unknown>)) {
    if (!entry || typeof entry !== 'object') continue;
    const filterState = (entry as Partial<DataMask>).filterState;
    const filter = byId.get(key);
    if (filter) {
      const value = filterState?.value;
      const rebuilt =
        filter.filterType === 'filter_timegrain' || filter.filterType === 'filter_timecolumn'
          ? filterDataMask(filter, Array.isArray(value) ? value[0] : value)
          : filterDataMask(filter, value);
      out[key] = rebuilt;
      continue;
    }
    const chartId = Number(key);
    if (!Number.isInteger(chartId) || !chartIds.has(chartId)) continue;
    const map = filterState?.filters;
    if (!map || typeof map !== 'object') continue;
    const clean: Record<string, unknown[]> = {};
    for (const [col, vals] of Object.entries(map)) {
      if (Array.isArray(vals)) clean[col] = vals.filter((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    }
    const mask = crossFilterDataMask(chartId, clean, typeof filterState.label === 'string' ? filterState.label : undefined);
    if (mask.extraFormData.filters?.length) out[key] = mask;
  }
  return out;
}

/**
 * The masks worth storing: every native filter's (a cleared one too, so that its default does not
 * come back) and the set cross-filters; a chart's own state stays out.
 */
export function dataMaskForStorage(dataMask: DataMaskState): Record<string, Pick<DataMask, 'id' | 'filterState' | 'extraFormData'>> {
  const out: Record<string, Pick<DataMask, 'id' | 'filterState' | 'extraFormData'>> = {};
  for (const [key, mask] of Object.entries(dataMask)) {
    if (!mask) continue;
    if (!key.startsWith(NATIVE_FILTER_PREFIX) && !Object.keys(mask.extraFormData ?? {}).length) continue;
    out[key] = { id: mask.id, filterState: mask.filterState, extraFormData: mask.extraFormData };
  }
  return out;
}
