import { useState } from 'react';
import { Alert, Button, Empty, Spin, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, CopyOutlined, DownloadOutlined, ReloadOutlined, StopOutlined, TableOutlined } from '@ant-design/icons';
import { formatElapsed, inProgress, limitWarning, resultsAsText, SqlLabMessage, type ClientQuery, type ResultColumn } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../app/hooks';
import { copyText } from '../../components/clipboard';
import { ResultGrid, type CellValue } from '../external';
import { useElementHeight, useNow } from '../hooks';
import { exportCsvUrl } from '../state/sqlLabApi';
import { fetchQueryResults, rerunQuery, stopQuery } from '../state/queryThunks';
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

function Grid({ columns, data }: { columns: ResultColumn[]; data: Record<string, unknown>[] }) {
  const [ref, height] = useElementHeight<HTMLDivElement>();
  const { addSuccessToast } = useToasts();
  // rows come from parseResultJson, whose values are exactly the grid's cell values
  const cells = data as Record<string, CellValue>[];
  return (
    <div className="rama-sqllab-grid" ref={ref}>
      {height > 0 && (
        <ResultGrid
          columns={columns}
          data={cells}
          height={height}
          emptyText="The query returned no rows"
          onCopy={() => addSuccessToast(SqlLabMessage.COPIED, { noDuplicate: true })}
        />
      )}
    </div>
  );
}

function Running({ q }: { q: ClientQuery }) {
  const dispatch = useAppDispatch();
  const now = useNow(true);
  return (
    <div className="rama-sqllab-status-line" role="status">
      <Spin size="small" />
      <span className="rama-sqllab-state">{STATE_TEXT[q.state] ?? 'Running…'}</span>
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
  const [savingDataset, setSavingDataset] = useState(false);

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
    return (
      <div className="rama-sqllab-result" data-testid="query-error">
        <Alert
          type="error"
          showIcon
          title={q.errorMessage || SqlLabMessage.UNKNOWN_ERROR}
          description={type ? <span className="rama-sqllab-muted">{type}</span> : undefined}
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
            onClick={() => logSqlLabEvent(LOG.DOWNLOAD_CSV, editor)}
          >
            Download CSV
          </Button>
        )}
        <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void handleCopy()}>
          Copy to clipboard
        </Button>
        {!isPreview && (
          <Button size="small" icon={<TableOutlined aria-hidden />} onClick={() => setSavingDataset(true)}>
            Save dataset
          </Button>
        )}
      </div>
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
        <Grid columns={columns} data={data} />
      )}
      {savingDataset && <SaveDatasetModal queryId={q.id} defaultName={q.tab ?? 'Query'} onClose={() => setSavingDataset(false)} />}
    </div>
  );
}
