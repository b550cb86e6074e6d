/**
 * A tabs component (spec section 3 "Layout component"; section 2: direct navigation to a tab): one
 * pane per tab, the active one from dashboardState.activeTabs (the page keeps it in the address).
 * A pane is drawn the first time it is shown and kept afterwards, so charts of tabs never opened
 * never query. In edit mode tabs are added, renamed (click the active tab's title) and deleted.
 */
import { memo, type ReactNode } from 'react';
import { App, Tabs, Typography } from 'antd';
import { shallowEqual } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { NEW_TAB_TITLE, ROOT_ID, TAB_TYPE, childDepth, newComponent, type LayoutItem } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { useEditKit } from '../editKit';
import { orientationIn } from '../gridGeometry';
import { useDashboardPage } from '../pageContext';
import { layoutActions } from '../state/layoutSlice';
import { DashboardMessage } from '../messages';

/**
 * Draws a tab's children stacked (LayoutNode's StackedChildren). It is handed in, as LayoutNode
 * draws this component: the recursion goes through a prop, not through an import each way.
 */
export type RenderChildren = (item: LayoutItem, depth: number) => ReactNode;

interface TabsNodeProps {
  item: LayoutItem;
  parentId: string;
  depth: number;
  dragHandle?: ReactNode;
  renderChildren: RenderChildren;
}

const tabTitle = (tab: LayoutItem): string =>
  (typeof tab.meta?.text === 'string' && tab.meta.text) ||
  (typeof tab.meta?.defaultText === 'string' && tab.meta.defaultText) ||
  NEW_TAB_TITLE;

function TabLabel({
  tab,
  tabs,
  index,
  depth,
  active,
}: {
  tab: LayoutItem;
  tabs: LayoutItem;
  index: number;
  depth: number;
  active: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { display } = useDashboardPage();
  const kit = useEditKit();
  const title = tabTitle(tab);
  const rename = (text: string) => {
    const next = text.trim();
    if (next && next !== title) dispatch(layoutActions.updateComponents({ [tab.id]: { ...tab, meta: { ...tab.meta, text: next } } }));
  };
  const label = (handle: ReactNode) => (
    <span className="rama-dash-tab-label" data-test="dashboard-tab" data-component-id={tab.id}>
      {handle}
      {display.editMode && active ? (
        <Typography.Text editable={{ onChange: rename, triggerType: ['text'], tooltip: t('tabs.rename'), maxLength: 250 }}>
          {title}
        </Typography.Text>
      ) : (
        title
      )}
    </span>
  );
  if (!kit) return label(null);
  return (
    <kit.DragDroppable component={tab} parentComponent={tabs} index={index} depth={depth} orientation={orientationIn(tabs.type)} editMode>
      {({ dragHandle }) => label(dragHandle)}
    </kit.DragDroppable>
  );
}

/**
 * A tab's pane: its children stacked; in edit mode also a drop area of the tab (an empty tab takes
 * drops here), which in edit mode begins right under the tab bar so the gap above the first row
 * takes drops too.
 */
function TabContent({
  tab,
  tabs,
  index,
  depth,
  renderChildren,
}: {
  tab: LayoutItem;
  tabs: LayoutItem;
  index: number;
  depth: number;
  renderChildren: RenderChildren;
}) {
  const kit = useEditKit();
  const pane = (
    <div className="rama-dash-tab" data-component-id={tab.id} id={tab.id}>
      {renderChildren(tab, depth)}
      {tab.children.length === 0 && <div className="rama-dash-placeholder">{DashboardMessage.EMPTY_TAB}</div>}
    </div>
  );
  if (!kit) return pane;
  return (
    <kit.DragDroppable
      component={tab}
      parentComponent={tabs}
      index={index}
      depth={depth}
      orientation="row"
      dndId={`${tab.id}:content`}
      className="rama-dash-tab-drop"
      disableDrag
      editMode
    >
      {() => pane}
    </kit.DragDroppable>
  );
}

export const TabsNode = memo(function TabsNode({ item, parentId, depth, dragHandle, renderChildren }: TabsNodeProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { display, onTabChange } = useDashboardPage();
  const { modal } = App.useApp();
  const kit = useEditKit();
  const tabs = useAppSelector(
    (s) => item.children.map((id) => s.dashboardLayout.present[id]).filter((c): c is LayoutItem => c?.type === TAB_TYPE),
    shallowEqual,
  );
  const activeTabs = useAppSelector((s) => s.dashboardState.activeTabs);
  const activeKey = tabs.find((tab) => activeTabs.includes(tab.id))?.id ?? tabs[0]?.id;
  const tabDepth = childDepth(item.type, depth);
  const topLevel = parentId === ROOT_ID;

  const addTab = () => {
    const tab = newComponent(TAB_TYPE);
    dispatch(layoutActions.updateComponents({ [item.id]: { ...item, children: [...item.children, tab.id] }, [tab.id]: tab }));
    onTabChange(tab.id);
  };
  const removeTab = (tabId: string) => {
    const tab = tabs.find((x) => x.id === tabId);
    if (!tab) return;
    const remove = () => dispatch(layoutActions.deleteComponent({ id: tabId, parentId: item.id }));
    if (tab.children.length === 0) {
      remove();
      return;
    }
    modal.confirm({
      title: t('tabs.deleteTitle', { name: tabTitle(tab) }),
      content: t('tabs.deleteContent'),
      okText: t('common:delete'),
      okButtonProps: { danger: true },
      onOk: remove,
    });
  };

  const items = tabs.map((tab, i) => ({
    key: tab.id,
    label: <TabLabel tab={tab} tabs={item} index={i} depth={tabDepth} active={tab.id === activeKey} />,
    closable: display.editMode,
    children: <TabContent tab={tab} tabs={item} index={i} depth={tabDepth} renderChildren={renderChildren} />,
  }));

  return (
    <div
      className={`rama-dash-tabs${topLevel ? ' is-top-level' : ''}${display.hideTabs ? ' is-nav-hidden' : ''}`}
      data-component-id={item.id}
      data-test="dashboard-tabs"
    >
      <Tabs
        activeKey={activeKey}
        items={items}
        onChange={onTabChange}
        type={display.editMode ? 'editable-card' : 'line'}
        size={topLevel ? 'large' : 'middle'}
        onEdit={(key, action) => {
          if (action === 'add') addTab();
          else if (typeof key === 'string') removeTab(key);
        }}
        tabBarExtraContent={
          display.editMode && kit
            ? {
                left: dragHandle,
                right: <kit.ComponentMenu id={item.id} parentId={parentId} />,
              }
            : undefined
        }
      />
    </div>
  );
});
