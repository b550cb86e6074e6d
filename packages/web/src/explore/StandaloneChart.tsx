/**
 * `/explore/?slice_id={id}&standalone=true`: the saved chart alone, filling the window, with no
 * navigation or controls (what a chart report captures, as the BI server's standalone explore).
 * The chart says when it is drawn through `data-status` ("rendered" or "failed"), which the
 * report capture waits for.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Spin } from 'antd';
import type { ChartDataQueryResult, ChartDetail, ExploreDatasource, QueryFormData } from '@rama/shared';
import { request, toClientError } from '../core/api';
import { useHideNavigation } from '../core/navigation';
import { ChartRenderer, preloadChart } from '../visualizations/ChartRenderer';
import { CHART_DATA_MARK } from '../visualizations/chartRendererState';
import { dashboardChartFromDetail } from '../charts/dashboardChart';
import { fetchExploreDatasource, fetchSavedChartData } from './exploreApi';
import { resultsOf } from './useChartRunner';
import { t } from '../i18n';

interface Loaded {
  formData: QueryFormData;
  queriesData: ChartDataQueryResult[];
  datasource: ExploreDatasource | null;
}

type Status = 'loading' | 'rendered' | 'failed';

function useWindowSize(): { width: number; height: number } {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

export function StandaloneChart({ sliceId }: { sliceId: number }) {
  useHideNavigation(true);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const size = useWindowSize();

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const detail = await request<{ result: ChartDetail }>({ url: `/api/v1/chart/${sliceId}`, signal: controller.signal });
      const chart = dashboardChartFromDetail(detail.result);
      // the type's code loads while the data is fetched, so the time from the reply is drawing only
      preloadChart(String(chart.form_data.viz_type ?? ''));
      const [reply, datasource] = await Promise.all([
        fetchSavedChartData(sliceId, { signal: controller.signal }),
        fetchExploreDatasource(detail.result.datasource_id).catch(() => null),
      ]);
      const results = resultsOf(reply);
      if (!results) throw new Error(t('explore:standalone.unreadable'));
      const failed = results.find((r) => r.status === 'failed' || r.error);
      if (failed) throw new Error(String(failed.error ?? t('explore:standalone.queryFailed')));
      // the renderer measures rama:chart-render from here (the gallery benchmark reads it)
      performance.mark(CHART_DATA_MARK);
      setLoaded({ formData: chart.form_data as QueryFormData, queriesData: results, datasource });
    })().catch((e: unknown) => {
      if (controller.signal.aborted) return;
      setError(toClientError(e).message);
      setStatus('failed');
    });
    return () => controller.abort();
  }, [sliceId]);

  const height = Math.max(200, size.height - 16);
  return (
    <div className="rama-standalone-chart" data-test="report-chart" data-slice-id={sliceId} data-status={status}>
      {error && <Alert type="error" showIcon title={error} />}
      {!error && !loaded && <Spin size="large" />}
      {loaded && (
        <ChartRenderer
          vizType={loaded.formData.viz_type}
          formData={loaded.formData}
          queriesData={loaded.queriesData}
          datasource={loaded.datasource}
          width={size.width - 16}
          height={height}
          onRenderSuccess={() => setStatus('rendered')}
          onRenderFailure={(message) => {
            setError(message);
            setStatus('failed');
          }}
        />
      )}
    </div>
  );
}

/** Explore's route: the standalone chart when asked for (`standalone` with a saved chart), else Explore. */
export function useStandaloneChartId(): number | null {
  const [params] = useSearchParams();
  const sliceId = Number(params.get('slice_id'));
  const standalone = ['true', '1', '2', '3'].includes((params.get('standalone') ?? '').toLowerCase());
  return standalone && Number.isInteger(sliceId) && sliceId > 0 ? sliceId : null;
}
