import { Button, Dropdown, Empty, Table, Tag, Tooltip } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  EyeOutlined,
  LinkOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatElapsed, RESULTS_PANE, SqlLabMessage, type ClientQuery } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { copyText } from '../../components/clipboard';
import { currentLocale, sharedText } from '../../i18n';
import { querySqlLabPath } from '../../queryhistory/queryHistoryApi';
import { queryEditorChanged, southPaneTabChanged } from '../state/actions';
import { fetchQueryResults, removeQuery } from '../state/queryThunks';
import { selectEditorQueries } from '../state/selectors';
import { openInNewTab } from '../state/tabThunks';
import { queryStateText } from './queryStateText';

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

const time = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleTimeString(currentLocale()) : '');

/** This tab's queries, newest first: open a query's SQL in the editor or show its results again. */
export function QueryHistoryPane({ editorId }: { editorId: string }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const queries = useAppSelector(selectEditorQueries);
  const { addSuccessToast, addWarningToast } = useToasts();
  if (!queries.length) {
    return (
      <div className="rama-sqllab-empty">
        <Empty description={t('history.empty')} />
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
  /** `done` is a shared message, in English */
  const copy = async (text: string, done: string) => {
    try {
      await copyText(text);
      addSuccessToast(sharedText('messages', done));
    } catch {
      addWarningToast(sharedText('messages', SqlLabMessage.COPY_FAILED));
    }
  };
  const handleMenu = (q: ClientQuery, key: string) => {
    if (key === 'new-tab')
      dispatch(
        openInNewTab({
          sql: q.sql ?? '',
          dbId: q.dbId ?? null,
          catalog: q.catalog ?? null,
          schema: q.schema ?? null,
          templateParams: q.templateParams ?? null,
          autorun: false,
        }),
      );
    else if (key === 'copy-sql') void copy(q.sql ?? '', SqlLabMessage.COPIED);
    else if (key === 'copy-link' && q.queryId)
      void copy(`${window.location.origin}${querySqlLabPath(q.queryId)}`, SqlLabMessage.LINK_COPIED);
    else if (key === 'remove') void dispatch(removeQuery(q.id));
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
          {
            title: t('history.started'),
            key: 'start',
            width: 110,
            render: (_, q) => <span className="rama-sqllab-muted">{time(q.startDttm)}</span>,
          },
          {
            title: t('history.state'),
            key: 'state',
            width: 100,
            render: (_, q) => <Tag color={STATE_COLOR[q.state] ?? 'default'}>{queryStateText(q.state)}</Tag>,
          },
          {
            title: t('history.duration'),
            key: 'duration',
            width: 110,
            render: (_, q) => (q.endDttm && q.startDttm ? <span className="rama-mono">{formatElapsed(q.endDttm - q.startDttm)}</span> : ''),
          },
          { title: t('history.rows'), key: 'rows', width: 90, align: 'right', render: (_, q) => q.rows ?? '' },
          {
            title: 'SQL', // i18n-ignore: the language's name
            key: 'sql',
            ellipsis: true,
            render: (_, q) => (
              <button type="button" className="rama-sqllab-history-sql" title={t('history.openSql')} onClick={() => handleOpen(q)}>
                {q.sql}
              </button>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 120,
            render: (_, q) => (
              <span className="rama-sqllab-history-actions">
                <Tooltip title={t('history.open')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined aria-hidden />}
                    aria-label={t('history.open')}
                    onClick={() => handleOpen(q)}
                  />
                </Tooltip>
                <Tooltip title={q.resultsKey || q.results ? t('history.showItsResults') : t('history.noStoredResults')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EyeOutlined aria-hidden />}
                    aria-label={t('history.showResults')}
                    disabled={!q.resultsKey && !q.results}
                    onClick={() => handleResults(q)}
                  />
                </Tooltip>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'new-tab', icon: <PlusSquareOutlined />, label: t('history.openInNewTab') },
                      { key: 'copy-sql', icon: <CopyOutlined />, label: t('history.copySql'), disabled: !q.sql },
                      { key: 'copy-link', icon: <LinkOutlined />, label: t('history.copyLink'), disabled: !q.queryId },
                      { type: 'divider' },
                      { key: 'remove', icon: <DeleteOutlined />, label: t('common:remove'), danger: true },
                    ],
                    onClick: ({ key }) => handleMenu(q, key),
                  }}
                >
                  <Button type="text" size="small" icon={<EllipsisOutlined aria-hidden />} aria-label={t('history.moreActions')} />
                </Dropdown>
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
