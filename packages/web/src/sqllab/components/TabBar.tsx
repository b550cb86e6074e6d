import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Dropdown, Input, Tabs, Tooltip, type MenuProps } from 'antd';
import { CopyOutlined, CloseOutlined, CloseSquareOutlined, EditOutlined, MenuFoldOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { queryEditorChanged } from '../state/actions';
import { selectActiveEditorId, selectTabList } from '../state/selectors';
import { shortcutHint } from './shortcutHint';
import { addTab, cloneTab, closeOtherTabs, closeTab, renameTab, switchTab } from '../state/tabThunks';

/** The tab menu button's glyph (the button's name is its aria-label). */
const MENU_GLYPH = '⋮';

function TabTitle({
  id,
  name,
  running,
  renaming,
  onRenameDone,
}: {
  id: string;
  name: string;
  running: boolean;
  renaming: boolean;
  onRenameDone(): void;
}) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState(name);
  if (!renaming) {
    return (
      <span className="rama-sqllab-tab-title" title={name}>
        {running && <span className="rama-sqllab-tab-running" aria-label={t('tabs.running')} />}
        {name}
      </span>
    );
  }
  const handleCommit = () => {
    dispatch(renameTab(id, draft));
    onRenameDone();
  };
  const handleBlur = (e: FocusEvent<HTMLInputElement>) => {
    // the tab takes focus right after the double-click that opened this input: keep editing
    const tab = e.currentTarget.closest('.ant-tabs-tab');
    if (e.relatedTarget instanceof Node && tab?.contains(e.relatedTarget)) {
      e.currentTarget.focus();
      return;
    }
    handleCommit();
  };
  const handleKey = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    if (e.key === 'Escape') onRenameDone();
  };
  return (
    <Input
      size="small"
      autoFocus
      aria-label={t('tabs.name')}
      className="rama-sqllab-tab-rename"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onPressEnter={handleCommit}
      onBlur={handleBlur}
      onMouseDown={(e: MouseEvent) => e.stopPropagation()}
      onKeyDown={handleKey}
      onClick={(e: MouseEvent) => e.stopPropagation()}
    />
  );
}

/** The editor tabs: add, switch, close, rename (double-click or menu), clone, close others. */
export function TabBar() {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const tabs = useAppSelector(selectTabList);
  const activeId = useAppSelector(selectActiveEditorId);
  const running = useAppSelector((s) => {
    const ids = new Set<string>();
    for (const q of Object.values(s.sqlLab.queries))
      if (q.sqlEditorId && !q.isDataPreview && (q.state === 'running' || q.state === 'pending' || q.state === 'fetching'))
        ids.add(q.sqlEditorId);
    return [...ids].sort().join('|');
  });
  const runningIds = new Set(running.split('|'));
  const hideLeftBar = useAppSelector((s) => s.sqlLab.queryEditors.find((e) => e.id === activeId)?.hideLeftBar ?? false);
  const [renaming, setRenaming] = useState<string | null>(null);
  // a tab keeps its React key when its id changes to the server's (migration): an open menu or a
  // rename in progress on it is not torn down by the sync
  const mountKeys = useAppSelector((s) => s.sqlLab.mountKeys);
  const keyOf = (id: string) => mountKeys[id] ?? id;
  const idOf = (key: string) => tabs.find((tab) => keyOf(tab.id) === key)?.id ?? key;

  const menuFor = (id: string): MenuProps => ({
    items: [
      { key: 'rename', icon: <EditOutlined aria-hidden />, label: t('tabs.rename') },
      { key: 'clone', icon: <CopyOutlined aria-hidden />, label: t('tabs.clone') },
      { type: 'divider' },
      { key: 'close', icon: <CloseOutlined aria-hidden />, label: t('tabs.close') },
      { key: 'closeOthers', icon: <CloseSquareOutlined aria-hidden />, label: t('tabs.closeOthers'), disabled: tabs.length < 2 },
      { type: 'divider' },
      {
        key: 'toggleLeftBar',
        icon: <MenuFoldOutlined aria-hidden />,
        label: hideLeftBar && id === activeId ? t('showLeftBar') : t('hideLeftBar'),
      },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'rename') setRenaming(id);
      else if (key === 'clone') dispatch(cloneTab(id));
      else if (key === 'close') dispatch(closeTab(id));
      else if (key === 'closeOthers') dispatch(closeOtherTabs(id));
      else if (key === 'toggleLeftBar') {
        dispatch(switchTab(id));
        const current = id === activeId ? hideLeftBar : false;
        dispatch(queryEditorChanged({ id, changes: { hideLeftBar: !current }, now: Date.now() }));
      }
    },
  });

  const items = tabs.map((tab) => ({
    key: keyOf(tab.id),
    closable: true,
    label: (
      <Dropdown menu={menuFor(tab.id)} trigger={['contextMenu']}>
        <span className="rama-sqllab-tab-label" data-testid="sqllab-tab" onDoubleClick={() => setRenaming(tab.id)}>
          <TabTitle
            id={tab.id}
            name={tab.name}
            running={runningIds.has(tab.id)}
            renaming={renaming === tab.id}
            onRenameDone={() => setRenaming(null)}
          />
          <Dropdown menu={menuFor(tab.id)} trigger={['click']}>
            <button
              type="button"
              className="rama-sqllab-tab-menu"
              aria-label={t('tabs.actionsFor', { name: tab.name })}
              onClick={(e) => e.stopPropagation()}
            >
              {MENU_GLYPH}
            </button>
          </Dropdown>
        </span>
      </Dropdown>
    ),
  }));

  const handleEdit = (key: React.MouseEvent | React.KeyboardEvent | string, action: 'add' | 'remove') => {
    if (action === 'add') dispatch(addTab());
    else if (typeof key === 'string') dispatch(closeTab(idOf(key)));
  };

  return (
    <div className="rama-sqllab-tabs">
      <Tabs
        type="editable-card"
        size="small"
        activeKey={activeId ? keyOf(activeId) : undefined}
        items={items}
        onChange={(key) => dispatch(switchTab(idOf(key)))}
        onEdit={handleEdit}
        addIcon={
          <Tooltip title={`${t('tabs.new')}${shortcutHint('newTab')}`}>
            <PlusOutlined aria-hidden />
          </Tooltip>
        }
      />
    </div>
  );
}
