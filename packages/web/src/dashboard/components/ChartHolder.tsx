/**
 * One chart on the dashboard (issue 12 part 3): a card with the chart's title, its description on
 * demand and its menu, sized from the layout. Its query runs through the page's queue once the card
 * is near the viewport (and again on a refresh); what is drawn stays drawn. DOM markers:
 * `data-test="dashboard-chart"`, `data-chart-id`, `data-status` (the chart status; "rendered" once
 * drawn).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Spin, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardChart, ExploreDatasource, LayoutItem, QueryFormData } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { useGetChartQuery } from '../../charts/chartApi';
import { withAnnotationData } from '../../explore/chartState';
import { fetchExploreDatasource } from '../../explore/exploreApi';
import { useChartDataTimeoutMs } from '../../explore/chartTimeout';
import { ChartRenderer, preloadChart } from '../../visualizations/ChartRenderer';
import { ChartErrorAlert } from '../../visualizations/ChartErrorAlert';
import { dashboardFormData, runDashboardChartQuery } from '../chartData';
import { dashboardChartFromDetail } from '../../charts/dashboardChart';
import { useEditKit } from '../editKit';
import { chartAreaSize } from '../gridGeometry';
import { useDashboardPage } from '../pageContext';
import { chartsActions } from '../state/chartsSlice';
import { dashboardStateActions } from '../state/dashboardStateSlice';
import { layoutActions } from '../state/layoutSlice';
import { ChartMenu } from './ChartMenu';
import { ChartContextMenu } from '../drill';
import { FilterIndicators } from '../nativeFilters/FilterIndicators';
import { NativeFilterMessage } from '../nativeFilters/messages';
import { makeSelectChartExtraFormData, selectHeldCharts } from '../nativeFilters/selectors';
import { nativeFiltersActions } from '../state/nativeFiltersSlice';
import type { ChartContextPoint, ChartInteraction } from '../../visualizations/types';
import { DashboardMessage } from '../messages';
import { RowLimitWarning } from '../embedded/RowLimitWarning';

/** Datasets fetched one by one (charts added while editing), shared by every card that needs one. */
const datasourceLoads = new Map<string, Promise<ExploreDatasource>>();

function loadDatasource(uid: string): Promise<ExploreDatasource> | null {
  const m = /^(\d{1,10})__table$/.exec(uid);
  if (!m) return null;
  let load = datasourceLoads.get(uid);
  if (!load) {
    load = fetchExploreDatasource(Number(m[1]));
    load.catch(() => datasourceLoads.delete(uid));
    datasourceLoads.set(uid, load);
  }
  return load;
}

/** A chart put on the dashboard while editing: its definition (and dataset) fetched on its own. */
function useChartDefinition(chartId: number, slice: DashboardChart | undefined): { missing: boolean } {
  const dispatch = useAppDispatch();
  const { data: detail, isError } = useGetChartQuery(chartId, { skip: Boolean(slice) || chartId <= 0 });
  useEffect(() => {
    if (!slice && detail) dispatch(chartsActions.addSlices([dashboardChartFromDetail(detail)]));
  }, [slice, detail, dispatch]);
  return { missing: !slice && (isError || chartId <= 0) };
}

/** The dataset a chart draws with; `settled` once it is there or cannot be had (the chart then draws without it). */
function useDatasource(slice: DashboardChart | undefined): { datasource: ExploreDatasource | null; settled: boolean } {
  const dispatch = useAppDispatch();
  const uid = slice && typeof slice.form_data.datasource === 'string' ? slice.form_data.datasource : '';
  const datasource = useAppSelector((s) => (uid ? s.dashboardCharts.datasources[uid] : undefined));
  const datasetsStatus = useAppSelector((s) => s.dashboardCharts.datasetsStatus);
  const [failedUid, setFailedUid] = useState<string | null>(null);
  useEffect(() => {
    if (!uid || datasource || datasetsStatus === 'loading') return;
    const load = loadDatasource(uid);
    if (!load) {
      setFailedUid(uid);
      return;
    }
    load.then(
      (ds) => dispatch(chartsActions.datasourceLoaded(ds)),
      () => setFailedUid(uid),
    );
  }, [uid, datasource, datasetsStatus, dispatch]);
  return {
    datasource: datasource ?? null,
    settled: Boolean(datasource) || datasetsStatus === 'error' || (uid !== '' && failedUid === uid),
  };
}

interface ChartHolderProps {
  item: LayoutItem;
  parentId: string;
  /** the card's outer size */
  width: number;
  height: number;
  /** fill the box it is in (edit mode's resize handles) instead of taking the size */
  fill?: boolean;
  /** edit mode's drag grip */
  dragHandle?: ReactNode;
}

export const ChartHolder = memo(function ChartHolder({ item, parentId, width, height, fill = false, dragHandle }: ChartHolderProps) {
  const { t } = useTranslation('dashboard');
  const chartId = Number(item.meta?.chartId ?? 0);
  const dispatch = useAppDispatch();
  const { dashboardId, queue, watcher, near, colors, display } = useDashboardPage();
  const kit = useEditKit();
  const slice = useAppSelector((s) => s.dashboardCharts.slices[chartId]);
  const chart = useAppSelector((s) => s.dashboardCharts.byId[chartId]);
  const expanded = useAppSelector((s) => Boolean(s.dashboardState.expandedSlices[chartId]));
  const { missing } = useChartDefinition(chartId, slice);
  const selectFilters = useMemo(() => makeSelectChartExtraFormData(chartId), [chartId]);
  const reaching = useAppSelector(selectFilters);
  const extraFormData = reaching.extraFormData;
  const filtersReady = useAppSelector((s) => s.nativeFilters.initialized);
  const held = useAppSelector((s) => selectHeldCharts(s).has(chartId));
  const crossFilter = useAppSelector((s) => s.nativeFilters.dataMask[String(chartId)]?.filterState.filters ?? null);
  const crossFiltersOn = useAppSelector((s) => s.dashboardInfo.crossFiltersEnabled);
  const inFocusedScope = useAppSelector((s) => {
    const focused = s.nativeFilters.focusedFilterId;
    if (!focused) return null;
    const f = s.nativeFilters.filters.find((x) => x.id === focused);
    return Boolean(f?.chartsInScope?.includes(chartId));
  });
  const { datasource, settled: datasourceReady } = useDatasource(slice);
  const cardRef = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);

  // near the viewport (and in an active tab: hidden panes never intersect)
  useEffect(() => {
    const el = cardRef.current;
    if (!el) return;
    return watcher.observe(el, setIsNear);
  }, [watcher]);
  useEffect(() => {
    near.set(chartId, isNear && Boolean(slice));
    return () => near.set(chartId, false);
  }, [near, chartId, isNear, slice]);

  // a change in what the filters ask of the chart queries it again (when it is next near)
  const lastExtra = useRef(extraFormData);
  useEffect(() => {
    if (lastExtra.current === extraFormData) return;
    lastExtra.current = extraFormData;
    dispatch(chartsActions.triggerRefresh({ chartIds: [chartId], force: false }));
  }, [extraFormData, chartId, dispatch]);

  // the chart's code loads while its query runs
  useEffect(() => {
    if (isNear && slice) preloadChart(slice.viz_type);
  }, [isNear, slice]);

  // a wanted query runs through the page's queue once the card is near; leaving the page aborts it
  const running = useRef<AbortController | null>(null);
  const timeoutMs = useChartDataTimeoutMs();
  const triggerQuery = chart?.triggerQuery ?? false;
  const force = chart?.force ?? false;
  const ownState = chart?.ownState ?? null;
  useEffect(() => {
    // charts wait for the filters' starting values, and for a required filter's value
    if (!isNear || !triggerQuery || !slice || !filtersReady || held) return;
    return queue.enqueue(chartId, async () => {
      const controller = new AbortController();
      running.current = controller;
      try {
        await runDashboardChartQuery(dispatch, {
          slice,
          dashboardId,
          force,
          ownState,
          extraFormData,
          signal: controller.signal,
          timeoutMs,
        });
      } finally {
        if (running.current === controller) running.current = null;
      }
    });
  }, [isNear, triggerQuery, force, ownState, slice, chartId, dashboardId, queue, dispatch, filtersReady, held, extraFormData, timeoutMs]);
  useEffect(() => () => running.current?.abort(), []);

  const title = item.meta?.sliceNameOverride || slice?.slice_name || item.meta?.sliceName || '';
  const description = slice?.description?.trim() || '';
  const descriptionRef = useRef<HTMLDivElement>(null);
  const [descriptionHeight, setDescriptionHeight] = useState(0);
  useLayoutEffect(() => {
    setDescriptionHeight(expanded && description ? (descriptionRef.current?.offsetHeight ?? 0) : 0);
  }, [expanded, description, width]);
  const area = chartAreaSize({ width, height }, descriptionHeight);

  const chartScheme = typeof slice?.form_data.color_scheme === 'string' ? slice.form_data.color_scheme : null;
  const colorScale = useMemo(() => colors.scaleForChart(chartId, chartScheme), [colors, chartId, chartScheme]);
  const formData = useMemo((): QueryFormData | null => {
    if (!slice) return null;
    const fd = dashboardFormData(slice, dashboardId);
    // the dashboard's scheme overrides the chart's
    return { ...fd, color_scheme: colors.schemeFor(chartScheme) };
  }, [slice, dashboardId, colors, chartScheme]);
  const queriesData = useMemo(
    () => (chart ? withAnnotationData(chart.queriesResponse, chart.annotationData) : null),
    [chart?.queriesResponse, chart?.annotationData], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const [contextPoint, setContextPoint] = useState<ChartContextPoint | null>(null);
  const emitCrossFilter = useCallback(
    (filters: Record<string, unknown[]> | null, label?: string) =>
      dispatch(nativeFiltersActions.setCrossFilter({ chartId, filters, label })),
    [dispatch, chartId],
  );
  const interaction = useMemo((): ChartInteraction | undefined => {
    if (display.editMode || display.reportMode) return undefined;
    return {
      crossFilter,
      emitCrossFilter: crossFiltersOn ? emitCrossFilter : undefined,
      onContextMenu: display.hideChartControls ? undefined : setContextPoint,
    };
  }, [display.editMode, display.reportMode, display.hideChartControls, crossFilter, crossFiltersOn, emitCrossFilter]);

  const onRenderSuccess = useCallback(() => dispatch(chartsActions.chartRendered({ chartId, at: Date.now() })), [dispatch, chartId]);
  const onRenderFailure = useCallback(
    (message: string) => dispatch(chartsActions.chartEvent({ chartId, event: { type: 'renderFailed', message } })),
    [dispatch, chartId],
  );
  const setOwnState = useCallback(
    (next: Record<string, unknown>) => dispatch(chartsActions.setOwnState({ chartId, ownState: next })),
    [dispatch, chartId],
  );

  const status = chart?.chartStatus ?? null;
  const loading = status === 'loading';
  const failed = status === 'failed';
  const canDraw = Boolean(formData && queriesData && !failed && datasourceReady && area.width > 0 && area.height > 0);
  const showMenu = !display.reportMode && !display.hideChartControls && Boolean(slice);

  const renameInEditMode = (text: string) => {
    const next = text.trim();
    const override = next && next !== slice?.slice_name ? next : undefined;
    if ((item.meta?.sliceNameOverride || undefined) === override) return;
    dispatch(layoutActions.updateComponents({ [item.id]: { ...item, meta: { ...item.meta, sliceNameOverride: override } } }));
  };

  let body: ReactNode;
  if (held) {
    body = <Alert type="info" showIcon title={NativeFilterMessage.REQUIRED_FILTER_WAITING} className="rama-dash-chart-alert" />;
  } else if (missing) {
    body = <Alert type="warning" showIcon title={DashboardMessage.NO_CHART_DEFINITION} className="rama-dash-chart-alert" />;
  } else if (failed) {
    body = (
      <ChartErrorAlert
        message={chart?.chartAlert ?? DashboardMessage.GENERIC}
        hints={chart?.chartAlertHints}
        className="rama-dash-chart-alert"
      />
    );
  } else if (status === 'stopped') {
    body = <Alert type="warning" showIcon title={chart?.chartAlert} className="rama-dash-chart-alert" />;
  } else if (canDraw && formData && queriesData) {
    body = (
      <ChartRenderer
        vizType={formData.viz_type}
        formData={formData}
        queriesData={queriesData}
        datasource={datasource}
        width={area.width}
        height={area.height}
        ownState={ownState ?? undefined}
        setOwnState={setOwnState}
        interaction={interaction}
        colorScale={colorScale}
        onRenderSuccess={onRenderSuccess}
        onRenderFailure={onRenderFailure}
      />
    );
  } else {
    body = null;
  }
  // a spinner while the query runs or waits its turn, and while the dataset it draws from loads
  const waiting = !missing && !held && (loading || (isNear && triggerQuery) || (Boolean(queriesData) && !failed && !datasourceReady));

  return (
    <div
      ref={cardRef}
      className={`rama-dash-chart${loading ? ' is-loading' : ''}${inFocusedScope === true ? ' is-in-filter-scope' : ''}${
        inFocusedScope === false ? ' is-out-of-filter-scope' : ''
      }`}
      style={fill ? { width: '100%', height: '100%' } : { width, height }}
      data-test="dashboard-chart"
      data-chart-id={chartId}
      data-status={status ?? 'idle'}
      data-component-id={item.id}
    >
      <div className="rama-dash-chart-header">
        {dragHandle}
        <div className="rama-dash-chart-title">
          {display.editMode ? (
            <Typography.Text editable={{ onChange: renameInEditMode, tooltip: t('chart.editTitle'), maxLength: 250 }}>
              {title}
            </Typography.Text>
          ) : (
            <span title={title}>{title}</span>
          )}
        </div>
        <div className="rama-dash-chart-tools">
          {!display.editMode && !display.reportMode && (
            <FilterIndicators chartId={chartId} rejected={chart?.queriesResponse?.[0]?.rejected_filters ?? null} />
          )}
          <RowLimitWarning chartId={chartId} />
          {description && (
            <Tooltip title={expanded ? t('chart.hideDescription') : t('chart.showDescription')}>
              <Button
                type="text"
                size="small"
                icon={<InfoCircleOutlined />}
                aria-label={t('chart.toggleDescriptionLabel')}
                aria-pressed={expanded}
                onClick={() => dispatch(dashboardStateActions.setExpandedSlice({ chartId, expanded: !expanded }))}
              />
            </Tooltip>
          )}
          {showMenu && slice && (
            <ChartMenu
              slice={slice}
              componentId={item.id}
              title={title}
              chart={chart}
              cardRef={cardRef}
              onToggleDescription={
                description ? () => dispatch(dashboardStateActions.setExpandedSlice({ chartId, expanded: !expanded })) : undefined
              }
            />
          )}
          {display.editMode && kit && <kit.ComponentMenu id={item.id} parentId={parentId} />}
        </div>
      </div>
      {expanded && description && (
        <div ref={descriptionRef} className="rama-dash-chart-description">
          {description}
        </div>
      )}
      <div className="rama-dash-chart-body" style={{ width: area.width, height: area.height }}>
        {body}
        {contextPoint && slice && formData && (
          <ChartContextMenu
            chartId={chartId}
            sliceName={title}
            formData={{ ...formData, ...(Object.keys(extraFormData).length ? { extra_form_data: extraFormData } : {}) }}
            datasource={datasource}
            point={contextPoint}
            crossFilterEnabled={crossFiltersOn}
            onCrossFilter={(filters) => emitCrossFilter(filters)}
            onClose={() => setContextPoint(null)}
          />
        )}
        {waiting && (
          <div className="rama-dash-chart-loading" role="status" aria-label={t('chart.loading')}>
            <Spin />
          </div>
        )}
      </div>
    </div>
  );
});
