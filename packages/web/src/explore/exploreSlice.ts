/**
 * Explore's client state (spec section 3 "Explore state" and "Chart state"): the form data being
 * edited, what the chart last queried and draws, the stashed hidden form data, the saved chart and
 * the chart's status. Transitions are the shared pure rules (viz/transitions.ts) and chartReducer.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  controlsOf,
  defaultFormData,
  getMetricLabel,
  NO_TIME_RANGE,
  getVizDefinition,
  renameMetricKey,
  switchDatasource,
  switchVizType,
  DEFAULT_VIZ_TYPE,
  type AdhocMetric,
  type ExploreBootstrap,
  type ExploreDatasource,
  type ExploreSlice,
  type QueryFormData,
} from '@rama/shared';
import { chartReducer, initialChartState, type ChartEvent, type ChartState } from './chartState';
import { defaultAdhocFilters } from './controls/filters';

export interface ExploreState {
  loadStatus: 'idle' | 'loading' | 'ready' | 'error';
  loadError: string | null;
  /** the bootstrap's note (e.g. an expired key opened the chart instead) */
  message: string | null;
  datasource: ExploreDatasource | null;
  formData: QueryFormData;
  /** values of controls the current viz type lacks, restored on switching back */
  hiddenFormData: Record<string, unknown>;
  slice: ExploreSlice | null;
  sliceName: string;
  /** the saved chart's form data (the altered marker compares with it) */
  savedFormData: QueryFormData | null;
  controlsTransferred: string[];
  /** the next query bypasses the cache */
  force: boolean;
  /** what the chart draws: the queried form data plus render-trigger-only changes since */
  renderFormData: QueryFormData | null;
  /** a change that needs a new query happened since the last run */
  stale: boolean;
  /** the user has edited something (unsaved state is stored from then on) */
  edited: boolean;
  formDataKey: string | null;
  chart: ChartState;
}

const EMPTY_FORM_DATA: QueryFormData = { viz_type: DEFAULT_VIZ_TYPE, datasource: '' };

export const initialExploreState: ExploreState = {
  loadStatus: 'idle',
  loadError: null,
  message: null,
  datasource: null,
  formData: EMPTY_FORM_DATA,
  hiddenFormData: {},
  slice: null,
  sliceName: '',
  savedFormData: null,
  controlsTransferred: [],
  force: false,
  renderFormData: null,
  stale: false,
  edited: false,
  formDataKey: null,
  chart: initialChartState,
};

/**
 * The form data a bootstrap opens with: a saved chart's or a key's as they are; a new chart from a
 * dataset gets every control's default (the server sends only viz_type and datasource: the
 * DEFAULT_VIZ_TYPE setting's unless the address names one) and, when DEFAULT_TIME_FILTER sets a
 * range, a time range filter with it on the dataset's time column.
 */
export function openingFormData(boot: ExploreBootstrap, defaultTimeFilter: string = NO_TIME_RANGE): QueryFormData {
  const raw = boot.form_data;
  const vizType = typeof raw.viz_type === 'string' && raw.viz_type ? raw.viz_type : DEFAULT_VIZ_TYPE;
  const def = getVizDefinition(vizType) ?? getVizDefinition(DEFAULT_VIZ_TYPE);
  const datasource = boot.dataset?.uid ?? (typeof raw.datasource === 'string' ? raw.datasource : '');
  const fd: QueryFormData = { ...raw, viz_type: vizType, datasource };
  if (boot.slice || !def) return fd;
  const defaults = defaultFormData(def, boot.dataset);
  const out: QueryFormData = { ...defaults, ...fd };
  for (const [k, v] of Object.entries(fd)) if (v === undefined || v === null) out[k] = defaults[k];
  const timeFilter = defaultTimeFilter.trim();
  if (timeFilter && timeFilter !== NO_TIME_RANGE && raw.adhoc_filters === undefined && 'adhoc_filters' in controlsOf(def)) {
    const filters = defaultAdhocFilters(boot.dataset, timeFilter);
    if (filters.length) {
      const current = Array.isArray(out.adhoc_filters) ? out.adhoc_filters : [];
      out.adhoc_filters = [...current, ...filters];
      out.time_range = timeFilter;
    }
  }
  return out;
}

/** Spec "renaming a metric re-keys its column configuration": a metric at the same place with a new label. */
export function withMetricRenames(formData: QueryFormData, name: string, value: unknown): QueryFormData {
  if (name !== 'metrics' && name !== 'metric') return formData;
  const before = (Array.isArray(formData[name]) ? formData[name] : [formData[name]]) as unknown[];
  const after = (Array.isArray(value) ? value : [value]) as unknown[];
  let out = formData;
  if (before.length !== after.length) return out;
  before.forEach((old, i) => {
    const next = after[i];
    if (!old || !next) return;
    const oldLabel = getMetricLabel(old as string | AdhocMetric);
    const newLabel = getMetricLabel(next as string | AdhocMetric);
    if (oldLabel !== newLabel) out = renameMetricKey(out, oldLabel, newLabel);
  });
  return out;
}

export const exploreSlice = createSlice({
  name: 'explore',
  initialState: initialExploreState,
  reducers: {
    loadStarted: () => ({ ...initialExploreState, loadStatus: 'loading' as const }),
    loadFailed: (state, action: PayloadAction<string>) => {
      state.loadStatus = 'error';
      state.loadError = action.payload;
    },
    bootstrapped: (
      state,
      action: PayloadAction<{ bootstrap: ExploreBootstrap; formDataKey: string | null; force: boolean; defaultTimeFilter?: string }>,
    ) => {
      const { bootstrap, formDataKey, force, defaultTimeFilter } = action.payload;
      state.loadStatus = 'ready';
      state.loadError = null;
      state.message = bootstrap.message;
      state.datasource = bootstrap.dataset;
      state.formData = openingFormData(bootstrap, defaultTimeFilter);
      state.slice = bootstrap.slice;
      state.sliceName = bootstrap.slice?.slice_name ?? '';
      state.savedFormData = bootstrap.slice
        ? { ...bootstrap.slice.form_data, viz_type: bootstrap.slice.viz_type, datasource: bootstrap.slice.datasource }
        : null;
      state.formDataKey = formDataKey;
      state.force = force;
      state.stale = true;
      state.edited = false;
      state.chart = initialChartState;
    },
    controlChanged: (state, action: PayloadAction<{ name: string; value: unknown; renderTrigger: boolean }>) => {
      const { name, value, renderTrigger } = action.payload;
      const renamed = withMetricRenames(state.formData, name, value);
      state.formData = { ...renamed, [name]: value };
      state.edited = true;
      if (renderTrigger && state.renderFormData) state.renderFormData = { ...state.renderFormData, [name]: value };
      else if (!renderTrigger) state.stale = true;
    },
    vizTypeChanged: (state, action: PayloadAction<string>) => {
      const to = getVizDefinition(action.payload);
      if (!to || action.payload === state.formData.viz_type) return;
      const from = getVizDefinition(state.formData.viz_type);
      const out = switchVizType(state.formData, from, to, state.datasource, state.hiddenFormData);
      state.formData = out.formData;
      state.hiddenFormData = out.hiddenFormData;
      state.edited = true;
      state.stale = true;
    },
    /** a retired chart type converted to its closest current one (issue 31): the converted form data */
    retiredChartConverted: (state, action: PayloadAction<QueryFormData>) => {
      if (!getVizDefinition(action.payload.viz_type)) return;
      state.formData = action.payload;
      state.edited = true;
      state.stale = true;
    },
    datasourceChanged: (state, action: PayloadAction<ExploreDatasource>) => {
      const def = getVizDefinition(state.formData.viz_type);
      if (!def) return;
      const out = switchDatasource(state.formData, def, action.payload);
      state.datasource = action.payload;
      state.formData = out.formData;
      state.controlsTransferred = out.controlsTransferred;
      state.edited = true;
      state.stale = true;
    },
    /** the dataset was edited: new columns and metrics, same dataset */
    datasourceReloaded: (state, action: PayloadAction<ExploreDatasource>) => {
      state.datasource = action.payload;
      state.chart = chartReducer(state.chart, { type: 'datasourceReloaded' });
    },
    sliceNameChanged: (state, action: PayloadAction<string>) => {
      state.sliceName = action.payload;
    },
    /** a query starts with this form data; the chart keeps drawing the old data until the new arrives */
    queryStarted: (state) => {
      state.stale = false;
      state.chart = chartReducer(state.chart, { type: 'updateStarted', at: Date.now() });
    },
    querySucceeded: {
      reducer: (state, action: PayloadAction<{ event: ChartEvent; formData: QueryFormData }>) => {
        state.chart = chartReducer(state.chart, action.payload.event);
        state.renderFormData = action.payload.formData;
        state.force = false;
      },
      prepare: (formData: QueryFormData, queriesResponse: Extract<ChartEvent, { type: 'updateSucceeded' }>['queriesResponse']) => ({
        payload: { event: { type: 'updateSucceeded', queriesResponse, at: Date.now() } as ChartEvent, formData },
      }),
    },
    chartEvent: (state, action: PayloadAction<ChartEvent>) => {
      state.chart = chartReducer(state.chart, action.payload);
    },
    forceRequested: (state) => {
      state.force = true;
    },
    formDataKeyChanged: (state, action: PayloadAction<string | null>) => {
      state.formDataKey = action.payload;
    },
    saved: (state, action: PayloadAction<ExploreSlice>) => {
      state.slice = action.payload;
      state.sliceName = action.payload.slice_name;
      state.formData = { ...state.formData, slice_id: action.payload.slice_id };
      state.savedFormData = state.formData;
      state.formDataKey = null;
      state.edited = false;
    },
    slicePropertiesChanged: (state, action: PayloadAction<Partial<ExploreSlice>>) => {
      if (!state.slice) return;
      state.slice = { ...state.slice, ...action.payload };
      if (action.payload.slice_name) state.sliceName = action.payload.slice_name;
    },
    controlsTransferredSeen: (state) => {
      state.controlsTransferred = [];
    },
  },
});

export const exploreActions = exploreSlice.actions;
export const exploreReducer = exploreSlice.reducer;

// Explore's key in the app store's state (core/state.ts)
declare module '../core/state' {
  interface RootState {
    explore: ReturnType<typeof exploreReducer>;
  }
}
