/**
 * The Scoping tab: the dashboard's tabs and charts as a checkbox tree (each checkbox named by its
 * chart or tab); the charts checked are the ones the filter reaches. Stored as the whole dashboard
 * minus the charts left out (shared `scopeFromCharts`), so a chart added later is in scope.
 */
import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { CaretDownOutlined } from '@ant-design/icons';
import { Tree, Typography, type TreeDataNode as DataNode } from 'antd';
import { chartsInScope, scopeTree, type DashboardLayout, type FilterConfigItem, type ScopeTreeNode } from '@rama/shared';
import { setScopeCharts } from './filterEdits';

export interface ScopingTreeProps {
  item: FilterConfigItem;
  layout: DashboardLayout;
  chartName: (chartId: number) => string;
  onChange: (item: FilterConfigItem) => void;
}

/** Tree data without the tabs that hold no chart (an empty leaf would keep "All panels" half checked). */
function toTreeData(node: ScopeTreeNode, chartIds: Map<string, number>): DataNode | null {
  if (node.type === 'CHART') {
    if (node.chartId === null) return null;
    chartIds.set(node.key, node.chartId);
    return { key: node.key, title: node.title, isLeaf: true };
  }
  const children = node.children.map((c) => toTreeData(c, chartIds)).filter((c): c is DataNode => c !== null);
  return children.length ? { key: node.key, title: node.title, children } : null;
}

export function ScopingTree({ item, layout, chartName, onChange }: ScopingTreeProps) {
  const { t } = useTranslation('dashboard');
  const { treeData, chartIds } = useMemo(() => {
    const ids = new Map<string, number>();
    // the shared tree names its root in English
    const root = toTreeData({ ...scopeTree(layout, chartName), title: t('scoping.allPanels') }, ids);
    return { treeData: root ? [root] : [], chartIds: ids };
  }, [layout, chartName, t]);
  const inScope = useMemo(() => new Set(chartsInScope(layout, item.scope)), [layout, item.scope]);
  const checkedKeys = [...chartIds].filter(([, id]) => inScope.has(id)).map(([key]) => key);
  const total = new Set(chartIds.values()).size;

  if (!treeData.length) return <Typography.Paragraph type="secondary">{t('scoping.noCharts')}</Typography.Paragraph>;

  return (
    <div className="rama-fcfg-scope">
      <Typography.Paragraph type="secondary" className="rama-fcfg-scope-summary">
        {t('scoping.summary', { inScope: inScope.size, count: total })}
      </Typography.Paragraph>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        // the checkboxes are named by their row: the expand icon must not add "caret-down" to the name
        switcherIcon={<CaretDownOutlined aria-hidden />}
        treeData={treeData}
        checkedKeys={checkedKeys}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          const ids = keys.map((k) => chartIds.get(String(k))).filter((id): id is number => id !== undefined);
          onChange(setScopeCharts(layout, item, ids));
        }}
      />
    </div>
  );
}
