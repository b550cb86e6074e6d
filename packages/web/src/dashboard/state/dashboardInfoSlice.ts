/**
 * The dashboard as loaded (spec section 3 "Dashboard info"): identity, title, owners, roles,
 * certification, the parsed json_metadata, when it was last modified, and the user's derived
 * permission flags. Edits that are saved update it (`update`).
 */
import { createSlice, current, original, type PayloadAction } from '@reduxjs/toolkit';
import { validateDashboardMetadata, type DashboardDetail, type DashboardMetadata, type UserRef } from '@rama/shared';
import { NO_PERMISSIONS, type DashboardPermissions } from '../permissions';
import { dashboardStateActions } from './dashboardStateSlice';

export interface DashboardInfo extends DashboardPermissions {
  id: number;
  dashboard_title: string;
  slug: string | null;
  owners: UserRef[];
  roles: { id: number; name: string }[];
  certified_by: string | null;
  certification_details: string | null;
  /** the saved CSS (the CSS being edited is dashboardState.css) */
  css: string;
  published: boolean;
  /** json_metadata, parsed and normalised */
  json_metadata: DashboardMetadata;
  /** epoch seconds of the last change (changed_on) */
  last_modified_time: number;
  changed_on: string | null;
  changed_by_name: string;
  filterBarOrientation: 'VERTICAL' | 'HORIZONTAL';
  crossFiltersEnabled: boolean;
  /** the editable fields as last saved: what a discard puts back */
  saved: SavedInfo | null;
}

/** The fields edit mode may change before a save. */
export type SavedInfo = Pick<
  DashboardInfo,
  'dashboard_title' | 'slug' | 'owners' | 'roles' | 'certified_by' | 'certification_details' | 'css' | 'json_metadata'
>;

function savedOf(info: DashboardInfo): SavedInfo {
  const { dashboard_title, slug, owners, roles, certified_by, certification_details, css, json_metadata } = info;
  return { dashboard_title, slug, owners, roles, certified_by, certification_details, css, json_metadata };
}

export type DashboardInfoHydration = DashboardDetail & DashboardPermissions;

export const initialDashboardInfo: DashboardInfo = {
  id: 0,
  dashboard_title: '',
  slug: null,
  owners: [],
  roles: [],
  certified_by: null,
  certification_details: null,
  css: '',
  published: false,
  json_metadata: {},
  last_modified_time: 0,
  changed_on: null,
  changed_by_name: '',
  filterBarOrientation: 'VERTICAL',
  crossFiltersEnabled: true,
  saved: null,
  ...NO_PERMISSIONS,
};

/** json_metadata text → the normalised metadata; text that is not a JSON object reads as none. */
export function parseDashboardMetadata(text: string | null | undefined): DashboardMetadata {
  if (!text) return validateDashboardMetadata({}).metadata;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = {};
  }
  return validateDashboardMetadata(value && typeof value === 'object' && !Array.isArray(value) ? value : {}).metadata;
}

/** changed_on (ISO) → epoch seconds, when the reply has no last_modified_time. */
function epochSeconds(iso: string | null | undefined): number {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? 0 : t / 1000;
}

/** The flags that follow from the metadata. */
function derived(metadata: DashboardMetadata): Pick<DashboardInfo, 'filterBarOrientation' | 'crossFiltersEnabled'> {
  return {
    filterBarOrientation: metadata.filter_bar_orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL',
    crossFiltersEnabled: metadata.cross_filters_enabled !== false,
  };
}

export function dashboardInfoFromDetail(detail: DashboardInfoHydration): DashboardInfo {
  const metadata = parseDashboardMetadata(detail.json_metadata);
  const info: DashboardInfo = {
    id: detail.id,
    dashboard_title: detail.dashboard_title,
    slug: detail.slug,
    owners: detail.owners,
    roles: detail.roles,
    certified_by: detail.certified_by,
    certification_details: detail.certification_details,
    css: detail.css ?? '',
    published: detail.published,
    json_metadata: metadata,
    last_modified_time: detail.last_modified_time || epochSeconds(detail.changed_on),
    changed_on: detail.changed_on,
    changed_by_name: detail.changed_by_name,
    ...derived(metadata),
    dash_edit_perm: detail.dash_edit_perm,
    dash_save_perm: detail.dash_save_perm,
    dash_share_perm: detail.dash_share_perm,
    rama_can_explore: detail.rama_can_explore,
    rama_can_share: detail.rama_can_share,
    rama_can_csv: detail.rama_can_csv,
    saved: null,
  };
  return { ...info, saved: savedOf(info) };
}

export const dashboardInfoSlice = createSlice({
  name: 'dashboardInfo',
  initialState: initialDashboardInfo,
  reducers: {
    hydrate: (_state, action: PayloadAction<DashboardInfoHydration>) => dashboardInfoFromDetail(action.payload),
    /** Saved changes (properties, title, metadata, last_modified_time); the derived flags follow json_metadata. */
    update: (state, action: PayloadAction<Partial<DashboardInfo>>) => {
      Object.assign(state, action.payload);
      if (action.payload.json_metadata) Object.assign(state, derived(action.payload.json_metadata));
    },
    /**
     * Some json_metadata keys were saved on their own (filters, the filter bar's settings,
     * cross-filter scoping): a later discard keeps them.
     */
    markSaved: (state, action: PayloadAction<Partial<DashboardMetadata>>) => {
      if (state.saved) state.saved.json_metadata = { ...state.saved.json_metadata, ...action.payload };
    },
    /** Discard: the edited fields back to their saved values. */
    discard: (state) => {
      const saved = original(state)?.saved;
      if (!saved) return;
      Object.assign(state, saved, derived(saved.json_metadata));
    },
  },
  extraReducers: (builder) => {
    // what is shown is what is saved
    builder.addCase(dashboardStateActions.saveFinished, (state, action) => {
      if (action.payload.ok) state.saved = savedOf(current(state));
    });
  },
});

export const dashboardInfoActions = dashboardInfoSlice.actions;
export const dashboardInfoReducer = dashboardInfoSlice.reducer;
