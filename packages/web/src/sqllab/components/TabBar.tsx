import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Dropdown, Input, Tabs, Tooltip, type MenuProps } from 'antd';
import { CopyOutlined, CloseOutlined, CloseSquareOutlined, EditOutlined, MenuFoldOutlined, PlusOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { queryEditorChanged } from '../state/actions';
import { selectActiveEditorId, selectTabList } from '../state/selectors';
import { shortcutHint } from './shortcutHint';
import { addTab, cloneTab, closeOtherTabs, closeTab, renameTab, switchTab } from '../state/tabThunks';

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
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState(name);
  if (!renaming) {
    return (
      <span className="rama-sqllab-tab-title" title={name}>
        {running && <span className="rama-sqllab-tab-running" aria-label="Running" />}
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
      aria-label="Tab name"
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
  const idOf = (key: string) => tabs.find((t) => keyOf(t.id) === key)?.id ?? key;

  const menuFor = (id: string): MenuProps => ({
    items: [
      { key: 'rename', icon: <EditOutlined aria-hidden />, label: 'Rename tab' },
      { key: 'clone', icon: <CopyOutlined aria-hidden />, label: 'Clone tab' },
      { type: 'divider' },
      { key: 'close', icon: <CloseOutlined aria-hidden />, label: 'Close tab' },
      { key: 'closeOthers', icon: <CloseSquareOutlined aria-hidden />, label: 'Close other tabs', disabled: tabs.length < 2 },
      { type: 'divider' },
      {
        key: 'toggleLeftBar',
        icon: <MenuFoldOutlined aria-hidden />,
        label: hideLeftBar && id === activeId ? 'Show left bar' : 'Hide left bar',
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

  const items = tabs.map((t) => ({
    key: keyOf(t.id),
    closable: true,
    label: (
      <Dropdown menu={menuFor(t.id)} trigger={['contextMenu']}>
        <span className="rama-sqllab-tab-label" data-testid="sqllab-tab" onDoubleClick={() => setRenaming(t.id)}>
          <TabTitle
            id={t.id}
            name={t.name}
            running={runningIds.has(t.id)}
            renaming={renaming === t.id}
            onRenameDone={() => setRenaming(null)}
          />
          <Dropdown menu={menuFor(t.id)} trigger={['click']}>
            <button
              type="button"
              className="rama-sqllab-tab-menu"
              aria-label={`Tab actions for ${t.name}`}
              onClick={(e) => e.stopPropagation()}
            >
              ⋮
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
          <Tooltip title={`New tab${shortcutHint('New')}`}>
            <PlusOutlined aria-hidden />
          </Tooltip>
        }
      />
    </div>
  );
}
