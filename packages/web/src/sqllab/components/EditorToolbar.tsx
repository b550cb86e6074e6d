import { Button, Divider, Dropdown, Space, Switch, Tooltip, Typography } from 'antd';
import {
  CaretRightOutlined,
  ClockCircleOutlined,
  DatabaseOutlined,
  DownOutlined,
  FunctionOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  FormatPainterOutlined,
  HistoryOutlined,
  SaveOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { parseDatabaseExtra, rowLimitChoices, templateParamsError } from '@rama/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { request } from '../../core/api';
import { useSession } from '../../core/session';
import { canRestoreVersions } from '../../versions/permissions';
import { HistoryDrawer } from '../../versions/HistoryDrawer';
import { useGetDatabaseQuery } from '../../databases/databaseApi';
import { ShortcutsHelp } from '../external';
import { queryEditorChanged } from '../state/actions';
import { selectEditorById } from '../state/thunk';
import { formatEditorSql } from '../state/queryThunks';
import { EstimateCostButton } from './EstimateCostButton';
import { ShareButton } from './ShareButton';
import { shortcutHint } from './shortcutHint';
import { useCanScheduleQuery } from './useCanScheduleQuery';

export type ToolbarModal = 'save' | 'schedule' | 'params' | 'ctas' | 'cvas';

function costEstimateEnabled(extra: string | undefined): boolean {
  try {
    return Boolean(parseDatabaseExtra(extra).cost_estimate_enabled);
  } catch {
    return false;
  }
}

interface Props {
  editorId: string;
  running: boolean;
  onRun(): void;
  /** run only the statement under the cursor */
  onRunStatement(): void;
  onStop(): void;
  onOpen(modal: ToolbarModal): void;
}

/** Run/Stop, limit, format, parameters, autorun, estimate on the left; save, schedule, share, help on the right. */
export function EditorToolbar({ editorId, running, onRun, onRunStatement, onStop, onOpen }: Props) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const canSchedule = useCanScheduleQuery();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const db = useAppSelector((s) => (editor?.dbId ? s.sqlLab.databases[String(editor.dbId)] : undefined));
  const sqlMaxRow = useAppSelector((s) => s.sqlLab.config.sqlMaxRow);
  const { data: dbDetail } = useGetDatabaseQuery(editor?.dbId ?? 0, { skip: !editor?.dbId });
  const [historyOpen, setHistoryOpen] = useState(false);
  const { user, access } = useSession();
  if (!editor) return null;

  const change = (changes: Parameters<typeof queryEditorChanged>[0]['changes']) =>
    dispatch(queryEditorChanged({ id: editorId, changes, now: Date.now() }));
  const hasSelection = Boolean(editor.selectedText && editor.selectedText.trim());
  const paramsSet = Boolean(editor.templateParams && editor.templateParams.trim() && editor.templateParams.trim() !== '{}');
  const paramsInvalid = templateParamsError(editor.templateParams) !== null;
  const limitItems = rowLimitChoices(sqlMaxRow).map((n) => ({ key: String(n), label: n.toLocaleString(currentLocale()) }));
  const canRun = Boolean(db) && editor.sql.trim().length > 0;
  // the peer's run menu: the current statement, and CTAS/CVAS where the database allows them
  const runItems = [
    { key: 'statement', label: `${t('toolbar.runStatement')}${shortcutHint('runStatement')}` },
    ...(db?.allow_ctas ? [{ key: 'ctas', label: 'CREATE TABLE AS' }] : []), // i18n-ignore: SQL keywords
    ...(db?.allow_cvas ? [{ key: 'cvas', label: 'CREATE VIEW AS' }] : []), // i18n-ignore: SQL keywords
  ];
  const handleRunMenu = (key: string) => {
    if (key === 'statement') onRunStatement();
    else if (key === 'ctas' || key === 'cvas') onOpen(key);
  };

  return (
    <div className="rama-sqllab-toolbar" role="toolbar" aria-label={t('toolbar.ariaLabel')}>
      <div className="rama-sqllab-toolbar-group">
        <Tooltip title={editor.hideLeftBar ? t('showLeftBar') : t('hideLeftBar')}>
          <Button
            type="text"
            size="small"
            icon={editor.hideLeftBar ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            aria-label={editor.hideLeftBar ? t('showLeftBar') : t('hideLeftBar')}
            onClick={() => change({ hideLeftBar: !editor.hideLeftBar })}
          />
        </Tooltip>
        {running ? (
          <Tooltip title={`${t('shortcut.stop')}${shortcutHint('stop')}`}>
            <Button danger size="small" icon={<StopOutlined aria-hidden />} onClick={onStop} className="rama-sqllab-run">
              {t('toolbar.stop')}
            </Button>
          </Tooltip>
        ) : (
          <Space.Compact size="small">
            <Tooltip title={`${hasSelection ? t('toolbar.runSelectedTooltip') : t('toolbar.runTooltip')}${shortcutHint('run')}`}>
              <Button
                type="primary"
                size="small"
                icon={<CaretRightOutlined aria-hidden />}
                onClick={onRun}
                disabled={!canRun}
                className="rama-sqllab-run"
              >
                {hasSelection ? t('toolbar.runSelection') : t('toolbar.run')}
              </Button>
            </Tooltip>
            <Dropdown trigger={['click']} disabled={!canRun} menu={{ items: runItems, onClick: ({ key }) => handleRunMenu(key) }}>
              <Button
                type="primary"
                size="small"
                icon={<DownOutlined aria-hidden />}
                aria-label={t('toolbar.moreRunOptions')}
                disabled={!canRun}
              />
            </Dropdown>
          </Space.Compact>
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            items: limitItems,
            selectable: true,
            selectedKeys: [String(editor.queryLimit)],
            onClick: ({ key }) => change({ queryLimit: Number(key) }),
          }}
        >
          <Button size="small" aria-label={t('toolbar.rowLimit', { limit: String(editor.queryLimit) })}>
            <span className="rama-sqllab-muted">{t('toolbar.limit')}</span> {editor.queryLimit.toLocaleString(currentLocale())}{' '}
            <DownOutlined className="rama-sqllab-caret" />
          </Button>
        </Dropdown>
        <Divider orientation="vertical" />
        <Tooltip title={`${t('toolbar.format')}${shortcutHint('format')}`}>
          <Button
            type="text"
            size="small"
            icon={<FormatPainterOutlined aria-hidden />}
            aria-label={t('toolbar.format')}
            onClick={() => void dispatch(formatEditorSql(editorId))}
          />
        </Tooltip>
        <Tooltip title={paramsInvalid ? t('toolbar.paramsInvalid') : t('toolbar.params')}>
          <Button
            type="text"
            size="small"
            danger={paramsInvalid}
            icon={<FunctionOutlined aria-hidden />}
            aria-label={t('toolbar.params')}
            className={paramsSet ? 'rama-sqllab-on' : undefined}
            onClick={() => onOpen('params')}
          />
        </Tooltip>
        {costEstimateEnabled(dbDetail?.extra) && <EstimateCostButton editorId={editorId} />}
        <Tooltip title={t('toolbar.autorunTooltip')}>
          <label className="rama-sqllab-autorun">
            <Switch size="small" checked={editor.autorun} onChange={(autorun) => change({ autorun })} aria-label={t('toolbar.autorun')} />
            <span>{t('toolbar.autorun')}</span>
          </label>
        </Tooltip>
      </div>
      <div className="rama-sqllab-toolbar-group">
        {!editor.hideLeftBar ? null : (
          <Typography.Text type="secondary" className="rama-sqllab-context" ellipsis>
            <DatabaseOutlined aria-hidden /> {db?.database_name ?? t('toolbar.noDatabase')}
            {editor.schema ? ` · ${editor.schema}` : ''}
          </Typography.Text>
        )}
        <Tooltip title={`${editor.remoteId !== null ? t('toolbar.updateTooltip') : t('toolbar.saveTooltip')}${shortcutHint('save')}`}>
          <Button size="small" icon={<SaveOutlined aria-hidden />} onClick={() => onOpen('save')} disabled={!db}>
            {editor.remoteId !== null ? t('toolbar.update') : t('common:save')}
          </Button>
        </Tooltip>
        {editor.remoteId !== null && (
          <Tooltip title={t('toolbar.versions')}>
            <Button
              size="small"
              icon={<HistoryOutlined aria-hidden />}
              onClick={() => setHistoryOpen(true)}
              aria-label={t('toolbar.versionsAria')}
              data-test="saved-query-history"
            />
          </Tooltip>
        )}
        {historyOpen && editor.remoteId !== null && (
          <HistoryDrawer
            type="saved_query"
            id={editor.remoteId}
            open
            onClose={() => setHistoryOpen(false)}
            // a saved query is its owner's (admins see all): who sees it may restore it, with can_write
            canRestore={canRestoreVersions('saved_query', access, user.id, null)}
            onRestored={() => {
              const id = editor.remoteId;
              if (id === null) return;
              // the tab takes the restored SQL, as if the saved query had been opened again
              void request<{ result: { sql: string } }>({ url: `/api/v1/saved_query/${id}` }).then((r) => change({ sql: r.result.sql }));
            }}
          />
        )}
        {canSchedule && (
          <Tooltip title={t('toolbar.scheduleTooltip')}>
            <Button
              size="small"
              icon={<ClockCircleOutlined aria-hidden />}
              onClick={() => onOpen('schedule')}
              disabled={!db}
              aria-label={t('toolbar.schedule')}
            />
          </Tooltip>
        )}
        <ShareButton editorId={editorId} />
        <ShortcutsHelp />
      </div>
    </div>
  );
}
