/**
 * Sunburst: the hierarchy as rings, innermost the first level, each arc's angle by the primary
 * metric. Arcs are coloured by their name from the categorical scheme, or, with a secondary metric,
 * by secondary / primary on the linear scheme. Labels skip arcs under the percentage threshold.
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { SunburstSeriesOption } from 'echarts/charts';
import { getNumberFormatter, sequentialColor } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import type { KeyedValues } from '../keyedCrossFilter';
import { bool, escapeHtml, firstQuery, metricLabel, num, str } from '../utils';
import { cellTextOf, colorScaleOf, contrastText, metricColumnOf, metricFormatter, verboseName } from '../flowUtils';
import { buildHierarchy, nodeLabel, eachNode, type HierarchyNode } from '../treeBuilder';

export interface SunburstChartProps {
  echartOptions: EChartsCoreOption;
  keyed: KeyedValues;
}

const percentFormat = getNumberFormatter('.2%');

/** Below this a ring is too thin to hold a line of text across it. */
const LINE_HEIGHT = 16;

/**
 * How an arc's label fits, for an arc of `angle` radians between radii `r0` and `r1`: across the
 * ring (radial, as long as the ring is wide) by default; along the arc (tangential) when more fits
 * that way and the ring holds a line of text, so thin outer rings keep their words whole. A
 * tangential label is a straight line at the ring's middle, so it stays within the arc's chord
 * and inside the outer circle.
 */
export function sunburstLabelFit(r0: number, r1: number, angle: number): { rotate: 'radial' | 'tangential'; width: number } {
  const across = r1 - r0;
  const mid = (r0 + r1) / 2;
  const along = Math.min(2 * mid * Math.sin(Math.min(Math.PI, angle) / 2), 2 * Math.sqrt(r1 * r1 - mid * mid));
  if (along > across && across >= LINE_HEIGHT) return { rotate: 'tangential', width: Math.max(20, Math.floor(along - 8)) };
  return { rotate: 'radial', width: Math.max(20, Math.floor(across - 6)) };
}

type SunburstItem = NonNullable<SunburstSeriesOption['data']>[number] & {
  filterKey: string;
  names: string[];
  secondaryValue: number;
  parentValue: number | null;
};

/** The nodes without the `<NULL>` ones when nulls are hidden. */
function withoutNulls(nodes: HierarchyNode[]): HierarchyNode[] {
  return nodes.filter((n) => n.raw !== null).map((n) => ({ ...n, children: withoutNulls(n.children) }));
}

export function transformProps(input: ChartPropsInput): SunburstChartProps {
  const { formData: fd, datasource, width, height } = input;
  const { data } = firstQuery(input.queriesData);
  const metric = metricColumnOf(input, metricLabel(fd.metric));
  const secondaryLabel = metricLabel(fd.secondary_metric);
  const byRatio = secondaryLabel !== null && secondaryLabel !== metric;
  const secondary = byRatio ? metricColumnOf(input, secondaryLabel, metric ? [metric] : []) : null;
  const format = metricFormatter(fd, 'number_format', metricLabel(fd.metric), datasource);
  const levels = Array.isArray(fd.columns) && fd.columns.length ? fd.columns : fd.groupby;
  let tree = buildHierarchy(data, { levels, metric, secondaryMetric: secondary, textOf: cellTextOf(input) });
  if (!bool(fd.showNulls, true)) tree = withoutNulls(tree);
  const total = tree.reduce((s, n) => s + n.value, 0);

  // the linear scale spans the ratios of every arc
  let lo = 0;
  let hi = 0;
  eachNode(tree, (n) => {
    const r = n.value ? n.secondaryValue / n.value : 0;
    lo = Math.min(lo, r);
    hi = Math.max(hi, r);
  });
  const scale = colorScaleOf(input);
  const linear = str(fd.linear_color_scheme, '');
  const colorOf = (n: HierarchyNode) =>
    byRatio ? sequentialColor(linear, hi > lo ? ((n.value ? n.secondaryValue / n.value : 0) - lo) / (hi - lo) : 0) : scale.getColor(n.name);

  const depth = Math.max(1, levels && Array.isArray(levels) ? levels.length : 1);
  const half = Math.max(10, Math.min(width - 10, height - 20) / 2);
  const outer = (half * Math.min(100, Math.max(10, num(fd.outerRadius, 100)))) / 100;
  const inner = bool(fd.donut, true) ? (half * Math.min(95, Math.max(0, num(fd.innerRadius, 30)))) / 100 : 0;
  const hole = Math.min(inner, outer * 0.9);
  const ring = (outer - hole) / depth;

  const keyed: KeyedValues = {};
  let next = 0;
  const toItem = (node: HierarchyNode, parentValue: number | null, level: number): SunburstItem => {
    const filterKey = `n${next++}`;
    keyed[filterKey] = node.path;
    const color = colorOf(node);
    const angle = total ? (node.value / total) * 2 * Math.PI : 0;
    return {
      name: node.name,
      value: node.value,
      secondaryValue: node.secondaryValue,
      filterKey,
      names: node.names,
      parentValue,
      itemStyle: { color },
      label: { color: contrastText(color), ...sunburstLabelFit(hole + ring * level, hole + ring * (level + 1), angle) },
      ...(node.children.length ? { children: node.children.map((c) => toItem(c, node.value, level + 1)) } : {}),
    };
  };

  const labelType = str(fd.label_type, 'key');
  const metricName = metric ? verboseName(metric, datasource) : '';
  const secondaryName = secondary ? verboseName(secondary, datasource) : '';

  const series: SunburstSeriesOption = {
    type: 'sunburst',
    center: ['50%', '50%'],
    radius: [hole, outer],
    nodeClick: false,
    emphasis: { focus: 'ancestor' },
    itemStyle: { borderColor: '#fff', borderWidth: 1 },
    label: {
      show: bool(fd.show_labels, false),
      overflow: 'truncate',
      minAngle: num(fd.show_labels_threshold, 5) * 3.6,
      formatter: (p: { name?: string; value?: unknown }) => nodeLabel(labelType, p.name ?? '', Number(p.value), format),
    },
    data: tree.map((n) => toItem(n, null, 0)),
  };

  return {
    keyed,
    echartOptions: {
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const item = (p as { data?: SunburstItem }).data;
          if (!item) return '';
          const value = Number(item.value);
          const lines = [
            `<div style="font-weight:600;margin-bottom:2px">${escapeHtml(item.names.join(' ▸ '))}</div>`,
            `<div>${escapeHtml(percentFormat(total ? value / total : 0))} of total</div>`,
          ];
          if (item.parentValue) lines.push(`<div>${escapeHtml(percentFormat(value / item.parentValue))} of parent</div>`);
          lines.push(`<div>${escapeHtml(metricName)}: ${escapeHtml(format(value))}</div>`);
          if (byRatio) {
            lines.push(`<div>${escapeHtml(secondaryName)}: ${escapeHtml(format(item.secondaryValue))}</div>`);
            lines.push(
              `<div>${escapeHtml(`${secondaryName} / ${metricName}`)}: ${escapeHtml(percentFormat(value ? item.secondaryValue / value : 0))}</div>`,
            );
          }
          return lines.join('');
        },
      },
      graphic: bool(fd.show_total, false)
        ? [
            {
              type: 'text',
              left: 'center',
              top: 'middle',
              z: 10,
              silent: true,
              style: { text: t('visualizations:totalValue', { value: format(total) }), fontSize: 16, fontWeight: 'bold', fill: '#262626' },
            },
          ]
        : undefined,
      series: [series],
    },
  };
}
