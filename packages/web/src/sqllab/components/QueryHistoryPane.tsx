import { Button, Empty, Table, Tag, Tooltip } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { formatElapsed, RESULTS_PANE, type ClientQuery } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { queryEditorChanged, southPaneTabChanged } from '../state/actions';
import { fetchQueryResults } from '../state/queryThunks';
import { selectEditorQueries } from '../state/selectors';

const STATE_COLOR: Record<string, string> = {
  success: 'success',
  failed: 'error',
  timed_out: 'error',
  stopped: 'default',
  running: 'processing',
  pending: 'processing',
  fetching: 'processing',
  started: 'processing',
  scheduled: 'processing',
};

const time = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleTimeString() : '');

/** This tab's queries, newest first: open a query's SQL in the editor or show its results again. */
export function QueryHistoryPane({ editorId }: { editorId: string }) {
  const dispatch = useAppDispatch();
  const queries = useAppSelector(selectEditorQueries);
  if (!queries.length) {
    return (
      <div className="rama-sqllab-empty">
        <Empty description="No queries in this tab yet" />
      </div>
    );
  }
  const handleOpen = (q: ClientQuery) =>
    dispatch(queryEditorChanged({ id: editorId, changes: { sql: q.sql ?? '', selectedText: null }, now: Date.now() }));
  const handleResults = (q: ClientQuery) => {
    dispatch(queryEditorChanged({ id: editorId, changes: { latestQueryId: q.id }, now: Date.now() }));
    dispatch(southPaneTabChanged(RESULTS_PANE));
    if (!q.results && q.resultsKey) void dispatch(fetchQueryResults(q.id));
  };

  return (
    <div className="rama-sqllab-history">
      <Table<ClientQuery>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={queries}
        sticky
        columns={[
          { title: 'Started', key: 'start', width: 110, render: (_, q) => <span className="rama-sqllab-muted">{time(q.startDttm)}</span> },
          { title: 'State', key: 'state', width: 100, render: (_, q) => <Tag color={STATE_COLOR[q.state] ?? 'default'}>{q.state}</Tag> },
          {
            title: 'Duration',
            key: 'duration',
            width: 110,
            render: (_, q) => (q.endDttm && q.startDttm ? <span className="rama-mono">{formatElapsed(q.endDttm - q.startDttm)}</span> : ''),
          },
          { title: 'Rows', key: 'rows', width: 90, align: 'right', render: (_, q) => q.rows ?? '' },
          {
            title: 'SQL',
            key: 'sql',
            ellipsis: true,
            render: (_, q) => (
              <button type="button" className="rama-sqllab-history-sql" title="Open this SQL in the editor" onClick={() => handleOpen(q)}>
                {q.sql}
              </button>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 90,
            render: (_, q) => (
              <span className="rama-sqllab-history-actions">
                <Tooltip title="Open in the editor">
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined aria-hidden />}
                    aria-label="Open in the editor"
                    onClick={() => handleOpen(q)}
                  />
                </Tooltip>
                <Tooltip title={q.resultsKey || q.results ? 'Show its results' : 'No stored results'}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EyeOutlined aria-hidden />}
                    aria-label="Show results"
                    disabled={!q.resultsKey && !q.results}
                    onClick={() => handleResults(q)}
                  />
                </Tooltip>
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
