import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Empty, Input, Spin, Tooltip, Typography } from 'antd';
import {
  AreaChartOutlined,
  CheckCircleFilled,
  CopyOutlined,
  DownloadOutlined,
  ReloadOutlined,
  SearchOutlined,
  StopOutlined,
  TableOutlined,
} from '@ant-design/icons';
import {
  csvFileName,
  failureHints,
  formatElapsed,
  inProgress,
  resultsAsText,
  SqlLabMessage,
  type ClientQuery,
  type ResultColumn,
} from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { sharedText } from '../../i18n';
import { copyText } from '../../components/clipboard';
import { ResultGrid, type CellValue } from '../external';
import { filterCountText, filterRowIndexes, MAX_FILTER_LENGTH } from '../../components/ResultGrid/gridFilter';
import { downloadFile } from './downloadFile';
import { useElementHeight, useNow } from '../hooks';
import { exportCsvUrl } from '../state/sqlLabApi';
import { ctasCreatedMessage, fetchQueryResults, rerunQuery, stopQuery } from '../state/queryThunks';
import { LOG, logSqlLabEvent, selectEditorById } from '../state/thunk';
import { SaveDatasetModal } from './SaveDatasetModal';
import { StatementList, type StatementView } from './StatementList';
import { shortcutHint } from './shortcutHint';
import { limitWarningText } from './limitWarningText';

/** The message key of each in-progress state. */
const STATE_TEXT: Record<string, string> = {
  pending: 'state.pending',
  started: 'state.started',
  scheduled: 'state.scheduled',
  running: 'state.running',
  fetching: 'state.fetching',
};

function Grid({
  columns,
  data,
  rowFilter,
  highlight,
}: {
  columns: ResultColumn[];
  data: Record<string, CellValue>[];
  rowFilter: Uint32Array | null;
  highlight: string;
}) {
  const { t } = useTranslation('sqllab');
  const [ref, height] = useElementHeight<HTMLDivElement>();
  const { addSuccessToast } = useToasts();
  return (
    <div className="rama-sqllab-grid" ref={ref}>
      {height > 0 && (
        <ResultGrid
          columns={columns}
          data={data}
          height={height}
          emptyText={t('results.noRows')}
          rowFilter={rowFilter}
          highlight={highlight}
          onCopy={() => addSuccessToast(sharedText('messages', SqlLabMessage.COPIED), { noDuplicate: true })}
        />
      )}
    </div>
  );
}

/** The peer's "Filter results" box over the rows: matches highlighted, "n of m rows" counted. */
function FilteredGrid({ columns, data }: { columns: ResultColumn[]; data: Record<string, unknown>[] }) {
  // rows come from parseResultJson, whose values are exactly the grid's cell values
  const { t } = useTranslation('sqllab');
  const cells = data as Record<string, CellValue>[];
  const [filter, setFilter] = useState('');
  const text = useDeferredValue(filter);
  const rowFilter = useMemo(() => filterRowIndexes(columns, cells, text), [columns, cells, text]);
  return (
    <>
      {cells.length > 0 && (
        <div className="rama-sqllab-status-line rama-sqllab-filter-line">
          <Input
            allowClear
            size="small"
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('results.filter')}
            aria-label={t('results.filter')}
            value={filter}
            maxLength={MAX_FILTER_LENGTH}
            onChange={(e) => setFilter(e.target.value)}
            style={{ maxWidth: 280 }}
          />
          {rowFilter && (
            <span className="rama-sqllab-muted" data-testid="filter-count" role="status">
              {filterCountText(rowFilter.length, cells.length)}
            </span>
          )}
        </div>
      )}
      <Grid columns={columns} data={cells} rowFilter={rowFilter} highlight={rowFilter ? text : ''} />
    </>
  );
}

function Running({ q }: { q: ClientQuery }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  // offline, the server cannot say how the query is doing: the timer stops and says so
  const offline = useAppSelector((s) => s.sqlLab.offline);
  const now = useNow(!offline);
  return (
    <div className="rama-sqllab-status-line" role="status">
      <Spin size="small" spinning={!offline} />
      <span className="rama-sqllab-state">{offline ? t('state.offline') : t(STATE_TEXT[q.state] ?? 'state.running')}</span>
      <span className="rama-sqllab-timer" aria-label={t('results.elapsed')}>
        {formatElapsed(now - (q.startDttm ?? now))}
      </span>
      {q.progress > 0 && q.progress < 100 && <span className="rama-sqllab-muted">{Math.round(q.progress)}%</span>}
      <span className="rama-sqllab-spacer" />
      {!q.isDataPreview && (
        <Tooltip title={`${t('toolbar.stop')}${shortcutHint('stop')}`}>
          <Button size="small" danger icon={<StopOutlined aria-hidden />} onClick={() => void dispatch(stopQuery(q.id))}>
            {t('toolbar.stop')}
          </Button>
        </Tooltip>
      )}
    </div>
  );
}

function statementViews(q: ClientQuery): StatementView[] {
  const statements = q.results?.statements ?? [];
  return statements.map((s) => ({
    index: s.index,
    sql: s.sql,
    rowcount: s.is_result ? (q.rows ?? q.results?.data.length ?? null) : s.rowcount,
    columns: s.is_result ? (q.results?.columns ?? []) : s.columns,
    data: s.is_result ? (q.results?.data ?? []) : s.data,
    isResult: s.is_result,
  }));
}

/** One query's outcome: status line, limit warning, statements, actions and the rows; or its error. */
export function ResultsView({ queryId, isPreview = false }: { queryId: string | null; isPreview?: boolean }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const { addSuccessToast, addWarningToast } = useToasts();
  const q = useAppSelector((s) => (queryId ? s.sqlLab.queries[queryId] : undefined));
  const editor = useAppSelector((s) => (q?.sqlEditorId ? selectEditorById(s, q.sqlEditorId) : null));
  const [statement, setStatement] = useState<number | null>(null);
  const [savingDataset, setSavingDataset] = useState<null | 'dataset' | 'chart'>(null);
  // the tab's current name: a query saved under a new name after it ran uses that name
  const tabName = editor?.name ?? q?.tab ?? 'Query'; // i18n-ignore: a file name, not shown

  if (!q) {
    return (
      <div className="rama-sqllab-empty">
        <Empty
          image={<TableOutlined className="rama-sqllab-empty-icon" />}
          description={
            <span>
              {t('results.empty')}
              {shortcutHint('run') && <span className="rama-sqllab-muted"> · {shortcutHint('run').replace(/[()]/g, '').trim()}</span>}
            </span>
          }
        />
      </div>
    );
  }
  if (inProgress(q)) return <Running q={q} />;
  if (q.state === 'stopped') {
    return (
      <div className="rama-sqllab-result">
        <Alert
          type="info"
          showIcon
          title={sharedText('messages', SqlLabMessage.STOPPED)}
          description={<code className="rama-sqllab-sql-snippet">{q.sql}</code>}
        />
      </div>
    );
  }
  if (q.state === 'failed' || q.state === 'timed_out') {
    const type = q.errors?.[0]?.error_type ?? q.errorType;
    const hints = failureHints({ state: q.state, errorMessage: q.errorMessage, errorType: q.errorType, errors: q.errors });
    return (
      <div className="rama-sqllab-result" data-testid="query-error">
        <Alert
          type="error"
          showIcon
          title={q.errorMessage || sharedText('messages', SqlLabMessage.UNKNOWN_ERROR)}
          description={
            type || hints.length ? (
              <>
                {hints.length > 0 && (
                  <ul className="rama-sqllab-error-hints" data-testid="error-hints">
                    {hints.map((h) => (
                      <li key={h}>{sharedText('messages', h)}</li>
                    ))}
                  </ul>
                )}
                {type && <span className="rama-sqllab-muted">{type}</span>}
              </>
            ) : undefined
          }
          action={
            q.sqlEditorId && !isPreview ? (
              <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void dispatch(rerunQuery(q))}>
                {t('results.runAgain')}
              </Button>
            ) : undefined
          }
        />
      </div>
    );
  }
  if (!q.results) {
    const canFetch = Boolean(q.resultsKey);
    return (
      <div className="rama-sqllab-empty">
        <Empty
          description={t('results.notLoaded')}
          children={
            canFetch ? (
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void dispatch(fetchQueryResults(q.id))}>
                {t('results.fetch')}
              </Button>
            ) : (
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void dispatch(rerunQuery(q))}>
                {t('results.runAgain')}
              </Button>
            )
          }
        />
      </div>
    );
  }

  const views = statementViews(q);
  const selected = views.find((v) => v.index === statement) ?? views.find((v) => v.isResult) ?? null;
  const columns = selected ? selected.columns : q.results.columns;
  const data = selected ? (selected.data ?? []) : q.results.data;
  const rows = q.rows ?? q.results.data.length;
  const warning = !isPreview && (!selected || selected.isResult) ? limitWarningText(q.limitingFactor, rows) : null;
  const duration = q.endDttm && q.startDttm ? formatElapsed(q.endDttm - q.startDttm) : null;
  const exportable = !isPreview && q.extra?.exportable !== false;

  const handleDownload = async () => {
    logSqlLabEvent(LOG.DOWNLOAD_CSV, editor);
    const failure = await downloadFile(exportCsvUrl(q.id), csvFileName(tabName));
    if (failure) addWarningToast(sharedText('messages', failure));
  };

  const handleCopy = async () => {
    try {
      await copyText(resultsAsText(columns, data));
      addSuccessToast(sharedText('messages', SqlLabMessage.COPIED));
      logSqlLabEvent(LOG.COPY_RESULT, editor);
    } catch {
      addWarningToast(sharedText('messages', SqlLabMessage.COPY_FAILED));
    }
  };

  return (
    <div className="rama-sqllab-result">
      <div className="rama-sqllab-status-line">
        <CheckCircleFilled className="rama-sqllab-ok" aria-hidden />
        <span className="rama-sqllab-rowcount" data-testid="row-count">
          {t('common:rows', { count: rows })}
        </span>
        {duration && <span className="rama-sqllab-timer">{duration}</span>}
        {q.cached && <span className="rama-sqllab-muted">{t('results.cached')}</span>}
        <span className="rama-sqllab-spacer" />
        {exportable && (
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            href={exportCsvUrl(q.id)}
            onClick={(e) => {
              // fetched and saved under the tab's current name (the server names it after the tab at run time)
              e.preventDefault();
              void handleDownload();
            }}
          >
            {t('results.downloadCsv')}
          </Button>
        )}
        <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void handleCopy()}>
          {t('common:copyToClipboard')}
        </Button>
        {!isPreview && (
          <Button size="small" icon={<TableOutlined aria-hidden />} onClick={() => setSavingDataset('dataset')}>
            {t('results.saveDataset')}
          </Button>
        )}
        {!isPreview && (
          <Button size="small" icon={<AreaChartOutlined aria-hidden />} onClick={() => setSavingDataset('chart')}>
            {t('results.createChart')}
          </Button>
        )}
      </div>
      {q.ctas && q.tempTable && <Alert className="rama-sqllab-limit" type="success" showIcon title={ctasCreatedMessage(q)} />}
      {warning && <Alert className="rama-sqllab-limit" type="warning" showIcon title={warning} />}
      {views.length > 1 && <StatementList statements={views} selected={selected?.index ?? null} onSelect={setStatement} />}
      {selected && !selected.isResult && selected.data === null ? (
        <div className="rama-sqllab-empty">
          <Typography.Text type="secondary">
            {selected.rowcount !== null ? t('results.rowsAffected', { count: selected.rowcount }) : t('results.noRowsReturned')}
          </Typography.Text>
        </div>
      ) : (
        <FilteredGrid key={`${q.id}:${selected?.index ?? ''}`} columns={columns} data={data} />
      )}
      {savingDataset && (
        <SaveDatasetModal
          queryId={q.id}
          defaultName={tabName}
          title={savingDataset === 'chart' ? t('results.createChart') : undefined}
          onClose={() => setSavingDataset(null)}
        />
      )}
    </div>
  );
}
