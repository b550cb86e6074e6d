/**
 * Bubble chart: one bubble per reply row at (x metric, y metric), its area by the size metric, one
 * series (colour) per value of the series column, named by the entity in the tooltip.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { ScatterSeriesOption } from 'echarts/charts';
import { CategoricalColorScale } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import { addPadding, bool, colorDot, columnLabel, escapeHtml, firstQuery, legendLayout, metricLabel, num, str, toNumber } from '../utils';
import type { ElementValues } from '../elementCrossFilter';
import { metricFormatter, verboseName } from '../valueFormats';

export interface BubbleChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

/** The smallest bubble's diameter, px. */
export const MINIMUM_BUBBLE_SIZE = 5;

/** Sizes from the minimum (smallest value) to twice the max bubble size (largest), linearly in the value. */
export function bubbleSize(value: number | null, min: number, max: number, maxBubbleSize: number): number {
  const spread = max - min;
  if (value === null || !(spread > 0)) return MINIMUM_BUBBLE_SIZE + (spread > 0 ? 0 : maxBubbleSize);
  return ((value - min) / spread) * maxBubbleSize * 2 + MINIMUM_BUBBLE_SIZE;
}

const titleGap = (margin: unknown): number => Math.max(4, num(margin, 30) - 5);

/** An axis bound pair, [min, max] with null for an open end. */
const boundsOf = (v: unknown): [number | undefined, number | undefined] => {
  const b = Array.isArray(v) ? v : [];
  return [num(b[0], null) ?? undefined, num(b[1], null) ?? undefined];
};

export function transformProps(input: ChartPropsInput): BubbleChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const { data } = firstQuery(queriesData);
  const xLabel = metricLabel(fd.x) ?? '';
  const yLabel = metricLabel(fd.y) ?? '';
  const sizeLabel = metricLabel(fd.size) ?? '';
  const entity = columnLabel(fd.entity) ?? '';
  const seriesCol = columnLabel(fd.series);
  const xFormat = metricFormatter(fd.xAxisFormat, xLabel, datasource);
  const yFormat = metricFormatter(fd.y_axis_format, yLabel, datasource);
  const sizeFormat = metricFormatter(fd.tooltipSizeFormat, sizeLabel, datasource);
  const scale =
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {});
  const opacity = num(fd.opacity, 0.6);
  const maxBubble = num(fd.max_bubble_size, 25);

  const sizes = data.map((r) => toNumber(r[sizeLabel])).filter((v): v is number => v !== null);
  const minSize = sizes.length ? Math.min(...sizes) : 0;
  const maxSize = sizes.length ? Math.max(...sizes) : 0;

  const entityColumn = dimensionColumn(fd.entity);
  const groups = new Map<string, { rows: Record<string, unknown>[]; dims: DimensionValue[][] }>();
  for (const row of data) {
    const name = valueText(seriesCol ? row[seriesCol] : row[entity]);
    const group = groups.get(name) ?? { rows: [], dims: [] };
    group.rows.push(row);
    group.dims.push([...(entityColumn ? [{ col: entityColumn, val: row[entity] ?? null, formattedVal: valueText(row[entity]) }] : [])]);
    groups.set(name, group);
  }
  const names = [...groups.keys()];
  const colors = names.map((n) => scale.getColor(n));
  const series: ScatterSeriesOption[] = names.map((name, i) => {
    const { rows } = groups.get(name)!;
    return {
      type: 'scatter',
      name,
      data: rows.map((r) => ({
        value: [toNumber(r[xLabel]), toNumber(r[yLabel]), toNumber(r[sizeLabel])],
        name: valueText(r[entity]),
        symbolSize: bubbleSize(toNumber(r[sizeLabel]), minSize, maxSize, maxBubble),
      })),
      itemStyle: { color: colors[i], opacity, borderColor: colors[i], borderWidth: 1 },
      emphasis: { focus: 'series' },
    };
  });

  const xName = verboseName(xLabel, datasource);
  const yName = verboseName(yLabel, datasource);
  const sizeName = verboseName(sizeLabel, datasource);
  const dots = colors.map(colorDot);
  const { legend, padding } = legendLayout({ ...fd, show_legend: bool(fd.show_legend, true) && Boolean(seriesCol) }, names, width, height);
  const [xMin, xMax] = bool(fd.truncateXAxis, false) ? boundsOf(fd.x_axis_bounds) : [undefined, undefined];
  const [yMin, yMax] = bool(fd.truncateYAxis, false) ? boundsOf(fd.y_axis_bounds) : [undefined, undefined];
  const xTitle = str(fd.x_axis_label, '');
  const yTitle = str(fd.y_axis_label, '');
  return {
    elements: names.map((n) => groups.get(n)!.dims),
    echartOptions: {
      animation: data.length < 1000,
      legend,
      grid: { ...addPadding({ top: 16, right: 24, bottom: 8, left: 8 }, padding), outerBoundsMode: 'same', outerBoundsContain: 'all' },
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { seriesIndex, data: item } = p as { seriesIndex: number; data: { value: (number | null)[]; name: string } };
          const group = names[seriesIndex];
          const title = seriesCol && group !== item.name ? `${item.name} (${group})` : item.name;
          const row = (label: string, v: string) => `<div>${escapeHtml(label)}: ${escapeHtml(v)}</div>`;
          return (
            `<div style="font-weight:600;margin-bottom:4px">${dots[seriesIndex] ?? ''}${escapeHtml(title)}</div>` +
            row(xName, xFormat(item.value[0])) +
            row(yName, yFormat(item.value[1])) +
            row(sizeName, sizeFormat(item.value[2]))
          );
        },
      },
      xAxis: {
        type: bool(fd.logXAxis, false) ? 'log' : 'value',
        scale: true,
        min: xMin,
        max: xMax,
        name: xTitle || undefined,
        nameLocation: 'middle',
        nameGap: titleGap(fd.x_axis_title_margin),
        nameTextStyle: { fontWeight: 'bolder' },
        splitLine: { lineStyle: { type: 'dashed' } },
        axisLabel: { formatter: (v: number) => xFormat(v), rotate: num(fd.xAxisLabelRotation, 0), hideOverlap: true },
      },
      yAxis: {
        type: bool(fd.logYAxis, false) ? 'log' : 'value',
        scale: bool(fd.truncateYAxis, false),
        min: yMin,
        max: yMax,
        name: yTitle || undefined,
        nameLocation: 'middle',
        nameGap: titleGap(fd.y_axis_title_margin),
        nameTextStyle: { fontWeight: 'bolder' },
        splitLine: { lineStyle: { type: 'dashed' } },
        axisLabel: { formatter: (v: number) => yFormat(v), rotate: num(fd.yAxisLabelRotation, 0) },
      },
      series,
    },
  };
}
