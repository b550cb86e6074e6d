/**
 * Under the chart: the chart's data rows (Results) and the dataset's rows as they are (Samples),
 * in SQL Lab's virtualized grid, with a row count and a copy button. Collapsed until opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Pagination, Spin, Tabs, Tooltip, Typography } from 'antd';
import { CopyOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChartDataQueryResult, GenericDataType } from '@rama/shared';
import { errorMessage } from '../core/api';
import { useToasts } from '../core/hooks';
import { ResultGrid, type CellValue, type ResultGridColumn } from '../components/ResultGrid/ResultGrid';
import { buildTsv } from '../components/ResultGrid/gridModel';
import { copyToClipboard } from '../components/ResultGrid/clipboard';
import { fetchSamples, type SamplesPage } from './exploreApi';

const SAMPLES_PER_PAGE = 100;
const TYPE_NAMES: Record<number, string> = { 0: 'NUMERIC', 1: 'STRING', 2: 'TEMPORAL', 3: 'BOOLEAN' };

export function gridColumns(result: Pick<ChartDataQueryResult, 'colnames' | 'coltypes'>): ResultGridColumn[] {
  return result.colnames.map((name, i) => {
    const typeGeneric: GenericDataType | number = result.coltypes[i] ?? 1;
    return { name, type: TYPE_NAMES[typeGeneric] ?? 'STRING', type_generic: typeGeneric, is_dttm: typeGeneric === 2 };
  });
}

function GridWithTools({ result, height, extra }: { result: ChartDataQueryResult | null; height: number; extra?: React.ReactNode }) {
  const { t } = useTranslation('explore');
  const { addSuccessToast, addDangerToast } = useToasts();
  const columns = useMemo(() => (result ? gridColumns(result) : []), [result]);
  const data = (result?.data ?? []) as Record<string, CellValue>[];
  const copy = async () => {
    const ok = await copyToClipboard(buildTsv(columns, data));
    if (ok) addSuccessToast(t('data.copied'));
    else addDangerToast(t('data.copyUnsupported'));
  };
  return (
    <div className="rama-data-grid">
      <div className="rama-data-grid-tools">
        <Typography.Text type="secondary">{result ? t('common:rows', { count: data.length }) : ''}</Typography.Text>
        {extra}
        <Tooltip title={t('common:copyToClipboard')}>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            disabled={!data.length}
            onClick={() => void copy()}
            aria-label={t('common:copyToClipboard')}
          />
        </Tooltip>
      </div>
      <ResultGrid columns={columns} data={data} height={height} emptyText={t('common:noData')} />
    </div>
  );
}

function SamplesTab({ datasourceId, height }: { datasourceId: number; height: number }) {
  const { t } = useTranslation('explore');
  const [page, setPage] = useState(1);
  const [reply, setReply] = useState<SamplesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchSamples(datasourceId, { page, perPage: SAMPLES_PER_PAGE, signal: controller.signal })
      .then((r) => setReply(r))
      .catch((e: unknown) => {
        if (!(e instanceof DOMException && e.name === 'AbortError')) setError(errorMessage(e));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [datasourceId, page]);
  if (error) return <Typography.Text type="danger">{error}</Typography.Text>;
  const total = reply?.total_count;
  const pager =
    total !== undefined && total > SAMPLES_PER_PAGE ? (
      <Pagination size="small" simple current={page} pageSize={SAMPLES_PER_PAGE} total={total} onChange={setPage} showSizeChanger={false} />
    ) : page > 1 || (reply?.data.length ?? 0) >= SAMPLES_PER_PAGE ? (
      <span className="rama-data-pager">
        <Button size="small" disabled={page === 1} onClick={() => setPage(page - 1)}>
          {t('common:previous')}
        </Button>
        <Button size="small" disabled={(reply?.data.length ?? 0) < SAMPLES_PER_PAGE} onClick={() => setPage(page + 1)}>
          {t('common:next')}
        </Button>
      </span>
    ) : null;
  return (
    <Spin spinning={loading}>
      <GridWithTools result={reply} height={height} extra={pager} />
    </Spin>
  );
}

interface DataPaneProps {
  results: ChartDataQueryResult[] | null;
  datasourceId: number;
}

const MIN_HEIGHT = 120;
const DEFAULT_HEIGHT = 280;

export function DataPane({ results, datasourceId }: DataPaneProps) {
  const { t } = useTranslation('explore');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('results');
  const [height, setHeight] = useState(DEFAULT_HEIGHT);

  const startResize = (e: React.PointerEvent) => {
    e.preventDefault();
    const startY = e.clientY;
    const startHeight = height;
    const move = (ev: PointerEvent) =>
      setHeight(Math.max(MIN_HEIGHT, Math.min(window.innerHeight * 0.7, startHeight + startY - ev.clientY)));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const gridHeight = height - 84;
  const toggle = (
    <Button
      type="text"
      size="small"
      icon={open ? <DownOutlined /> : <UpOutlined />}
      onClick={() => setOpen(!open)}
      aria-label={open ? t('data.hide') : t('data.show')}
    />
  );
  return (
    <div className={`rama-data-pane${open ? ' is-open' : ''}`} style={open ? { height } : undefined}>
      {open && (
        <div
          className="rama-data-pane-handle"
          onPointerDown={startResize}
          role="separator"
          aria-orientation="horizontal"
          aria-label={t('data.resize')}
        />
      )}
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          setOpen(true);
        }}
        onTabClick={(key) => {
          if (key === tab) setOpen(!open);
        }}
        tabBarExtraContent={toggle}
        items={[
          {
            key: 'results',
            label: t('data.results'),
            children: open ? (
              results && results.length > 1 ? (
                <Tabs
                  size="small"
                  items={results.map((r, i) => ({
                    key: String(i),
                    label: t('data.query', { number: i + 1 }),
                    children: <GridWithTools result={r} height={gridHeight - 40} />,
                  }))}
                />
              ) : (
                <GridWithTools result={results?.[0] ?? null} height={gridHeight} />
              )
            ) : null,
          },
          {
            key: 'samples',
            label: t('data.samples'),
            children: open ? <SamplesTab datasourceId={datasourceId} height={gridHeight} /> : null,
          },
        ]}
      />
    </div>
  );
}
