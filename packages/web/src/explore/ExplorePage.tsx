/**
 * The Explore page `/explore/` and `/explore/p/:key/` (issue 11 parts 3 and 4): datasource pane,
 * viz type and controls, the chart with its data, and the header's save and share actions.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { Navigate, useLocation, useParams } from 'react-router';
import { Alert, Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LOG_ACTIONS,
  changedControls,
  chartTimingEvents,
  controlsOf,
  getVizDefinition,
  hasValidationErrors,
  logEventType,
  validateControls,
  type ControlContext,
} from '@rama/shared';
import { errorMessage } from '../core/api';
import { useAppDispatch, useAppSelector, useDocumentTitle, useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { logEvent } from '../core/logger';
import type { RootState } from '../core/state';
import { ControlPanel } from './controls/ControlPanel';
import { controlText } from './controls/controlTexts';
import { ChartPane } from './ChartPane';
import { DatasourcePane } from './DatasourcePane';
import { ExploreHeader } from './ExploreHeader';
import { RunFooter } from './RunFooter';
import { VizTypePicker } from './VizTypePicker';
import { RetiredChartNotice } from './RetiredChartNotice';
import { useLazyGetExploreQuery } from './exploreApi';
import { exploreActions } from './exploreSlice';
import { exploreParamsFromUrl, forceFromUrl } from './exploreUrl';
import { useChartRunner } from './useChartRunner';
import { useFormDataSync } from './useFormDataSync';
import { ExploreMessage } from './messages';
import { t as translate } from '../i18n';
import { datasetLabel } from '../datasets/datasetName';
import { StandaloneChart, useStandaloneChartId } from './StandaloneChart';
import './explore.css';

function useExploreLoader(onLoaded: () => void): { ownUrl: (url: string) => void } {
  const dispatch = useAppDispatch();
  // DEFAULT_TIME_FILTER: the time range a new chart starts with
  const defaultTimeFilter = useSession().bootstrap.conf.DEFAULT_TIME_FILTER;
  const location = useLocation();
  const { key: permalinkKey } = useParams();
  const [getExplore] = useLazyGetExploreQuery();
  const ownSearch = useRef<string | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    // the page put this address there itself (unsaved edits stored): nothing to load
    if (ownSearch.current === here) return;
    ownSearch.current = null;
    const params = exploreParamsFromUrl(location.search, permalinkKey);
    if (!params) {
      dispatch(exploreActions.loadFailed(translate('explore:page.chooseDataset')));
      return;
    }
    let cancelled = false;
    dispatch(exploreActions.loadStarted());
    getExplore(params)
      .unwrap()
      .then((bootstrap) => {
        if (cancelled) return;
        const formDataKey = 'form_data_key' in params && params.form_data_key ? params.form_data_key : null;
        dispatch(exploreActions.bootstrapped({ bootstrap, formDataKey, force: forceFromUrl(location.search), defaultTimeFilter }));
        onLoadedRef.current();
      })
      .catch((e: unknown) => {
        if (!cancelled) dispatch(exploreActions.loadFailed(errorMessage(e)));
      });
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.search, permalinkKey, dispatch, getExplore, defaultTimeFilter]);

  const ownUrl = useCallback((url: string) => {
    ownSearch.current = url;
  }, []);
  return { ownUrl };
}

/** One Explore event: the chart (0 while unsaved) is its source, and a saved chart's id goes with it. */
function logExploreEvent(name: string, sliceId: number | null, payload: Record<string, unknown> = {}): void {
  logEvent(
    name,
    { ...(sliceId ? { slice_id: sliceId } : {}), ...payload },
    {
      source: 'explore',
      sourceId: sliceId ?? 0,
      eventType: logEventType(name),
    },
  );
}

/**
 * Explore's event log (issue 27 item 5), as the peer records it: `mount_explorer` once the chart
 * is open, `change_explore_controls` when the user changes controls, and `load_chart` /
 * `render_chart` timings of each run.
 */
function useExploreEventLog(): void {
  const store = useStore<RootState>();
  useEffect(() => {
    let explore = store.getState().explore;
    let mounted = explore.loadStatus === 'ready';
    if (mounted) logExploreEvent(LOG_ACTIONS.MOUNT_EXPLORER, explore.slice?.slice_id ?? null);
    return store.subscribe(() => {
      const next = store.getState().explore;
      if (next === explore) return;
      const prev = explore;
      explore = next;
      if (next.loadStatus !== 'ready') {
        mounted = false;
        return;
      }
      const sliceId = next.slice?.slice_id ?? null;
      if (!mounted) {
        // a chart (or another chart) opened: its form data is where editing starts
        mounted = true;
        logExploreEvent(LOG_ACTIONS.MOUNT_EXPLORER, sliceId);
        return;
      }
      if (prev.formData !== next.formData && next.edited) {
        const changed = changedControls(prev.formData, next.formData);
        if (changed.length) logExploreEvent(LOG_ACTIONS.CHANGE_EXPLORE_CONTROLS, sliceId, { changed_controls: changed });
      }
      if (prev.chart !== next.chart) {
        const events = chartTimingEvents(prev.chart, next.chart, {
          sliceId,
          vizType: (next.renderFormData ?? next.formData).viz_type,
          timeOrigin: performance.timeOrigin,
          now: Date.now(),
        });
        for (const e of events) logExploreEvent(e.name, sliceId, e.payload);
      }
    });
  }, [store]);
}

/**
 * Explore, or the saved chart alone when the address asks for it standalone (report captures); keyed
 * by the chart, so going to another chart's address draws that chart from the start.
 */
export function ExplorePage() {
  const standaloneId = useStandaloneChartId();
  return standaloneId === null ? <ExploreEditor /> : <StandaloneChart key={standaloneId} sliceId={standaloneId} />;
}

function ExploreEditor() {
  const { t } = useTranslation('explore');
  const dispatch = useAppDispatch();
  const { bootstrap } = useSession();
  const sqlMaxRow = bootstrap.conf.SQL_MAX_ROW;
  const state = useAppSelector((s) => s.explore);
  const { formData, datasource, loadStatus } = state;
  const runner = useChartRunner();
  const { addInfoToast } = useToasts();
  const [ownState, setOwnState] = useState<Record<string, unknown> | undefined>(undefined);
  const runOnLoad = useRef(false);

  const definition = getVizDefinition(formData.viz_type);
  const controls = useMemo(() => (definition ? controlsOf(definition) : {}), [definition]);
  const context = useMemo<ControlContext>(() => ({ formData, datasource, sqlMaxRow }), [formData, datasource, sqlMaxRow]);
  // "setting a field revalidates controls"
  const errors = useMemo(() => (definition ? validateControls(definition, context) : {}), [definition, context]);
  const blocked = hasValidationErrors(errors);

  useExploreEventLog();
  const { ownUrl } = useExploreLoader(() => {
    runOnLoad.current = true;
  });
  useFormDataSync(formData, state.edited, state.formDataKey, state.slice?.slice_id ?? null, ownUrl);
  useDocumentTitle(state.sliceName || (datasource ? t('page.titleWithDataset', { dataset: datasetLabel(datasource) }) : t('page.title')));

  const run = useCallback(
    (force = false) => {
      if (blocked) return;
      setOwnState(undefined);
      runner.run(formData, { force: force || state.force });
    },
    [blocked, runner, formData, state.force],
  );

  // a saved chart, a permalink or a valid new chart runs at once; an invalid one waits for the user
  useEffect(() => {
    if (loadStatus !== 'ready' || !runOnLoad.current) return;
    runOnLoad.current = false;
    if (!blocked) run();
  }, [loadStatus, blocked, run]);

  // Ctrl+Enter / Cmd+Enter runs from anywhere on the page
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && loadStatus === 'ready') {
        e.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, loadStatus]);

  // "changing the datasource ... lists the transferred controls"
  useEffect(() => {
    if (state.controlsTransferred.length === 0) return;
    const labels = state.controlsTransferred.map((name) => controlText(controls[name]?.label ?? name));
    addInfoToast(t('page.controlsKept', { controls: labels.join(', ') }));
    dispatch(exploreActions.controlsTransferredSeen());
  }, [state.controlsTransferred, controls, addInfoToast, dispatch, t]);

  const onControlChange = useCallback(
    (name: string, value: unknown) => {
      dispatch(exploreActions.controlChanged({ name, value, renderTrigger: Boolean(controls[name]?.renderTrigger) }));
    },
    [dispatch, controls],
  );

  const onOwnStateChange = useCallback(
    (next: Record<string, unknown>) => {
      setOwnState(next);
      runner.run(state.renderFormData ?? formData, { ownState: next });
    },
    [runner, state.renderFormData, formData],
  );

  if (loadStatus === 'idle' || loadStatus === 'loading') {
    return (
      <div className="rama-explore rama-explore-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (loadStatus === 'error') {
    return (
      <div className="rama-explore rama-explore-loading">
        <Result
          status="warning"
          title={t('page.cannotOpen')}
          subTitle={state.loadError}
          extra={<Button href="/chart/list/">{t('page.goToCharts')}</Button>}
        />
      </div>
    );
  }

  // a bare /explore/ (no chart, no dataset): choose what to chart first, on the page "+ Chart" opens
  if (!datasource && !state.slice && !state.message) return <Navigate to="/chart/add" replace />;

  const loading = state.chart.chartStatus === 'loading';
  return (
    <div className="rama-explore">
      <ExploreHeader controls={controls} onSavedUrl={ownUrl} />
      {state.message && <Alert type="warning" showIcon banner title={state.message} />}
      <div className="rama-explore-body">
        <aside className="rama-explore-datasource" aria-label={t('common:dataset')}>
          <DatasourcePane />
        </aside>
        <section className="rama-explore-controls" aria-label={t('page.chartControls')}>
          <VizTypePicker vizType={formData.viz_type} onChange={(vizType) => dispatch(exploreActions.vizTypeChanged(vizType))} />
          <div className="rama-explore-control-scroll">
            {definition ? (
              <ControlPanel
                definition={definition}
                formData={formData}
                datasource={datasource}
                sqlMaxRow={sqlMaxRow}
                errors={errors}
                onChange={onControlChange}
              />
            ) : (
              <RetiredChartNotice formData={formData} />
            )}
          </div>
          <RunFooter
            loading={loading}
            stale={state.stale}
            hasResult={state.chart.queriesResponse !== null}
            errors={errors}
            controls={controls}
            onRun={() => run()}
            onStop={runner.stop}
          />
        </section>
        <main className="rama-explore-chart">
          {datasource ? (
            <ChartPane ownState={ownState} onOwnStateChange={onOwnStateChange} onForceRun={() => run(true)} blocked={blocked} />
          ) : (
            <Flex flex={1} align="center" justify="center">
              <Result status="404" title={t('page.datasetGone')} subTitle={state.message ?? ExploreMessage.GENERIC} />
            </Flex>
          )}
        </main>
      </div>
    </div>
  );
}
