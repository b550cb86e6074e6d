/**
 * The dashboard page `/rama/dashboard/{slug or id}/` (issue 12 part 3). The dashboard, its charts
 * and their datasets load side by side; the layout is read from position_json; the URL decides
 * standalone mode, the UI config, edit mode, the focused chart (read, then removed), the anchor
 * (#component-id) and the active tabs (`?activeTabs=`). Charts load near the viewport through a
 * page-wide queue; the page marks `rama:dashboard-all-rendered` when those are drawn.
 */
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { shallowEqual, useStore } from 'react-redux';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Button, Result, Spin } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  type DashboardVersionState,
  DASHBOARD_STANDALONE,
  DASHBOARD_URL_PARAMS,
  LOG_ACTIONS,
  layoutChartsByComponent,
  parseDashboardUrlParams,
  parsePositionJson,
  pathToComponent,
  sanitizeDashboardCss,
  scopeDashboardCss,
  withoutParam,
  type DashboardChart,
  type DashboardDetail,
} from '@rama/shared';
import { toClientError } from '../core/api';
import { useHideNavigation } from '../core/navigation';
import { useAppDispatch, useAppSelector, useDocumentTitle } from '../core/hooks';
import { useSession } from '../core/session';
import type { RootState } from '../core/state';
import { ChartLoadQueue, NearCharts, ViewportWatcher } from './chartQueue';
import { DashboardColorRegistry } from './colors';
import { DashboardGrid } from './components/DashboardGrid';
import { FullSizeChart } from './components/FullSizeChart';
import { FilterBar } from './nativeFilters/bar/FilterBar';
import { FiltersConfigModal } from './nativeFilters/config';
import { useNativeFilters } from './nativeFilters/useNativeFilters';
import { DashboardHeader } from './DashboardHeader';
import { useGetDashboardChartsQuery, useGetDashboardDatasetsQuery, useGetDashboardQuery } from '../dashboards/dashboardPageApi';
import { anchorFromHash, withSearchParam } from './dashboardUrl';
import { EditKitContext, useEditKitLoader } from './editKit';
import { DashboardMessage } from './messages';
import {
  logDashboardEvent,
  useAllRenderedMark,
  useAutoRefresh,
  useColorSync,
  useDashboardEventLog,
  useRevealComponent,
  withoutRefreshLog,
} from './pageHooks';
import { DashboardPageContext, type DashboardPageServices } from './pageContext';
import { dashboardPermissions, initialEditMode } from './permissions';
import { chartsActions } from './state/chartsSlice';
import { dashboardInfoActions } from './state/dashboardInfoSlice';
import { dashboardStateActions } from './state/dashboardStateSlice';
import { layoutActions } from './state/layoutSlice';
import { selectHasUnsavedChanges } from './state/thunks';
import { ACTIVE_TABS_PARAM, activateTab, activeTabsParam, parseActiveTabsParam, resolveActiveTabs, revealComponent } from './tabsState';
import { guestDashboardPermissions, useEmbeddedDashboard, useEmbeddedFilterBar } from './embedded/embeddedContext';
import { EmbeddedDashboardHeader } from './embedded/EmbeddedDashboardHeader';
import { useGetVersionQuery } from '../versions/versionApi';
import { previewVersionOf, withVersionState } from '../versions/preview';
import { usePageTheme } from '../core/ThemeProvider';
import './dashboard.css';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The key the dashboard is loaded by: the address's id or slug, except that an address naming the
 * dashboard already shown (by its other key, as after a save that gave it a slug) keeps it.
 */
function useQueryKey(idOrSlug: string): string {
  const shown = useAppSelector((s) => ({ id: s.dashboardInfo.id, slug: s.dashboardInfo.slug }), shallowEqual);
  const [key, setKey] = useState(idOrSlug);
  const sameDashboard = shown.id > 0 && (idOrSlug === String(shown.id) || (shown.slug !== null && idOrSlug === shown.slug));
  if (key !== idOrSlug && !sameDashboard) setKey(idOrSlug);
  return key;
}

interface Loaded {
  id: number;
  positionJson: string | null;
  charts: DashboardChart[];
}

/** Puts a loaded (or reloaded) dashboard into the store; the first load also reads the address. */
function useHydration(detail: DashboardDetail | undefined, charts: DashboardChart[] | undefined, preview: boolean): number | null {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const embedded = useEmbeddedDashboard() !== null;
  const loaded = useRef<Loaded | null>(null);
  const [hydratedId, setHydratedId] = useState<number | null>(null);
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(() => {
    if (!detail || !charts) return;
    const previous = loaded.current;
    const sameDashboard = previous?.id === detail.id;
    const { dashboardState } = store.getState();
    // while editing, a newer server copy does not replace what is being edited
    if (sameDashboard && dashboardState.editMode) return;
    const { search, hash, pathname } = locationRef.current;
    const urlParams = parseDashboardUrlParams(search);
    const ownPermissions = dashboardPermissions(user, detail.owners);
    // an embedded dashboard's guest only looks (embedded/embeddedContext.ts)
    // a guest only looks, and so does anyone previewing an earlier version (issue 30 item 1)
    const permissions = embedded || preview ? guestDashboardPermissions(ownPermissions) : ownPermissions;
    dispatch(dashboardInfoActions.hydrate({ ...detail, ...permissions }));
    const layoutChanged = !sameDashboard || previous.positionJson !== detail.position_json || previous.charts !== charts;
    if (layoutChanged) dispatch(layoutActions.resetLayout(parsePositionJson(detail.position_json, charts)));
    dispatch(chartsActions.hydrate({ charts, force: !sameDashboard && urlParams.force }));
    loaded.current = { id: detail.id, positionJson: detail.position_json, charts };

    const layout = store.getState().dashboardLayout.present;
    const metadata = store.getState().dashboardInfo.json_metadata;
    const sliceIds = charts.map((c) => c.id);
    if (sameDashboard) {
      dispatch(
        dashboardStateActions.synced({
          css: detail.css ?? '',
          isPublished: detail.published,
          colorScheme: metadata.color_scheme ?? null,
          labelColors: metadata.label_colors ?? {},
          sliceIds,
        }),
      );
      const resolved = resolveActiveTabs(layout, store.getState().dashboardState.activeTabs);
      if (!sameList(resolved, store.getState().dashboardState.activeTabs)) dispatch(dashboardStateActions.setActiveTabs(resolved));
      return;
    }

    // the first load: active tabs from the address, then the anchor's and the focused chart's tabs
    let activeTabs = resolveActiveTabs(layout, parseActiveTabsParam(new URLSearchParams(search).get(ACTIVE_TABS_PARAM)));
    let reveal: string | null = null;
    const anchor = anchorFromHash(hash);
    if (anchor && layout[anchor]) {
      activeTabs = revealComponent(layout, activeTabs, anchor);
      reveal = anchor;
    }
    const focused = urlParams.focusedChartId !== null ? (layoutChartsByComponent(layout).get(urlParams.focusedChartId) ?? null) : null;
    if (focused) {
      activeTabs = revealComponent(layout, activeTabs, focused);
      reveal = focused;
    }
    dispatch(
      dashboardStateActions.hydrate({
        css: detail.css ?? '',
        sliceIds,
        isPublished: detail.published,
        editMode: initialEditMode(urlParams.edit, permissions),
        colorScheme: metadata.color_scheme ?? null,
        labelColors: metadata.label_colors ?? {},
        expandedSlices: Object.fromEntries(Object.entries(metadata.expanded_slices ?? {}).map(([k, v]) => [Number(k), Boolean(v)])),
        refreshFrequency: metadata.refresh_frequency ?? 0,
        activeTabs,
        directPathToChild: reveal ? pathToComponent(layout, reveal) : [],
        focusedChartId: urlParams.focusedChartId,
      }),
    );
    // "A focused-chart parameter is read and then removed from the address."
    if (urlParams.focusedChartId !== null) {
      void navigate(`${pathname}${withoutParam(search, DASHBOARD_URL_PARAMS.focusedChart)}${hash}`, { replace: true });
    }
    setHydratedId(detail.id);
  }, [detail, charts, dispatch, store, navigate, user, embedded, preview]);

  return hydratedId;
}

/** The active tabs follow the layout (a tab deleted or added while editing). */
function useActiveTabsFollowLayout(): void {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  useEffect(() => {
    let layout = store.getState().dashboardLayout.present;
    return store.subscribe(() => {
      const s = store.getState();
      if (s.dashboardLayout.present === layout) return;
      layout = s.dashboardLayout.present;
      const resolved = resolveActiveTabs(layout, s.dashboardState.activeTabs);
      if (!sameList(resolved, s.dashboardState.activeTabs)) dispatch(dashboardStateActions.setActiveTabs(resolved));
    });
  }, [store, dispatch]);
}

/** Leaving the page (or closing the browser tab) with unsaved edits asks first. */
function useUnsavedChangesGuard(): void {
  const unsaved = useAppSelector((s) => s.dashboardState.editMode && selectHasUnsavedChanges(s));
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}

/**
 * The header stays in view while the dashboard scrolls; its height is published as
 * `--rama-dash-header-height` so that the edit palette can stay in view beneath it.
 */
function StickyHeader({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    const page = el?.closest<HTMLElement>('.rama-dashboard');
    if (!el || !page) return;
    const observer = new ResizeObserver(() => page.style.setProperty('--rama-dash-header-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      page.style.removeProperty('--rama-dash-header-height');
    };
  }, []);
  return (
    <div ref={ref} className="rama-dash-header-wrap">
      {children}
    </div>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const params = useParams();
  // embedded (`/embedded/{uuid}`): the embedding names the dashboard
  const embedded = useEmbeddedDashboard();
  const idOrSlug = embedded ? String(embedded.dashboardId) : (params.idOrSlug ?? '');
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const urlParams = useMemo(() => parseDashboardUrlParams(location.search), [location.search]);
  const queryKey = useQueryKey(idOrSlug);

  // a visit shows what is cached at once and reads the server again
  const detailQuery = useGetDashboardQuery(queryKey, { refetchOnMountOrArgChange: true });
  const chartsQuery = useGetDashboardChartsQuery(queryKey, { refetchOnMountOrArgChange: true });
  const datasetsQuery = useGetDashboardDatasetsQuery(queryKey, { refetchOnMountOrArgChange: true });
  // the current key's replies only: while another dashboard loads, the last one's must not mix in
  const previewVersion = useMemo(() => previewVersionOf(location.search), [location.search]);
  const current = detailQuery.currentData;
  const previewQuery = useGetVersionQuery(
    previewVersion && current ? { type: 'dashboard', id: current.id, version: previewVersion } : skipToken,
  );
  const previewState = previewQuery.data?.state as DashboardVersionState | undefined;
  // a version previewed: today's dashboard (its charts, data, owners) drawn with that version's layout, title, metadata and CSS
  const detail = useMemo(
    () => (previewVersion === null || !current ? current : previewState ? withVersionState(current, previewState) : undefined),
    [previewVersion, current, previewState],
  );
  const hydratedId = useHydration(detail, chartsQuery.currentData, previewVersion !== null);

  // the datasets the charts draw with (verbose names, formats); charts query without waiting for them
  const datasets = datasetsQuery.currentData;
  useEffect(() => {
    if (datasets) dispatch(chartsActions.datasetsLoaded(datasets));
    else if (datasetsQuery.isError) dispatch(chartsActions.datasetsFailed());
    else if (datasetsQuery.isFetching) dispatch(chartsActions.datasetsLoading());
  }, [datasets, datasetsQuery.isError, datasetsQuery.isFetching, dispatch]);

  // the charts' states belong to this visit
  useEffect(() => () => void dispatch(chartsActions.reset()), [dispatch]);

  const info = useAppSelector(
    (s) => ({ id: s.dashboardInfo.id, title: s.dashboardInfo.dashboard_title, canEdit: s.dashboardInfo.dash_edit_perm }),
    shallowEqual,
  );
  const editMode = useAppSelector((s) => s.dashboardState.editMode);
  const css = useAppSelector((s) => s.dashboardState.css);
  // a dashboard's own CSS was written against the light look: it keeps it, whatever the user chose
  usePageTheme(css.trim() ? 'light' : null);
  const colorScheme = useAppSelector((s) => s.dashboardState.colorScheme);
  const labelColors = useAppSelector((s) => s.dashboardState.labelColors);
  const refreshFrequency = useAppSelector((s) => s.dashboardState.refreshFrequency);
  const ready = hydratedId !== null && hydratedId === info.id;

  useDocumentTitle(ready ? info.title : t('common:dashboard'));
  const { kit } = useEditKitLoader(ready && editMode);
  useHideNavigation(urlParams.uiConfig.hideNav);
  useActiveTabsFollowLayout();
  useRevealComponent();
  useUnsavedChangesGuard();

  const [queue] = useState(() => new ChartLoadQueue());
  const [near] = useState(() => new NearCharts());
  const [watcher] = useState(() => new ViewportWatcher());
  useEffect(() => () => watcher.disconnect(), [watcher]);

  const labelColorsKey = JSON.stringify(labelColors);
  const colors = useMemo(
    () =>
      new DashboardColorRegistry({
        colorScheme,
        labelColors: JSON.parse(labelColorsKey) as Record<string, string>,
        mapLabelColors: store.getState().dashboardInfo.json_metadata.map_label_colors,
      }),
    // a new registry for another dashboard, scheme or forced colours; synced map_label_colors do not start one over
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [info.id, colorScheme, labelColorsKey, store],
  );
  useColorSync(colors, ready && info.canEdit);
  useAutoRefresh(ready ? refreshFrequency : 0, editMode);
  useAllRenderedMark({ ready, queue, near, dashboardId: info.id });
  useDashboardEventLog({ ready, dashboardId: info.id });
  useNativeFilters(ready, info.id);
  useEmbeddedFilterBar(ready);
  const filterBarOrientation = useAppSelector((s) => s.dashboardInfo.filterBarOrientation);
  const hasFilters = useAppSelector((s) => s.nativeFilters.filters.length > 0);

  const onTabChange = useCallback(
    (tabId: string) => {
      const s = store.getState();
      const layout = s.dashboardLayout.present;
      const next = activateTab(layout, s.dashboardState.activeTabs, tabId);
      dispatch(dashboardStateActions.setActiveTabs(next));
      const siblings = Object.values(layout).find((item) => item.children.includes(tabId))?.children ?? [];
      logDashboardEvent(LOG_ACTIONS.SELECT_DASHBOARD_TAB, s.dashboardInfo.id, {
        target_id: tabId,
        target_name: layout[tabId]?.meta?.text ?? '',
        index: siblings.indexOf(tabId),
      });
      // the active tabs live in the address (a reload or a shared link opens them); an old anchor goes
      const search = withSearchParam(window.location.search, ACTIVE_TABS_PARAM, activeTabsParam(layout, next));
      void navigate(`${window.location.pathname}${search}`, { replace: true });
    },
    [store, dispatch, navigate],
  );

  const refreshDashboard = useCallback(() => {
    logDashboardEvent(LOG_ACTIONS.FORCE_REFRESH_DASHBOARD, info.id);
    withoutRefreshLog(() => dispatch(chartsActions.triggerRefresh({ force: true })));
  }, [dispatch, info.id]);

  const reportMode = urlParams.standalone === DASHBOARD_STANDALONE.Report;
  const display = useMemo(
    () => ({
      editMode,
      reportMode,
      hideChartControls: urlParams.uiConfig.hideChartControls || reportMode,
      hideTabs: urlParams.uiConfig.hideTabs && !editMode,
    }),
    [editMode, reportMode, urlParams.uiConfig.hideChartControls, urlParams.uiConfig.hideTabs],
  );
  const services = useMemo<DashboardPageServices>(
    () => ({ dashboardId: info.id, queue, watcher, near, colors, display, onTabChange }),
    [info.id, queue, watcher, near, colors, display, onTabChange],
  );

  const contentRef = useRef<HTMLElement>(null);
  const scopedCss = useMemo(
    () => (css && info.id ? scopeDashboardCss(sanitizeDashboardCss(css), `.rama-dashboard-${info.id}`) : ''),
    [css, info.id],
  );

  // /rama/dashboard/5/?permalink_key=… opens the permalink
  const permalinkKey = urlParams.permalinkKey;
  useEffect(() => {
    if (permalinkKey) void navigate(`/rama/dashboard/p/${encodeURIComponent(permalinkKey)}/`, { replace: true });
  }, [permalinkKey, navigate]);

  const error = detailQuery.error ?? chartsQuery.error;
  if (error && !ready) {
    const status = toClientError(error).status;
    return (
      <div className="rama-dashboard-state">
        <Result
          status={status === 404 ? '404' : 'warning'}
          title={status === 404 ? t('page.notFound') : t('page.cannotOpen')}
          subTitle={status === 404 ? DashboardMessage.NOT_FOUND : toClientError(error).message}
          extra={embedded ? undefined : <Button href="/dashboard/list/">{t('page.goToDashboards')}</Button>}
        />
      </div>
    );
  }
  if (!ready) {
    return (
      <div className="rama-dashboard-state">
        <Spin size="large" />
      </div>
    );
  }

  const fullscreen = urlParams.standalone === DASHBOARD_STANDALONE.HideNav;
  const showHeader = editMode || (!urlParams.uiConfig.hideTitle && !reportMode);
  const toggleFullscreen = () => {
    const search = withSearchParam(
      location.search,
      DASHBOARD_URL_PARAMS.standalone,
      fullscreen ? null : String(DASHBOARD_STANDALONE.HideNav),
    );
    void navigate(`${location.pathname}${search}${location.hash}`);
  };
  const className = [
    'rama-dashboard',
    `rama-dashboard-${info.id}`,
    editMode ? 'rama-dashboard--editing' : '',
    urlParams.standalone ? 'rama-dashboard--standalone' : '',
  ]
    .filter(Boolean)
    .join(' ');

  // the filter bar: shown unless the address asks for the bare charts (report, or show_filters=0 style configs)
  const showFilterBar =
    !reportMode && !urlParams.uiConfig.hideChartControls && (hasFilters || info.canEdit) && !editMode && embedded?.ui.showFilters !== false;
  const content = (
    <div className="rama-dash-body">
      {showFilterBar && filterBarOrientation === 'VERTICAL' && <FilterBar orientation="VERTICAL" />}
      <main ref={contentRef} className="rama-dash-content">
        <DashboardGrid onEdit={info.canEdit ? () => dispatch(dashboardStateActions.setEditMode(true)) : undefined} />
      </main>
      {kit && <kit.BuilderPane />}
    </div>
  );

  return (
    <DashboardPageContext.Provider value={services}>
      <EditKitContext.Provider value={kit}>
        <div className={className} data-test="dashboard" data-dashboard-id={info.id}>
          {scopedCss && <style>{scopedCss}</style>}
          {showHeader && (
            <StickyHeader>
              {embedded ? (
                <EmbeddedDashboardHeader onRefresh={refreshDashboard} contentElement={() => contentRef.current} />
              ) : (
                <DashboardHeader
                  fullscreen={fullscreen}
                  onRefresh={refreshDashboard}
                  onToggleFullscreen={toggleFullscreen}
                  onEdit={() => dispatch(dashboardStateActions.setEditMode(true))}
                  contentElement={() => contentRef.current}
                />
              )}
            </StickyHeader>
          )}
          {previewVersion !== null && (
            <Alert
              className="rama-version-banner"
              type="info"
              showIcon
              data-test="version-preview-banner"
              message={t('page.previewVersion', { version: previewVersion })}
              action={
                <Button
                  size="small"
                  onClick={() => void navigate(`${location.pathname}${withSearchParam(location.search, 'version', null)}`)}
                >
                  {t('page.backToCurrent')}
                </Button>
              }
            />
          )}
          {previewQuery.error && <Alert type="error" showIcon message={toClientError(previewQuery.error).message} />}
          {showFilterBar && filterBarOrientation === 'HORIZONTAL' && <FilterBar orientation="HORIZONTAL" />}
          {kit ? <kit.DashboardDndProvider>{content}</kit.DashboardDndProvider> : content}
          <FullSizeChart />
          {info.canEdit && <FiltersConfigModal />}
        </div>
      </EditKitContext.Provider>
    </DashboardPageContext.Provider>
  );
}
