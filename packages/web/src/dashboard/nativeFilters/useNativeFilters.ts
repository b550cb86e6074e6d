/**
 * The dashboard page's native filters over a visit (issue 13 parts 1, 3, 6):
 * - on load, the configured filters (scopes computed from the layout) and the masks to start from:
 *   each filter's default value, overridden by the masks a permalink carried, the stored
 *   `native_filters_key` or the preselected `native_filters` of the address;
 * - scopes follow the layout (charts moved or added while editing);
 * - a filter added in the configuration starts from its default;
 * - the applied masks are kept under `native_filters_key` in the address (replaced, not pushed), so
 *   a reload or a copied address shows the same filtered view.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import rison from 'rison';
import {
  DASHBOARD_URL_PARAMS,
  NATIVE_FILTERS_PARAM,
  configuredFilters,
  dataMaskForStorage,
  defaultMasks,
  layoutChartIds,
  restoreDataMask,
  type DataMaskState,
  type FilterConfigItem,
} from '@rama/shared';
import { request } from '../../core/api';
import { useAppDispatch } from '../../core/hooks';
import type { RootState } from '../../core/state';
import { withSearchParam } from '../dashboardUrl';
import { nativeFiltersActions } from '../state/nativeFiltersSlice';

interface FilterStateReply {
  value: string;
}

async function readStoredMask(dashboardId: number, key: string): Promise<unknown> {
  const reply = await request<FilterStateReply>({ url: `/api/v1/dashboard/${dashboardId}/filter_state/${encodeURIComponent(key)}` });
  return JSON.parse(reply.value) as unknown;
}

function readAddressMask(search: string): unknown {
  const raw = new URLSearchParams(search).get(NATIVE_FILTERS_PARAM);
  if (!raw) return null;
  try {
    return rison.decode(raw);
  } catch {
    return null;
  }
}

/** Where the visit's filter state starts. */
async function initialOverrides(dashboardId: number, search: string, locationState: unknown): Promise<unknown> {
  const carried = (locationState as { dataMask?: unknown } | null)?.dataMask;
  if (carried && typeof carried === 'object') return carried;
  const key = new URLSearchParams(search).get(DASHBOARD_URL_PARAMS.nativeFiltersKey);
  if (key) {
    try {
      return await readStoredMask(dashboardId, key);
    } catch {
      // an expired or foreign key: the defaults apply
      return null;
    }
  }
  return readAddressMask(search);
}

export function useNativeFilters(ready: boolean, dashboardId: number): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const location = useLocation();
  const navigate = useNavigate();
  const locationRef = useRef(location);
  locationRef.current = location;
  const hydratedFor = useRef<number | null>(null);

  // the first load of a dashboard
  useEffect(() => {
    if (!ready || hydratedFor.current === dashboardId) return;
    hydratedFor.current = dashboardId;
    const s = store.getState();
    const layout = s.dashboardLayout.present;
    const filters = configuredFilters(s.dashboardInfo.json_metadata.native_filter_configuration, layout);
    const { search, state } = locationRef.current;
    let cancelled = false;
    void initialOverrides(dashboardId, search, state).then((raw) => {
      if (cancelled) return;
      const restored = restoreDataMask(raw, filters, new Set(layoutChartIds(layout)));
      dispatch(nativeFiltersActions.hydrate({ filters, dataMask: { ...defaultMasks(filters), ...restored } }));
    });
    return () => {
      cancelled = true;
    };
  }, [ready, dashboardId, store, dispatch]);

  // leaving the dashboard forgets its filters
  useEffect(() => () => void dispatch(nativeFiltersActions.reset()), [dispatch, dashboardId]);

  // scopes follow the layout; filters added in the configuration start from their defaults
  useEffect(() => {
    let layout = store.getState().dashboardLayout.present;
    /** the filters last seen after the load (null before it: the load brings its own masks) */
    let filters: FilterConfigItem[] | null = null;
    return store.subscribe(() => {
      const s = store.getState();
      if (!s.nativeFilters.initialized) {
        filters = null;
        return;
      }
      if (filters === null) {
        filters = s.nativeFilters.filters;
        layout = s.dashboardLayout.present;
        return;
      }
      if (s.dashboardLayout.present !== layout) {
        layout = s.dashboardLayout.present;
        dispatch(nativeFiltersActions.setFilters(configuredFilters(s.nativeFilters.filters, layout)));
      }
      if (s.nativeFilters.filters !== filters) {
        const known = new Set(filters.map((f) => f.id));
        filters = store.getState().nativeFilters.filters;
        const defaults = defaultMasks(filters.filter((f) => !known.has(f.id)));
        for (const mask of Object.values(defaults)) dispatch(nativeFiltersActions.applyValue(mask));
      }
    });
  }, [store, dispatch]);

  // the applied masks in the address, under a stored key
  useEffect(() => {
    /** the masks last kept (null until the load's own masks are in) */
    let applied: DataMaskState | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let key = new URLSearchParams(locationRef.current.search).get(DASHBOARD_URL_PARAMS.nativeFiltersKey);
    const save = async () => {
      const value = JSON.stringify(dataMaskForStorage(store.getState().nativeFilters.dataMask));
      const base = `/api/v1/dashboard/${dashboardId}/filter_state`;
      try {
        if (key) {
          try {
            await request({ url: `${base}/${encodeURIComponent(key)}`, method: 'PUT', body: { value } });
            return;
          } catch {
            // not ours (a shared address) or expired: keep our own
          }
        }
        const reply = await request<{ key: string }>({ url: base, method: 'POST', body: { value } });
        key = reply.key;
        const { pathname, search, hash } = window.location;
        const next = withSearchParam(withSearchParam(search, NATIVE_FILTERS_PARAM, null), DASHBOARD_URL_PARAMS.nativeFiltersKey, key);
        if (next !== search) void navigate(`${pathname}${next}${hash}`, { replace: true });
      } catch {
        // the address simply keeps its last key; the page works on
      }
    };
    const unsubscribe = store.subscribe(() => {
      const s = store.getState();
      if (!s.nativeFilters.initialized) {
        applied = null;
        return;
      }
      // the masks the load itself set (defaults, a permalink's) need no new key
      if (applied === null) {
        applied = s.nativeFilters.dataMask;
        return;
      }
      if (s.nativeFilters.dataMask === applied) return;
      applied = s.nativeFilters.dataMask;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void save(), 500);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, dashboardId, navigate]);
}
