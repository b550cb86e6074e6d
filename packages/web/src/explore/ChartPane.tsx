/**
 * The right pane: the chart, sized to its box (ResizeObserver), with the spec's states — a spinner
 * over the dimmed old chart while loading, the error on 'failed', 'Updating chart was stopped' —
 * a status line (rows, cached, duration, force refresh) and the data pane below.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Spin, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { ChartRenderer, preloadChart } from '../visualizations/ChartRenderer';
import { ChartErrorAlert } from '../visualizations/ChartErrorAlert';
import { withAnnotationData } from './chartState';
import { DataPane } from './DataPane';
import { exploreActions } from './exploreSlice';

function useSize<T extends HTMLElement>(): [React.RefObject<T | null>, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSize((old) =>
        old.width === Math.floor(width) && old.height === Math.floor(height)
          ? old
          : { width: Math.floor(width), height: Math.floor(height) },
      );
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  const seconds = s.toLocaleString(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return s < 60 ? `${seconds} s` : `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
}

interface ChartPaneProps {
  ownState?: Record<string, unknown>;
  onOwnStateChange: (ownState: Record<string, unknown>) => void;
  onForceRun: () => void;
  /** validation errors keep the chart from running */
  blocked: boolean;
}

export function ChartPane({ ownState, onOwnStateChange, onForceRun, blocked }: ChartPaneProps) {
  const { t } = useTranslation('explore');
  const dispatch = useAppDispatch();
  const chart = useAppSelector((s) => s.explore.chart);
  const renderFormData = useAppSelector((s) => s.explore.renderFormData);
  const datasource = useAppSelector((s) => s.explore.datasource);
  const vizType = useAppSelector((s) => s.explore.formData.viz_type);
  const [areaRef, size] = useSize<HTMLDivElement>();
  // the chart's code loads while its query runs, not after the data arrives
  useEffect(() => {
    if (vizType) preloadChart(vizType);
  }, [vizType]);
  const queriesData = useMemo(
    () => withAnnotationData(chart.queriesResponse, chart.annotationData),
    [chart.queriesResponse, chart.annotationData],
  );

  const { chartStatus, chartAlert } = chart;
  const loading = chartStatus === 'loading';
  const first = chart.queriesResponse?.[0];
  const duration = chart.chartUpdateStartTime && chart.chartUpdateEndTime ? chart.chartUpdateEndTime - chart.chartUpdateStartTime : null;
  const annotationErrors = Object.entries(chart.annotationError);
  const canDraw = renderFormData !== null && queriesData !== null && chartStatus !== 'failed';

  return (
    <div className="rama-chart-pane">
      <div className="rama-chart-status">
        {first && !loading && (
          <>
            <Typography.Text type="secondary">{t('common:rows', { count: first.rowcount })}</Typography.Text>
            {first.is_cached && (
              <Tooltip title={first.cached_dttm ? t('chart.cachedAt', { when: first.cached_dttm }) : t('chart.cachedTooltip')}>
                <Tag color="blue" bordered={false}>
                  {t('chart.cached')}
                </Tag>
              </Tooltip>
            )}
            {duration !== null && <Typography.Text type="secondary">{formatDuration(duration)}</Typography.Text>}
          </>
        )}
        <span className="rama-chart-status-spacer" />
        {chart.queriesResponse && (
          <Tooltip title={t('chart.forceRefreshTooltip')}>
            <Button type="link" size="small" icon={<ReloadOutlined />} onClick={onForceRun} disabled={loading || blocked}>
              {t('chart.forceRefresh')}
            </Button>
          </Tooltip>
        )}
      </div>
      {chartStatus === 'failed' && chartAlert && (
        <ChartErrorAlert message={chartAlert} hints={chart.chartAlertHints} className="rama-chart-alert" />
      )}
      {chartStatus === 'stopped' && <Alert type="warning" showIcon title={chartAlert} className="rama-chart-alert" />}
      {annotationErrors.map(([name, message]) => (
        <Alert
          key={name}
          type="warning"
          showIcon
          title={t('chart.annotationError', { name, error: message })}
          className="rama-chart-alert"
          closable
        />
      ))}
      <div className="rama-chart-box">
        <div ref={areaRef} className={`rama-chart-holder${loading ? ' is-loading' : ''}`}>
          {canDraw && size.width > 0 && size.height > 0 ? (
            <ChartRenderer
              vizType={renderFormData.viz_type}
              formData={renderFormData}
              queriesData={queriesData}
              datasource={datasource}
              width={size.width}
              height={size.height}
              ownState={ownState}
              setOwnState={onOwnStateChange}
              onRenderSuccess={() => dispatch(exploreActions.chartEvent({ type: 'renderSucceeded' }))}
              onRenderFailure={(message: string) => dispatch(exploreActions.chartEvent({ type: 'renderFailed', message }))}
            />
          ) : (
            !loading &&
            chartStatus !== 'failed' &&
            chartStatus !== 'stopped' && (
              <Empty
                className="rama-chart-empty"
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={blocked ? t('chart.needsControls') : t('chart.clickCreate')}
              />
            )
          )}
        </div>
        {loading && (
          <div className="rama-chart-loading">
            <Spin size="large" />
          </div>
        )}
      </div>
      {datasource && <DataPane results={chart.queriesResponse} datasourceId={datasource.id} />}
    </div>
  );
}
