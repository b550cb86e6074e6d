import { useDeferredValue, useMemo, useState } from 'react';
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
  limitWarning,
  resultsAsText,
  SqlLabMessage,
  type ClientQuery,
  type ResultColumn,
} from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../app/hooks';
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

const STATE_TEXT: Record<string, string> = {
  pending: 'Waiting for a worker…',
  started: 'Starting…',
  scheduled: 'Scheduled…',
  running: 'Running…',
  fetching: 'Fetching results…',
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
  const [ref, height] = useElementHeight<HTMLDivElement>();
  const { addSuccessToast } = useToasts();
  return (
    <div className="rama-sqllab-grid" ref={ref}>
      {height > 0 && (
        <ResultGrid
          columns={columns}
          data={data}
          height={height}
          emptyText="The query returned no rows"
          rowFilter={rowFilter}
          highlight={highlight}
          onCopy={() => addSuccessToast(SqlLabMessage.COPIED, { noDuplicate: true })}
        />
      )}
    </div>
  );
}

/** The peer's "Filter results" box over the rows: matches highlighted, "n of m rows" counted. */
function FilteredGrid({ columns, data }: { columns: ResultColumn[]; data: Record<string, unknown>[] }) {
  // rows come from parseResultJson, whose values are exactly the grid's cell values
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
            placeholder="Filter results"
            aria-label="Filter results"
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
  const dispatch = useAppDispatch();
  // offline, the server cannot say how the query is doing: the timer stops and says so
  const offline = useAppSelector((s) => s.sqlLab.offline);
  const now = useNow(!offline);
  return (
    <div className="rama-sqllab-status-line" role="status">
      <Spin size="small" spinning={!offline} />
      <span className="rama-sqllab-state">{offline ? 'Offline' : (STATE_TEXT[q.state] ?? 'Running…')}</span>
      <span className="rama-sqllab-timer" aria-label="Elapsed time">
        {formatElapsed(now - (q.startDttm ?? now))}
      </span>
      {q.progress > 0 && q.progress < 100 && <span className="rama-sqllab-muted">{Math.round(q.progress)}%</span>}
      <span className="rama-sqllab-spacer" />
      {!q.isDataPreview && (
        <Tooltip title={`Stop${shortcutHint('Stop')}`}>
          <Button size="small" danger icon={<StopOutlined aria-hidden />} onClick={() => void dispatch(stopQuery(q.id))}>
            Stop
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
  const dispatch = useAppDispatch();
  const { addSuccessToast, addWarningToast } = useToasts();
  const q = useAppSelector((s) => (queryId ? s.sqlLab.queries[queryId] : undefined));
  const editor = useAppSelector((s) => (q?.sqlEditorId ? selectEditorById(s, q.sqlEditorId) : null));
  const [statement, setStatement] = useState<number | null>(null);
  const [savingDataset, setSavingDataset] = useState<null | 'dataset' | 'chart'>(null);
  // the tab's current name: a query saved under a new name after it ran uses that name
  const tabName = editor?.name ?? q?.tab ?? 'Query';

  if (!q) {
    return (
      <div className="rama-sqllab-empty">
        <Empty
          image={<TableOutlined className="rama-sqllab-empty-icon" />}
          description={
            <span>
              Run a query to see results here
              {shortcutHint('Run') && <span className="rama-sqllab-muted"> · {shortcutHint('Run').replace(/[()]/g, '').trim()}</span>}
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
        <Alert type="info" showIcon title="Query was stopped." description={<code className="rama-sqllab-sql-snippet">{q.sql}</code>} />
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
          title={q.errorMessage || SqlLabMessage.UNKNOWN_ERROR}
          description={
            type || hints.length ? (
              <>
                {hints.length > 0 && (
                  <ul className="rama-sqllab-error-hints" data-testid="error-hints">
                    {hints.map((h) => (
                      <li key={h}>{h}</li>
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
                Run again
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
          description="The results of this query are not loaded."
          children={
            canFetch ? (
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void dispatch(fetchQueryResults(q.id))}>
                Fetch results
              </Button>
            ) : (
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void dispatch(rerunQuery(q))}>
                Run again
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
  const warning = !isPreview && (!selected || selected.isResult) ? limitWarning(q.limitingFactor, rows) : null;
  const duration = q.endDttm && q.startDttm ? formatElapsed(q.endDttm - q.startDttm) : null;
  const exportable = !isPreview && q.extra?.exportable !== false;

  const handleDownload = async () => {
    logSqlLabEvent(LOG.DOWNLOAD_CSV, editor);
    const failure = await downloadFile(exportCsvUrl(q.id), csvFileName(tabName));
    if (failure) addWarningToast(failure);
  };

  const handleCopy = async () => {
    try {
      await copyText(resultsAsText(columns, data));
      addSuccessToast(SqlLabMessage.COPIED);
      logSqlLabEvent(LOG.COPY_RESULT, editor);
    } catch {
      addWarningToast(SqlLabMessage.COPY_FAILED);
    }
  };

  return (
    <div className="rama-sqllab-result">
      <div className="rama-sqllab-status-line">
        <CheckCircleFilled className="rama-sqllab-ok" aria-hidden />
        <span className="rama-sqllab-rowcount" data-testid="row-count">
          {rows.toLocaleString('en-US')} {rows === 1 ? 'row' : 'rows'}
        </span>
        {duration && <span className="rama-sqllab-timer">{duration}</span>}
        {q.cached && <span className="rama-sqllab-muted">cached</span>}
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
            Download CSV
          </Button>
        )}
        <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void handleCopy()}>
          Copy to clipboard
        </Button>
        {!isPreview && (
          <Button size="small" icon={<TableOutlined aria-hidden />} onClick={() => setSavingDataset('dataset')}>
            Save dataset
          </Button>
        )}
        {!isPreview && (
          <Button size="small" icon={<AreaChartOutlined aria-hidden />} onClick={() => setSavingDataset('chart')}>
            Create chart
          </Button>
        )}
      </div>
      {q.ctas && q.tempTable && <Alert className="rama-sqllab-limit" type="success" showIcon title={ctasCreatedMessage(q)} />}
      {warning && <Alert className="rama-sqllab-limit" type="warning" showIcon title={warning} />}
      {views.length > 1 && <StatementList statements={views} selected={selected?.index ?? null} onSelect={setStatement} />}
      {selected && !selected.isResult && selected.data === null ? (
        <div className="rama-sqllab-empty">
          <Typography.Text type="secondary">
            {selected.rowcount !== null
              ? `${selected.rowcount.toLocaleString('en-US')} rows affected`
              : 'The statement ran; it returns no rows.'}
          </Typography.Text>
        </div>
      ) : (
        <FilteredGrid key={`${q.id}:${selected?.index ?? ''}`} columns={columns} data={data} />
      )}
      {savingDataset && (
        <SaveDatasetModal
          queryId={q.id}
          defaultName={tabName}
          title={savingDataset === 'chart' ? 'Create chart' : undefined}
          onClose={() => setSavingDataset(null)}
        />
      )}
    </div>
  );
}
