/**
 * How the dashboard page knows it is shown embedded (issue 25 part 3): the embedded page provides
 * the dashboard's id and the SDK's UI config; the dashboard page then loads that dashboard, keeps
 * to what a guest may do and honours the filter options.
 */
import { createContext, useContext, useEffect } from 'react';
import { useAppDispatch } from '../../core/hooks';
import type { DashboardPermissions } from '../permissions';
import { nativeFiltersActions } from '../state/nativeFiltersSlice';
import type { EmbeddedUiConfig } from './embeddedModel';

export interface EmbeddedDashboardSettings {
  uuid: string;
  dashboardId: number;
  ui: EmbeddedUiConfig;
}

export const EmbeddedDashboardContext = createContext<EmbeddedDashboardSettings | null>(null);

/** The embedding, or null on the ordinary dashboard page. */
export function useEmbeddedDashboard(): EmbeddedDashboardSettings | null {
  return useContext(EmbeddedDashboardContext);
}

/**
 * What a guest may do on the dashboard: look, filter, drill, and download the data only when its
 * role may (can_csv). Editing, saving, sharing app links and Explore need a login it does not have.
 */
export function guestDashboardPermissions(permissions: DashboardPermissions): DashboardPermissions {
  return {
    dash_edit_perm: false,
    dash_save_perm: false,
    dash_share_perm: false,
    rama_can_explore: false,
    rama_can_share: false,
    rama_can_csv: permissions.rama_can_csv,
  };
}

/**
 * The SDK's `filters.expanded` (`expand_filters`) opens or collapses the vertical filter bar once
 * the dashboard is there. Call after `useNativeFilters` (its reset on load must come first).
 */
export function useEmbeddedFilterBar(ready: boolean): void {
  const embedded = useEmbeddedDashboard();
  const dispatch = useAppDispatch();
  const expand = embedded?.ui.expandFilters ?? null;
  useEffect(() => {
    if (ready && expand !== null) dispatch(nativeFiltersActions.setBarOpen(expand));
  }, [ready, expand, dispatch]);
}
