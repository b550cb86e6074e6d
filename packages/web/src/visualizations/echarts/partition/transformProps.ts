/**
 * Partition (icicle): per metric, the hierarchy of `groupby` (and time, by the time-series option)
 * as columns of boxes left to right, each box as tall as its share of its parent. A click on a box
 * shows it whole (the strip on its left goes back up); on a dashboard with cross-filters a click
 * filters on the box's dimensions instead. The boxes are placed by layout.ts for the zoom the
 * component holds; `buildOption` draws them.
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { CustomSeriesOption } from 'echarts/charts';
import { getNumberFormatter, getTimeFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, type DimensionValue } from '../../crossFilter';
import type { KeyedValues } from '../keyedCrossFilter';
import { bool, escapeHtml, firstQuery, metricLabel, num, str } from '../utils';
import { cellTextOf, colorScaleOf, columnLabels, contrastText, metricFormatter, verboseName } from '../flowUtils';
import { DTTM, partitionTrees, type PartitionNode } from './partitionData';
import type { PartitionRect, PartitionSettings } from './layout';

export interface PartitionChartProps {
  trees: PartitionNode[];
  settings: PartitionSettings;
  keyed: KeyedValues;
  buildOption: (rects: PartitionRect[]) => EChartsCoreOption;
}

const percentFormat = getNumberFormatter('.1%');

/** Every node's cross-filter values by its layout key (`metric/child/…`): its path's dimensions. */
export function keyedNodes(trees: PartitionNode[], columnOf: (label: string) => string | null): KeyedValues {
  const keyed: KeyedValues = {};
  const walk = (node: PartitionNode, key: string, values: DimensionValue[]) => {
    const col = node.column && node.column !== DTTM ? columnOf(node.column) : null;
    const own = col ? [...values, { col, val: node.raw, formattedVal: node.name }] : values;
    keyed[key] = own;
    node.children.forEach((c, i) => walk(c, `${key}/${i}`, own));
  };
  trees.forEach((t, i) => walk(t, String(i), []));
  return keyed;
}

export function transformProps(input: ChartPropsInput): PartitionChartProps {
  const { formData: fd, datasource } = input;
  const { data } = firstQuery(input.queriesData);
  const metrics = (Array.isArray(fd.metrics) ? fd.metrics : [fd.metrics]).map(metricLabel).filter((m): m is string => m !== null);
  const groupby = columnLabels(fd.groupby);
  const cellText = cellTextOf(input, 'date_time_format');
  const timeText = getTimeFormatter(str(fd.date_time_format, 'smart_date'));
  const textOf = (column: string, value: unknown) => (column === DTTM ? timeText(value as number) : cellText(column, value));
  const trees = partitionTrees(data, {
    groupby,
    metrics,
    timeSeriesOption: str(fd.time_series_option, 'not_time'),
    textOf,
    metricName: (m) => verboseName(m, datasource),
    rollingType: typeof fd.rolling_type === 'string' ? fd.rolling_type : null,
    rollingPeriods: num(fd.rolling_periods, 0),
    minPeriods: num(fd.min_periods, 0),
    contribution: bool(fd.contribution, false),
  });
  const settings: PartitionSettings = {
    limit: num(fd.partition_limit, 5),
    threshold: num(fd.partition_threshold, 0.05),
    logScale: bool(fd.log_scale, false),
    equalDateSize: bool(fd.equal_date_size, true),
  };
  const columns = new Map(
    (Array.isArray(fd.groupby) ? fd.groupby : [fd.groupby]).map((g) => [columnLabels(g)[0] ?? '', dimensionColumn(g)] as const),
  );
  const keyed = keyedNodes(trees, (label) => columns.get(label) ?? null);
  const formats = new Map(metrics.map((m) => [verboseName(m, datasource), metricFormatter(fd, 'number_format', m, datasource)]));
  const formatOf = (path: PartitionNode[]) => formats.get(path[0]?.name ?? '') ?? getNumberFormatter(str(fd.number_format, ''));
  const valueText = (path: PartitionNode[]) => {
    const v = path[path.length - 1]?.val;
    return v === null || v === undefined ? '' : formatOf(path)(v);
  };
  const scale = colorScaleOf(input);
  const rich = bool(fd.rich_tooltip, true);

  const buildOption = (rects: PartitionRect[]): EChartsCoreOption => {
    const colors = rects.map((r) => (r.rest ? '#f0f0f0' : r.path.length === 1 || r.back ? '#d9d9d9' : scale.getColor(r.node.name)));
    const series: CustomSeriesOption = {
      type: 'custom',
      coordinateSystem: 'none',
      animation: false,
      data: rects.map((r) => ({ value: [r.x, r.y, r.w, r.h], back: r.back === true, ...(r.rest ? {} : { filterKey: r.key }) })),
      renderItem: (params) => {
        const r = rects[params.dataIndex];
        const color = colors[params.dataIndex];
        const label = r.back
          ? ''
          : r.h >= 30 && r.w >= 60
            ? `${r.node.name}\n${valueText(r.path)}`
            : r.h >= 14 && r.w >= 30
              ? r.node.name
              : '';
        return {
          type: 'rect',
          shape: { x: r.x, y: r.y, width: Math.max(0, r.w - 1), height: Math.max(0, r.h - 1) },
          style: { fill: color, stroke: '#fff', lineWidth: 1 },
          // always a text, empty when the box is too small: a redraw reuses boxes, and a missing text would keep the old one
          textContent: {
            type: 'text' as const,
            style: {
              text: label,
              fill: contrastText(color),
              fontSize: 11,
              width: Math.max(10, r.w - 8),
              overflow: 'truncate',
              lineHeight: 14,
            },
          },
          textConfig: { position: 'insideLeft', distance: 4 },
        };
      },
    };
    return {
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const r = rects[(p as { dataIndex: number }).dataIndex];
          if (!r) return '';
          if (r.back) return escapeHtml(t('visualizations:partition.backTo', { name: r.node.name }));
          const shown = rich ? r.path : [r.node];
          const rows = shown.map((n, i) => {
            const path = rich ? r.path.slice(0, i + 1) : r.path;
            const bold = n === r.node ? ';font-weight:600' : '';
            return `<div style="display:flex;justify-content:space-between;gap:16px${bold}"><span>${escapeHtml(n.name)}</span><span>${escapeHtml(valueText(path))}</span></div>`;
          });
          return (
            rows.join('') +
            `<div style="color:#8c8c8c;margin-top:4px">${escapeHtml(percentFormat(r.share))} of ${escapeHtml(r.path[0]?.name ?? '')}</div>`
          );
        },
      },
      series: [series],
    };
  };

  return { trees, settings, keyed, buildOption };
}
