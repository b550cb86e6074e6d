/**
 * Treemap: the metric's total as one rectangle divided by the first dimension, each part divided by
 * the next, and so on. A top-level group takes its colour from the scheme and its descendants
 * shades of it; parents carry their label in a band on top ("Show upper labels").
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { TreemapSeriesOption } from 'echarts/charts';
import { getNumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import type { KeyedValues } from '../keyedCrossFilter';
import { bool, escapeHtml, firstQuery, metricLabel, str } from '../utils';
import { cellTextOf, colorScaleOf, contrastText, metricColumnOf, metricFormatter, verboseName } from '../flowUtils';
import { buildHierarchy, nodeLabel, type HierarchyNode } from '../treeBuilder';

export interface TreemapChartProps {
  echartOptions: EChartsCoreOption;
  keyed: KeyedValues;
}

const percentFormat = getNumberFormatter('.2%');

type TreemapItem = NonNullable<TreemapSeriesOption['data']>[number] & { filterKey: string; names: string[]; parentValue: number | null };

export function transformProps(input: ChartPropsInput): TreemapChartProps {
  const { formData: fd, datasource } = input;
  const { data } = firstQuery(input.queriesData);
  const metric = metricColumnOf(input, metricLabel(fd.metric));
  const metricName = metric ? verboseName(metric, datasource) : '';
  const format = metricFormatter(fd, 'number_format', metricLabel(fd.metric), datasource);
  const scale = colorScaleOf(input);
  const tree = buildHierarchy(data, { levels: fd.groupby, metric, textOf: cellTextOf(input) });
  const keyed: KeyedValues = {};
  let next = 0;

  const toItem = (node: HierarchyNode, parentValue: number | null, depth: number, inherited = '#999'): TreemapItem => {
    const filterKey = `n${next++}`;
    keyed[filterKey] = node.path;
    const item: TreemapItem = { name: node.name, value: node.value, filterKey, names: node.names, parentValue };
    // the top level picks the hues; deeper levels vary them
    const color = depth === 0 ? scale.getColor(node.name) : inherited;
    if (node.children.length) {
      item.children = node.children.map((c) => toItem(c, node.value, depth + 1, color));
      // a parent shows through its border: the band of its upper label and the gaps round its children
      item.itemStyle = { color, borderColor: color, borderWidth: 2, gapWidth: 1 };
      item.colorSaturation = [0.7, 0.4];
      item.upperLabel = { color: contrastText(color) };
    } else if (depth === 0) {
      item.itemStyle = { color };
    }
    return item;
  };
  const total = tree.reduce((s, n) => s + n.value, 0);
  const children = tree.map((n) => toItem(n, total, 0));
  const labelType = str(fd.label_type, 'key_value');
  const formatter = (p: { name?: string; value?: unknown }) => nodeLabel(labelType, p.name ?? '', Number(p.value), format);

  const series: TreemapSeriesOption = {
    type: 'treemap',
    left: 0,
    top: 0,
    width: '100%',
    height: '100%',
    roam: false,
    nodeClick: false,
    breadcrumb: { show: false },
    emphasis: { label: { show: true } },
    levels: [{ itemStyle: { borderWidth: 0, gapWidth: 2 }, upperLabel: { show: false } }],
    label: {
      show: bool(fd.show_labels, true),
      position: 'insideTopLeft',
      formatter,
      // the leaves' shades run from dark to light: dark text with a light halo reads on all of them
      color: '#1f1f1f',
      textBorderColor: 'rgba(255,255,255,0.75)',
      textBorderWidth: 2,
      fontSize: 11,
      overflow: 'truncate',
    },
    itemStyle: { borderColor: 'rgba(255,255,255,0.7)', borderWidth: 1 },
    upperLabel: {
      show: bool(fd.show_upper_labels, true),
      formatter,
      textBorderColor: 'transparent',
      fontSize: 11,
      height: 20,
    },
    data: [
      {
        name: metricName,
        value: total,
        children,
        itemStyle: { borderWidth: 0, gapWidth: 2 },
        upperLabel: { show: false },
        filterKey: 'root',
        names: [],
        parentValue: null,
      } as TreemapItem,
    ],
  };

  return {
    keyed,
    echartOptions: {
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const item = (p as { data?: TreemapItem }).data;
          if (!item || item.filterKey === 'root') return '';
          const value = Number(item.value);
          const share = item.parentValue ? ` (${percentFormat(value / item.parentValue)})` : '';
          return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(item.names.join(' ▸ '))}</div>${escapeHtml(metricName)}: ${escapeHtml(format(value))}${escapeHtml(share)}`;
        },
      },
      series: [series],
    },
  };
}
