/**
 * A dashboard chart's menu (issue 12 part 3): force refresh, full size, the description, view the
 * query, view the results as a table, downloads (CSV, Excel: can_csv; PNG), share (a dashboard
 * permalink anchored at the chart, the chart's own link: can_share_chart) and edit in Explore
 * (can_explore, a new browser tab).
 */
import { useMemo, useState, type RefObject } from 'react';
import { Button, Dropdown, Modal, Spin, Tabs, Typography, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dataMaskForStorage, LOG_ACTIONS, parseDatasourceKey, type DashboardChart } from '@rama/shared';
import { errorMessage } from '../../core/api';
import { currentLocale } from '../../i18n';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { CodeBlock } from '../../components/CodeBlock';
import { copyText } from '../../components/clipboard';
import { ResultGrid, type CellValue } from '../../components/ResultGrid/ResultGrid';
import { gridColumns } from '../../explore/DataPane';
import { downloadChartImage, exportQueryContextData, type DataExportFormat } from '../../explore/download';
import { fetchChartQuery, usePostFormDataMutation } from '../../explore/exploreApi';
import { formDataWithDashboardContext } from '../../explore/dashboardContext';
import { browserTabId } from '../../explore/exploreUrl';
import { ExploreMessage } from '../../explore/messages';
import { dashboardFormData, dashboardQueryContext } from '../chartData';
import { DrillDetailModal } from '../drill';
import { makeSelectChartExtraFormData } from '../nativeFilters/selectors';
import { useCreateDashboardPermalinkMutation } from '../../dashboards/dashboardPageApi';
import { permalinkUrlParams } from '../dashboardUrl';
import { DashboardMessage } from '../messages';
import { logDashboardEvent } from '../pageHooks';
import { chartsActions, type DashboardChartState } from '../state/chartsSlice';
import { dashboardStateActions } from '../state/dashboardStateSlice';

interface ChartMenuProps {
  slice: DashboardChart;
  componentId: string;
  title: string;
  chart: DashboardChartState | undefined;
  cardRef: RefObject<HTMLDivElement | null>;
  onToggleDescription?: () => void;
}

type QueryView = { open: false } | { open: true; loading: boolean; sql: string | null; error: string | null };

export function ChartMenu({ slice, componentId, title, chart, cardRef, onToggleDescription }: ChartMenuProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const dashboardId = useAppSelector((s) => s.dashboardInfo.id);
  const canExplore = useAppSelector((s) => s.dashboardInfo.rama_can_explore);
  const canCsv = useAppSelector((s) => s.dashboardInfo.rama_can_csv);
  const canShareChart = useAppSelector((s) => s.dashboardInfo.rama_can_share);
  const canShareDashboard = useAppSelector((s) => s.dashboardInfo.dash_share_perm);
  const activeTabs = useAppSelector((s) => s.dashboardState.activeTabs);
  const [createPermalink] = useCreateDashboardPermalinkMutation();
  const [postFormData] = usePostFormDataMutation();
  const [queryView, setQueryView] = useState<QueryView>({ open: false });
  const [tableOpen, setTableOpen] = useState(false);
  const [drillOpen, setDrillOpen] = useState(false);
  const datasourceUid = typeof slice.form_data.datasource === 'string' ? slice.form_data.datasource : '';
  const datasource = useAppSelector((s) => s.dashboardCharts.datasources[datasourceUid]) ?? null;
  const dataMask = useAppSelector((s) => s.nativeFilters.dataMask);
  const chartId = slice.id;
  const loading = chart?.chartStatus === 'loading';

  const selectFilters = useMemo(() => makeSelectChartExtraFormData(chartId), [chartId]);
  const { extraFormData } = useAppSelector(selectFilters);
  // what the menu shows and downloads is what the chart shows: its filters included
  const queryContext = () => dashboardQueryContext(slice, { dashboardId, ownState: chart?.ownState, extraFormData });

  const viewQuery = async () => {
    setQueryView({ open: true, loading: true, sql: null, error: null });
    try {
      const queries = await fetchChartQuery(queryContext());
      setQueryView({ open: true, loading: false, sql: queries.map((q) => q.query).join(';\n\n'), error: null });
    } catch (e) {
      setQueryView({ open: true, loading: false, sql: null, error: `${ExploreMessage.LOAD_SQL_FAILED}: ${errorMessage(e)}` });
    }
  };

  const download = (format: DataExportFormat) => {
    let qc;
    try {
      qc = queryContext();
    } catch (e) {
      addDangerToast(errorMessage(e));
      return;
    }
    logDashboardEvent(format === 'xlsx' ? LOG_ACTIONS.EXPORT_XLSX_DASHBOARD_CHART : LOG_ACTIONS.EXPORT_CSV_DASHBOARD_CHART, dashboardId, {
      slice_id: chartId,
    });
    exportQueryContextData(qc, format, title).catch((e: unknown) => addDangerToast(errorMessage(e)));
  };

  const downloadImage = () => {
    const el = cardRef.current;
    if (!el) return;
    logDashboardEvent(LOG_ACTIONS.CHART_DOWNLOAD_AS_IMAGE, dashboardId, { slice_id: chartId });
    downloadChartImage(el, title).catch((e: unknown) => addDangerToast(errorMessage(e)));
  };

  /**
   * "Edit chart": Explore in a new tab with the chart as the dashboard shows it — its filters and
   * cross-filters written into the chart's controls, stored under a form data key — and the
   * dashboard as the save target (as the peer opens it: form_data_key, slice_id, dashboard_page_id).
   */
  const editChart = async () => {
    const fallback = `/explore/?slice_id=${chartId}`;
    let url = fallback;
    try {
      const formData = formDataWithDashboardContext(dashboardFormData(slice, dashboardId, extraFormData), dashboardId);
      const ds = parseDatasourceKey(formData.datasource);
      if (ds) {
        const { key } = await postFormData({
          tabId: browserTabId(),
          payload: { datasource_id: ds.id, datasource_type: ds.type, chart_id: chartId, form_data: JSON.stringify(formData) },
        }).unwrap();
        const q = new URLSearchParams({ form_data_key: key, slice_id: String(chartId), dashboard_page_id: String(dashboardId) });
        url = `/explore/?${q.toString()}`;
      }
    } catch {
      // the chart alone still opens (without the dashboard's filters)
      url = fallback;
    }
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  const copyPermalink = async () => {
    try {
      const { url } = await createPermalink({
        id: dashboardId,
        state: {
          urlParams: permalinkUrlParams(window.location.search),
          activeTabs,
          anchor: componentId,
          dataMask: dataMaskForStorage(dataMask),
        },
      }).unwrap();
      await copyText(url);
      addSuccessToast(DashboardMessage.PERMALINK_COPIED);
    } catch {
      addDangerToast(DashboardMessage.PERMALINK_FAILED);
    }
  };

  const copyChartLink = async () => {
    try {
      await copyText(new URL(`/explore/?slice_id=${chartId}`, window.location.origin).toString());
      addSuccessToast(DashboardMessage.LINK_COPIED);
    } catch {
      addDangerToast(DashboardMessage.PERMALINK_FAILED);
    }
  };

  const items: MenuProps['items'] = [
    {
      key: 'refresh',
      label: t('chartMenu.forceRefresh'),
      disabled: loading,
      onClick: () => dispatch(chartsActions.triggerRefresh({ chartIds: [chartId], force: true })),
    },
    ...(onToggleDescription ? [{ key: 'description', label: t('chartMenu.toggleDescription'), onClick: onToggleDescription }] : []),
    { key: 'fullsize', label: t('chartMenu.fullSize'), onClick: () => dispatch(dashboardStateActions.setFullSizeChartId(chartId)) },
    { type: 'divider' },
    ...(canExplore
      ? [
          {
            key: 'edit',
            label: t('chartMenu.editChart'),
            onClick: () => void editChart(),
          },
          { key: 'query', label: t('chartMenu.viewQuery'), onClick: () => void viewQuery() },
        ]
      : []),
    { key: 'table', label: t('chartMenu.viewAsTable'), disabled: !chart?.queriesResponse, onClick: () => setTableOpen(true) },
    ...(canExplore
      ? [
          {
            key: 'drill',
            label: t('chartMenu.drillToDetail'),
            onClick: () => {
              logDashboardEvent(LOG_ACTIONS.OPEN_DRILL_TO_DETAIL, dashboardId, { slice_id: chartId });
              setDrillOpen(true);
            },
          },
        ]
      : []),
    {
      key: 'download',
      label: t('common:download'),
      children: [
        { key: 'csv', label: t('chartMenu.exportCsv'), disabled: !canCsv, onClick: () => download('csv') },
        { key: 'xlsx', label: t('chartMenu.exportExcel'), disabled: !canCsv, onClick: () => download('xlsx') },
        { key: 'png', label: t('chartMenu.downloadImage'), onClick: downloadImage },
      ],
    },
    ...(canShareChart || canShareDashboard
      ? [
          {
            key: 'share',
            label: t('common:share'),
            children: [
              ...(canShareDashboard
                ? [{ key: 'permalink', label: t('chartMenu.copyPermalink'), onClick: () => void copyPermalink() }]
                : []),
              ...(canShareChart ? [{ key: 'chartlink', label: t('chartMenu.copyChartLink'), onClick: () => void copyChartLink() }] : []),
            ],
          },
        ]
      : []),
  ];

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('moreActionsFor', { name: title })} data-test="chart-menu" />
      </Dropdown>
      {queryView.open && (
        <Modal open title={t('chartMenu.viewQuery')} footer={null} width={800} onCancel={() => setQueryView({ open: false })}>
          {queryView.loading ? (
            <Spin />
          ) : queryView.error ? (
            <Typography.Text type="danger">{queryView.error}</Typography.Text>
          ) : (
            <CodeBlock code={queryView.sql ?? ''} label={t('chartMenu.queryLabel')} />
          )}
        </Modal>
      )}
      {tableOpen && <ResultsModal title={title} chart={chart} onClose={() => setTableOpen(false)} />}
      {drillOpen && (
        <DrillDetailModal
          chartId={chartId}
          sliceName={title}
          formData={dashboardFormData(slice, dashboardId, extraFormData)}
          datasource={datasource}
          filters={[]}
          onClose={() => setDrillOpen(false)}
        />
      )}
    </>
  );
}

/** "View as table": each query's rows in the result grid. */
function ResultsModal({ title, chart, onClose }: { title: string; chart: DashboardChartState | undefined; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const results = useMemo(() => chart?.queriesResponse ?? [], [chart?.queriesResponse]);
  const grid = (index: number) => {
    const result = results[index];
    return (
      <div className="rama-dash-results">
        <Typography.Text type="secondary">
          {t('results.rows', { count: result.rowcount, rows: result.rowcount.toLocaleString(currentLocale()) })}
        </Typography.Text>
        <ResultGrid
          columns={gridColumns(result)}
          data={result.data as Record<string, CellValue>[]}
          height={420}
          emptyText={t('common:noData')}
        />
      </div>
    );
  };
  return (
    <Modal open title={title} footer={null} width={900} onCancel={onClose} destroyOnHidden>
      {results.length === 0 ? (
        <Typography.Text type="secondary">{t('results.none')}</Typography.Text>
      ) : results.length === 1 ? (
        grid(0)
      ) : (
        <Tabs items={results.map((_, i) => ({ key: String(i), label: t('results.query', { n: i + 1 }), children: grid(i) }))} />
      )}
    </Modal>
  );
}
