/**
 * "Drill by": the same chart regrouped by another column, filtered to the point it was opened on,
 * drawn by ChartRenderer from a query built the way Explore builds it. A right click inside drills
 * further; the breadcrumb (`<chart> > origin (SEA) > carrier`) goes back a level; a switch shows
 * the result as a table. DOM marker: `data-test="drill-by-modal"`.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Alert, Breadcrumb, Button, Modal, Segmented, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { errorMessage } from '../../core/api';
import { ChartRenderer } from '../../visualizations/ChartRenderer';
import type { ChartContextPoint, ChartInteraction } from '../../visualizations/types';
import { fetchDrillBy } from './drillApi';
import { columnNamer, drillByBreadcrumbs, drillByFormData, drillOptionsOf, type DrillByStep, type DrillFilter } from './drillModel';
import { DrillDetailModal } from './DrillDetailModal';
import { PointMenu } from './PointMenu';
import { RowsTable } from './RowsTable';
import './drill.css';

export interface DrillByModalProps {
  chartId: number;
  sliceName: string;
  /** the chart's form data, the dashboard's extra_form_data merged */
  formData: QueryFormData;
  datasource: ExploreDatasource | null;
  /** the first drill-by: the column chosen and the point's filters */
  step: DrillByStep;
  /** after the modal has closed */
  onClose: () => void;
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';
const TABLE_PAGE_SIZE = 50;

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done' };

/** The width an element is given (the chart is drawn at pixel sizes); the modal mounts its body late, hence a callback ref. */
function useWidth(): [number, (el: HTMLElement | null) => void] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return undefined;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [width, setEl];
}

export function DrillByModal({ chartId, sliceName, formData: givenFormData, datasource, step, onClose }: DrillByModalProps) {
  const { t } = useTranslation('dashboard');
  // the chart as it was when the modal opened
  const [base] = useState(givenFormData);
  const [open, setOpen] = useState(true);
  const [steps, setSteps] = useState<DrillByStep[]>([step]);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // the last results, with the form data they were asked for: drawn until the next ones arrive
  const [shown, setShown] = useState<{ results: ChartDataQueryResult[]; formData: QueryFormData } | null>(null);
  const [point, setPoint] = useState<ChartContextPoint | null>(null);
  const [detail, setDetail] = useState<{ formData: QueryFormData; filters: DrillFilter[] } | null>(null);
  const options = useMemo(() => drillOptionsOf(base, datasource), [base, datasource]);
  const nameOf = useMemo(() => columnNamer(datasource), [datasource]);
  const titleOf = useMemo(() => (col: string) => datasource?.verbose_map?.[col] || nameOf(col), [datasource, nameOf]);
  const formData = useMemo(() => drillByFormData(base, steps, options), [base, steps, options]);

  useEffect(() => {
    if (!formData) {
      setLoad({ status: 'error', message: t('drill.cannotDrillBy') });
      setShown(null);
      return undefined;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchDrillBy(chartId, formData, controller.signal).then(
      (results) => {
        setLoad({ status: 'done' });
        setShown({ results, formData });
      },
      (e: unknown) => {
        if (isAbort(e)) return;
        setLoad({ status: 'error', message: errorMessage(e) });
        setShown(null);
      },
    );
    return () => controller.abort();
  }, [chartId, formData]); // eslint-disable-line react-hooks/exhaustive-deps -- t: the message is read when the drill is opened

  const [width, bodyRef] = useWidth();
  const height = Math.round(Math.max(280, Math.min(520, window.innerHeight * 0.6)));

  // a right click inside drills further (or to the rows); no cross-filters in here
  const interaction = useMemo((): ChartInteraction => ({ crossFilter: null, onContextMenu: setPoint }), []);
  const crumbs = drillByBreadcrumbs(sliceName, steps, nameOf);
  const results = shown?.results ?? null;
  const drawn = shown?.formData ?? null;
  const first = results?.[0];

  return (
    <Modal
      // the marker on the dialog itself (the modal root has no box of its own)
      modalRender={(node) => <div data-test="drill-by-modal">{node}</div>}
      open={open}
      title={t('drill.drillByTitle', { name: sliceName })}
      width={Math.min(1200, window.innerWidth - 48)}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      footer={<Button onClick={() => setOpen(false)}>{t('common:close')}</Button>}
      destroyOnHidden
    >
      <div className="rama-drill-toolbar">
        <Breadcrumb
          style={{ flex: 1 }}
          items={crumbs.map((c, i) => ({
            key: i,
            title:
              c.keep !== null ? (
                <Typography.Link onClick={() => setSteps((s) => s.slice(0, c.keep ?? s.length))}>{c.label}</Typography.Link>
              ) : (
                c.label
              ),
          }))}
        />
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          options={[
            { value: 'chart', label: t('common:chart') },
            { value: 'table', label: t('common:table') },
          ]}
          aria-label={t('drill.showAs')}
        />
      </div>
      <div ref={bodyRef} className="rama-drill-chart" style={{ height }}>
        {load.status === 'error' && <Alert type="error" showIcon title={load.message} />}
        {results && drawn && view === 'chart' && width > 0 && (
          <ChartRenderer
            vizType={String(drawn.viz_type)}
            formData={drawn}
            queriesData={results}
            datasource={datasource}
            width={width}
            height={height}
            interaction={interaction}
          />
        )}
        {results && view === 'table' && (
          <RowsTable
            colnames={first?.colnames ?? []}
            coltypes={first?.coltypes ?? []}
            data={first?.data ?? []}
            titleOf={titleOf}
            height={height - 100}
            pagination={{ pageSize: TABLE_PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
          />
        )}
        {load.status === 'loading' && (
          <div className="rama-drill-loading" role="status" aria-label={t('chart.loading')}>
            <Spin />
          </div>
        )}
      </div>
      {point && drawn && (
        <PointMenu
          clientX={point.clientX}
          clientY={point.clientY}
          formData={drawn}
          datasource={datasource}
          onDrillToDetail={() => {
            setDetail({ formData: drawn, filters: point.filters });
            setPoint(null);
          }}
          onDrillBy={(column) => {
            setSteps((s) => [...s, { column, filters: point.filters }]);
            setPoint(null);
          }}
          onClose={() => setPoint(null)}
        />
      )}
      {detail && (
        <DrillDetailModal
          chartId={chartId}
          sliceName={sliceName}
          formData={detail.formData}
          datasource={datasource}
          filters={detail.filters}
          onClose={() => setDetail(null)}
        />
      )}
    </Modal>
  );
}
