/**
 * Cross-filtering scoping (issue 13 part 4): which charts a click on a chart filters. "All charts"
 * sets the global scoping (json_metadata.global_chart_configuration); a chart may follow it or have
 * its own (chart_configuration[id].crossFilters), and may opt out of reaching charts of other
 * datasets through a column of the same name. Saved through the json_metadata-only PUT; a failure
 * says 'Failed to save cross-filter scoping'.
 */
import { useTranslation } from 'react-i18next';
import { useMemo, useState } from 'react';
import { Checkbox, Menu, Modal, Radio, Tree, type TreeDataNode } from 'antd';
import {
  GLOBAL_SCOPE,
  chartsInScope,
  layoutChartIds,
  scopeFromCharts,
  scopeTree,
  type ChartConfiguration,
  type ChartCrossFilterConfig,
  type DashboardLayout,
  type GlobalChartConfiguration,
  type ScopeTreeNode,
} from '@rama/shared';
import { useAppSelector } from '../../../core/hooks';
import { NativeFilterMessage } from '../messages';
import { useSaveMetadataKeys } from './useSaveMetadataKeys';

const GLOBAL_KEY = 'global';

function treeData(node: ScopeTreeNode, disabledChart: number | null): TreeDataNode[] {
  return node.children.map((c) => ({
    key: c.chartId !== null ? `chart:${c.chartId}` : c.key,
    title: c.title,
    disabled: c.chartId !== null && c.chartId === disabledChart,
    children: c.children.length ? treeData(c, disabledChart) : undefined,
  }));
}

/** The configuration as edited: global scope and per chart. */
export interface ScopingDraft {
  global: number[];
  charts: Record<string, { custom: boolean; inScope: number[]; matchOtherDatasets: boolean }>;
}

export function scopingDraft(
  layout: DashboardLayout,
  chartConfiguration: ChartConfiguration,
  global: GlobalChartConfiguration | null,
): ScopingDraft {
  const all = layoutChartIds(layout);
  const globalIds = global ? chartsInScope(layout, global.scope) : all;
  const charts: ScopingDraft['charts'] = {};
  for (const id of all) {
    const config = chartConfiguration[String(id)]?.crossFilters;
    const custom = Boolean(config && config.scope !== 'global');
    charts[id] = {
      custom,
      inScope: custom && config && config.scope !== 'global' ? chartsInScope(layout, config.scope) : globalIds,
      matchOtherDatasets: config?.matchOtherDatasets !== false,
    };
  }
  return { global: globalIds, charts };
}

export function scopingMetadata(
  layout: DashboardLayout,
  draft: ScopingDraft,
): { chart_configuration: ChartConfiguration; global_chart_configuration: GlobalChartConfiguration } {
  const globalScope = scopeFromCharts(layout, draft.global);
  const chart_configuration: ChartConfiguration = {};
  for (const [key, c] of Object.entries(draft.charts)) {
    const id = Number(key);
    const crossFilters: ChartCrossFilterConfig['crossFilters'] = c.custom
      ? {
          scope: scopeFromCharts(
            layout,
            c.inScope.filter((x) => x !== id),
          ),
          chartsInScope: c.inScope.filter((x) => x !== id),
        }
      : { scope: 'global', chartsInScope: draft.global.filter((x) => x !== id) };
    if (!c.matchOtherDatasets) crossFilters.matchOtherDatasets = false;
    chart_configuration[key] = { id, crossFilters };
  }
  return {
    chart_configuration,
    global_chart_configuration: { scope: globalScope.excluded.length ? globalScope : GLOBAL_SCOPE, chartsInScope: draft.global },
  };
}

export function CrossFilterScopingModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const layout = useAppSelector((s) => s.dashboardLayout.present);
  const slices = useAppSelector((s) => s.dashboardCharts.slices);
  const metadata = useAppSelector((s) => s.dashboardInfo.json_metadata);
  const save = useSaveMetadataKeys();
  const [draft, setDraft] = useState(() =>
    scopingDraft(
      layout,
      (metadata.chart_configuration ?? {}) as ChartConfiguration,
      (metadata.global_chart_configuration ?? null) as GlobalChartConfiguration | null,
    ),
  );
  const [current, setCurrent] = useState(GLOBAL_KEY);
  const [saving, setSaving] = useState(false);
  const name = (id: number) => slices[id]?.slice_name ?? t('filterBar.chartN', { id });
  const tree = useMemo(() => scopeTree(layout, name), [layout, slices]); // eslint-disable-line react-hooks/exhaustive-deps
  const chartId = current === GLOBAL_KEY ? null : Number(current);
  const chart = chartId !== null ? draft.charts[chartId] : null;
  const checked = (chart ? (chart.custom ? chart.inScope : draft.global) : draft.global)
    .filter((id) => id !== chartId)
    .map((id) => `chart:${id}`);

  const onCheck = (keys: unknown) => {
    const list = (Array.isArray(keys) ? keys : (keys as { checked: string[] }).checked) as string[];
    const ids = list.filter((k) => String(k).startsWith('chart:')).map((k) => Number(String(k).slice(6)));
    if (chartId === null) setDraft({ ...draft, global: ids });
    else setDraft({ ...draft, charts: { ...draft.charts, [chartId]: { ...draft.charts[chartId], custom: true, inScope: ids } } });
  };

  const onSave = async () => {
    setSaving(true);
    const ok = await save(scopingMetadata(layout, draft), NativeFilterMessage.CROSS_FILTER_SCOPING_FAILED);
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal
      open
      title={t('filterBar.crossScoping')}
      width={800}
      onCancel={onClose}
      onOk={() => void onSave()}
      okText={t('common:save')}
      confirmLoading={saving}
      data-test="cross-filter-scoping"
    >
      <div className="rama-scoping">
        <Menu
          className="rama-scoping-list"
          selectedKeys={[current]}
          onClick={(e) => setCurrent(e.key)}
          items={[
            { key: GLOBAL_KEY, label: t('scoping.allCharts') },
            ...Object.keys(draft.charts).map((id) => ({
              key: id,
              label: draft.charts[id].custom ? t('scoping.customNamed', { name: name(Number(id)) }) : name(Number(id)),
            })),
          ]}
        />
        <div className="rama-scoping-editor">
          {chart && chartId !== null && (
            <>
              <Radio.Group
                value={chart.custom ? 'custom' : 'global'}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    charts: {
                      ...draft.charts,
                      [chartId]: { ...chart, custom: e.target.value === 'custom', inScope: chart.custom ? chart.inScope : draft.global },
                    },
                  })
                }
                options={[
                  { value: 'global', label: t('scoping.followAll') },
                  { value: 'custom', label: t('scoping.custom') },
                ]}
              />
              <Checkbox
                checked={chart.matchOtherDatasets}
                onChange={(e) =>
                  setDraft({ ...draft, charts: { ...draft.charts, [chartId]: { ...chart, matchOtherDatasets: e.target.checked } } })
                }
              >
                {t('scoping.matchOtherDatasets')}
              </Checkbox>
            </>
          )}
          <div className="rama-scoping-hint">
            {chartId === null ? t('scoping.hintAny') : t('scoping.hintChart', { name: name(chartId) })}
          </div>
          <Tree
            checkable
            defaultExpandAll
            disabled={Boolean(chart && !chart.custom)}
            checkedKeys={checked}
            onCheck={onCheck}
            treeData={treeData(tree, chartId)}
          />
        </div>
      </div>
    </Modal>
  );
}
