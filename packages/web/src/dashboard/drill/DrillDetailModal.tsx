/**
 * "Drill to detail: <chart>": the rows behind a data point (or the whole chart), 50 a page with
 * the server counting them all; the point's filters as tags that can be taken off, and Reload.
 * DOM marker: `data-test="drill-detail-modal"`.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Modal, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { errorMessage } from '../../core/api';
import { currentLocale } from '../../i18n';
import { fetchDrillDetail, type DrillDetailPage } from './drillApi';
import { DRILL_DETAIL_PAGE_SIZE, columnNamer, drillOptionsOf, filterTagText, type DrillFilter } from './drillModel';
import { RowsTable } from './RowsTable';
import './drill.css';

export interface DrillDetailModalProps {
  chartId: number;
  sliceName: string;
  /** the chart's form data, the dashboard's extra_form_data merged */
  formData: QueryFormData;
  datasource: ExploreDatasource | null;
  /** the point's filters; empty for the whole chart */
  filters: DrillFilter[];
  /** after the modal has closed */
  onClose: () => void;
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; page: DrillDetailPage };

export function DrillDetailModal({ chartId, sliceName, formData: givenFormData, datasource, filters, onClose }: DrillDetailModalProps) {
  const { t } = useTranslation('dashboard');
  // the chart as it was when the modal opened: a dashboard re-rendering the card asks nothing again
  const [formData] = useState(givenFormData);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState<DrillFilter[]>(filters);
  const [page, setPage] = useState(0);
  // Reload asks again past the cache; each press is a new request
  const [reload, setReload] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [shown, setShown] = useState<DrillDetailPage | null>(null);
  const options = useMemo(() => drillOptionsOf(formData, datasource), [formData, datasource]);
  const nameOf = useMemo(() => columnNamer(datasource), [datasource]);
  const titleOf = useMemo(() => (col: string) => datasource?.verbose_map?.[col] || nameOf(col), [datasource, nameOf]);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchDrillDetail({ chartId, formData, filters: active, options, page }, { signal: controller.signal, force: reload > 0 }).then(
      (result) => {
        setLoad({ status: 'done', page: result });
        setShown(result);
      },
      (e: unknown) => {
        if (!isAbort(e)) setLoad({ status: 'error', message: errorMessage(e) });
      },
    );
    return () => controller.abort();
  }, [chartId, formData, active, options, page, reload]);

  const total = shown?.total ?? null;
  const removeFilter = (f: DrillFilter) => {
    setActive((list) => list.filter((x) => x !== f));
    setPage(0);
  };

  return (
    <Modal
      // the marker on the dialog itself (the modal root has no box of its own)
      modalRender={(node) => <div data-test="drill-detail-modal">{node}</div>}
      open={open}
      title={t('drill.detailTitle', { name: sliceName })}
      width={Math.min(1200, window.innerWidth - 48)}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      footer={<Button onClick={() => setOpen(false)}>{t('common:close')}</Button>}
      destroyOnHidden
    >
      <div className="rama-drill-toolbar">
        <div className="rama-drill-filters" aria-label={t('drill.filters')}>
          {active.map((f, i) => (
            <Tag
              key={`${f.col}:${i}`}
              closable={{ 'aria-label': t('drill.removeFilter', { name: filterTagText(f, nameOf) }) }}
              onClose={() => removeFilter(f)}
            >
              {filterTagText(f, nameOf)}
            </Tag>
          ))}
        </div>
        {total !== null && (
          <Typography.Text type="secondary">
            {t('drill.rowCount', { count: total, rows: total.toLocaleString(currentLocale()) })}
          </Typography.Text>
        )}
        <Tooltip title={t('drill.reloadTooltip')}>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => setReload((n) => n + 1)} loading={load.status === 'loading'}>
            {t('drill.reload')}
          </Button>
        </Tooltip>
      </div>
      {load.status === 'error' && <Alert type="error" showIcon title={load.message} style={{ marginBottom: 12 }} />}
      <RowsTable
        colnames={shown?.colnames ?? []}
        coltypes={shown?.coltypes ?? []}
        data={load.status === 'error' ? [] : (shown?.data ?? [])}
        titleOf={titleOf}
        offset={page * DRILL_DETAIL_PAGE_SIZE}
        loading={load.status === 'loading'}
        height={Math.max(200, Math.round(window.innerHeight * 0.55))}
        pagination={{
          current: page + 1,
          pageSize: DRILL_DETAIL_PAGE_SIZE,
          // without a count, one more page is offered while pages come back full
          total:
            total ?? page * DRILL_DETAIL_PAGE_SIZE + (shown?.data.length ?? 0) + (shown?.data.length === DRILL_DETAIL_PAGE_SIZE ? 1 : 0),
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count, [from, to]) =>
            total === null ? `${from}–${to}` : t('drill.range', { from, to, total: count.toLocaleString(currentLocale()) }),
          onChange: (p) => setPage(p - 1),
        }}
      />
    </Modal>
  );
}
