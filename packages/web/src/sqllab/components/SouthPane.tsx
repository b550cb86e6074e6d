import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { HistoryOutlined, TableOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { HISTORY_PANE, RESULTS_PANE } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { southPaneTabChanged, tableChanged } from '../state/actions';
import { selectEditorTables } from '../state/selectors';
import { editorById } from '../state/thunk';
import { ResultsView } from './ResultsView';
import { QueryHistoryPane } from './QueryHistoryPane';

/** The south pane: 'Results', one tab per previewed table, and the tab's query history. */
export function SouthPane({ editorId }: { editorId: string }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const latestQueryId = useAppSelector((s) => editorById(s, editorId)?.latestQueryId ?? null);
  const active = useAppSelector((s) => s.sqlLab.activeSouthPaneTab);
  const previews = useAppSelector(selectEditorTables).filter((t) => t.dataPreviewQueryId);
  const keys = [RESULTS_PANE, ...previews.map((t) => t.id), HISTORY_PANE];
  const activeKey = keys.includes(active) ? active : RESULTS_PANE;

  const handleEdit = (key: React.MouseEvent | React.KeyboardEvent | string, action: 'add' | 'remove') => {
    if (action !== 'remove' || typeof key !== 'string') return;
    dispatch(tableChanged({ id: key, changes: { dataPreviewQueryId: null } }));
    if (activeKey === key) dispatch(southPaneTabChanged(RESULTS_PANE));
  };

  const items = [
    {
      key: RESULTS_PANE,
      closable: false,
      label: (
        <span>
          <UnorderedListOutlined aria-hidden /> {t('southPane.results')}
        </span>
      ),
      children: <ResultsView queryId={latestQueryId} />,
    },
    ...previews.map((table) => ({
      key: table.id,
      closable: true,
      label: (
        <span title={t('southPane.previewOf', { table: `${table.schema ? `${table.schema}.` : ''}${table.name}` })}>
          <TableOutlined aria-hidden /> {table.name}
        </span>
      ),
      children: <ResultsView queryId={table.dataPreviewQueryId} isPreview />,
    })),
    {
      key: HISTORY_PANE,
      closable: false,
      label: (
        <span>
          <HistoryOutlined aria-hidden /> {t('southPane.history')}
        </span>
      ),
      children: <QueryHistoryPane editorId={editorId} />,
    },
  ];

  return (
    <div className="rama-sqllab-south-pane">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        items={items}
        onChange={(key) => dispatch(southPaneTabChanged(key))}
        onEdit={handleEdit}
        destroyOnHidden
        className="rama-sqllab-south-tabs"
      />
    </div>
  );
}
