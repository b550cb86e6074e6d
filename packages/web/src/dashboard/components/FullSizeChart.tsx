/**
 * "View chart in full size" (spec section 2: full-size view of one chart; dashboardState
 * fullSizeChartId): the chart's current results drawn again over the whole viewport.
 */
import { useEffect, useMemo, useState } from 'react';
import { Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { withAnnotationData } from '../../explore/chartState';
import { ChartRenderer } from '../../visualizations/ChartRenderer';
import { ChartErrorAlert } from '../../visualizations/ChartErrorAlert';
import { DashboardMessage } from '../messages';
import { dashboardFormData } from '../chartData';
import { makeSelectChartExtraFormData } from '../nativeFilters/selectors';
import { useDashboardPage } from '../pageContext';
import { dashboardStateActions } from '../state/dashboardStateSlice';

/**
 * The box's size, observed from when it mounts: the modal mounts its body after `open` turns on
 * (a portal, animated), so a callback ref — not an effect keyed on `open` — starts the observer.
 */
function useBoxSize(): [(el: HTMLDivElement | null) => void, { width: number; height: number }] {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry.contentRect.width);
      const height = Math.floor(entry.contentRect.height);
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, size];
}

export function FullSizeChart() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { colors, dashboardId } = useDashboardPage();
  const chartId = useAppSelector((s) => s.dashboardState.fullSizeChartId);
  const slice = useAppSelector((s) => (chartId === null ? undefined : s.dashboardCharts.slices[chartId]));
  const chart = useAppSelector((s) => (chartId === null ? undefined : s.dashboardCharts.byId[chartId]));
  const uid = slice && typeof slice.form_data.datasource === 'string' ? slice.form_data.datasource : '';
  const datasource = useAppSelector((s) => (uid ? s.dashboardCharts.datasources[uid] : undefined)) ?? null;
  const open = chartId !== null && Boolean(slice);
  const [boxRef, size] = useBoxSize();

  const chartScheme = typeof slice?.form_data.color_scheme === 'string' ? slice.form_data.color_scheme : null;
  const colorScale = useMemo(
    () => (chartId === null ? undefined : colors.scaleForChart(chartId, chartScheme)),
    [colors, chartId, chartScheme],
  );
  const selectFilters = useMemo(() => makeSelectChartExtraFormData(chartId ?? 0), [chartId]);
  const { extraFormData } = useAppSelector(selectFilters);
  const formData = useMemo(
    () => (slice ? { ...dashboardFormData(slice, dashboardId, extraFormData), color_scheme: colors.schemeFor(chartScheme) } : null),
    [slice, dashboardId, colors, chartScheme, extraFormData],
  );
  const queriesData = useMemo(
    () => (chart ? withAnnotationData(chart.queriesResponse, chart.annotationData) : null),
    [chart?.queriesResponse, chart?.annotationData], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const close = () => dispatch(dashboardStateActions.setFullSizeChartId(null));

  let body;
  if (chart?.chartStatus === 'failed')
    body = <ChartErrorAlert message={chart.chartAlert ?? DashboardMessage.GENERIC} hints={chart.chartAlertHints} />;
  else if (formData && queriesData && size.width > 0 && size.height > 0)
    body = (
      <ChartRenderer
        vizType={formData.viz_type}
        formData={formData}
        queriesData={queriesData}
        datasource={datasource}
        width={size.width}
        height={size.height}
        colorScale={colorScale}
      />
    );
  else if (!queriesData) body = <Empty description={t('fullSize.noResults')} />;

  return (
    <Modal
      open={open}
      title={slice?.slice_name}
      footer={null}
      onCancel={close}
      width="calc(100vw - 48px)"
      centered
      destroyOnHidden
      className="rama-dash-fullsize"
      styles={{ body: { height: 'calc(100vh - 140px)' } }}
    >
      <div ref={boxRef} className="rama-dash-fullsize-box" data-test="dashboard-fullsize-chart">
        {body}
      </div>
    </Modal>
  );
}
