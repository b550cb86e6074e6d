/**
 * Heatmap: the reply (x, y, metric, and `rank` from the rank operation) → a grid of cells on two
 * category axes, coloured by the metric (or by its percentile rank when "Normalized"), with a
 * continuous or piecewise colour legend.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { HeatmapSeriesOption } from 'echarts/charts';
import { GenericDataType, getNumberFormatter, getSequentialScheme, getTimeFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import {
  bool,
  categoryAxisLabel,
  categoryLabelLayout,
  escapeHtml,
  firstQuery,
  metricLabel,
  num,
  str,
  textWidth,
  toNumber,
  type CategoryLabelLayout,
} from '../utils';
import type { ElementValues } from '../elementCrossFilter';
import { metricFormatter, verboseName } from '../valueFormats';

export interface HeatmapChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

type Row = Record<string, unknown>;

const isPresent = (v: unknown) => v !== null && v !== undefined;

/** The distinct values of an axis in the chosen order: by value (numbers as numbers) or by the metric's total. */
export function sortAxisValues(values: unknown[], rows: Row[], sort: string, metric: string, column: string): unknown[] {
  if (!sort) return values;
  const asc = sort.includes('asc');
  if (sort.includes('value')) {
    const totals = new Map<unknown, number>();
    for (const r of rows) {
      const v = toNumber(r[metric]);
      if (isPresent(r[column]) && v !== null) totals.set(r[column], (totals.get(r[column]) ?? 0) + v);
    }
    return [...values].sort((a, b) => ((totals.get(a) ?? 0) - (totals.get(b) ?? 0)) * (asc ? 1 : -1));
  }
  return [...values].sort((a, b) => {
    const na = typeof a === 'number' ? a : Number(a);
    const nb = typeof b === 'number' ? b : Number(b);
    const cmp =
      Number.isFinite(na) && Number.isFinite(nb) && a !== '' && b !== ''
        ? na - nb
        : String(a).localeCompare(String(b), undefined, { numeric: true });
    return asc ? cmp : -cmp;
  });
}

const distinct = (rows: Row[], column: string): unknown[] => [...new Set(rows.map((r) => r[column]).filter(isPresent))];

export function transformProps(input: ChartPropsInput): HeatmapChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const { colnames, coltypes, data } = firstQuery(queriesData);
  const metric = metricLabel(fd.metric) ?? colnames[2] ?? '';
  const [xCol = '', yCol = ''] = colnames;
  const normalized = bool(fd.normalized, false);
  const valueFormat = metricFormatter(fd.y_axis_format, metric, datasource, fd.currency_format);
  const timeFormat = getTimeFormatter(str(fd.x_axis_time_format, 'smart_date'));
  const axisText = (type: GenericDataType | undefined) => (v: unknown) =>
    type === GenericDataType.TEMPORAL && (typeof v === 'number' || typeof v === 'string') ? timeFormat(v) : valueText(v);
  const xText = axisText(coltypes[0]);
  const yText = axisText(coltypes[1]);

  const xs = sortAxisValues(distinct(data, xCol), data, str(fd.sort_x_axis, ''), metric, xCol);
  const ys = sortAxisValues(distinct(data, yCol), data, str(fd.sort_y_axis, ''), metric, yCol);
  const xIndex = new Map(xs.map((v, i) => [v, i]));
  const yIndex = new Map(ys.map((v, i) => [v, i]));

  const cells: { x: number; y: number; value: number | null; rank: number | null; row: Row }[] = [];
  for (const row of data) {
    const x = xIndex.get(row[xCol]);
    const y = yIndex.get(row[yCol]);
    if (x === undefined || y === undefined) continue;
    cells.push({ x, y, value: toNumber(row[metric]), rank: toNumber(row.rank), row });
  }
  const colorOf = (c: (typeof cells)[number]) => (normalized ? c.rank : c.value);
  const colorValues = cells.map(colorOf).filter((v): v is number => v !== null);
  const bounds = Array.isArray(fd.value_bounds) ? fd.value_bounds : [];
  const min = num(bounds[0], null) ?? (colorValues.length ? Math.min(...colorValues) : 0);
  const max = num(bounds[1], null) ?? (colorValues.length ? Math.max(...colorValues) : 1);

  // totals for the tooltip's share of the column, the row or the whole heatmap
  const xTotals = new Map<number, number>();
  const yTotals = new Map<number, number>();
  let total = 0;
  for (const c of cells) {
    if (c.value === null) continue;
    xTotals.set(c.x, (xTotals.get(c.x) ?? 0) + c.value);
    yTotals.set(c.y, (yTotals.get(c.y) ?? 0) + c.value);
    total += c.value;
  }
  const percent = getNumberFormatter('.2%');
  const across = str(fd.normalize_across, 'heatmap');
  const metricName = verboseName(metric, datasource);
  const showPercentage = bool(fd.show_percentage, true);

  const xColumn = dimensionColumn(fd.x_axis);
  const yColumn = dimensionColumn(Array.isArray(fd.groupby) ? fd.groupby[0] : fd.groupby);
  const elementsOf = (c: (typeof cells)[number]): DimensionValue[] => [
    ...(xColumn && coltypes[0] !== GenericDataType.TEMPORAL ? [{ col: xColumn, val: c.row[xCol], formattedVal: xText(c.row[xCol]) }] : []),
    ...(yColumn && coltypes[1] !== GenericDataType.TEMPORAL ? [{ col: yColumn, val: c.row[yCol], formattedVal: yText(c.row[yCol]) }] : []),
  ];

  const series: HeatmapSeriesOption = {
    type: 'heatmap',
    name: metricName,
    data: cells.map((c) => (normalized ? [c.x, c.y, c.value, c.rank] : [c.x, c.y, c.value])),
    label: { show: bool(fd.show_values, false), formatter: (p: { value: unknown }) => valueFormat(toNumber((p.value as unknown[])[2])) },
    itemStyle: { borderColor: '#fff', borderWidth: 1 },
    emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
    progressive: 0,
  };
  const legendType = fd.legend_type === 'piecewise' ? 'piecewise' : 'continuous';
  const showLegend = bool(fd.show_legend, true);
  const margin = (v: unknown) => (v === 'auto' ? undefined : (num(v, null) ?? undefined));
  // labels laid out as they fit the cells (every one when they do); a chosen interval is kept
  const yLabels = ys.map(yText);
  const yRoom = Math.min(160, Math.max(50, Math.round(width * 0.25)));
  const xLayout = categoryLabelLayout(
    xs.map(xText),
    Math.max(40, width - 24 - (margin(fd.left_margin) ?? 8) - Math.min(yRoom, Math.max(0, ...yLabels.map((l) => textWidth(l))))),
    { rotate: num(fd.xAxisLabelRotation, 0) || null, maxWidth: Math.max(50, Math.min(140, Math.round(height * 0.25))) },
  );
  const xLabelsHeight = xLayout.rotate ? Math.abs(Math.sin((xLayout.rotate * Math.PI) / 180)) * xLayout.width : 16;
  const yLayout = categoryLabelLayout(yLabels, Math.max(40, height - (showLegend ? 40 : 12) - 16 - xLabelsHeight), {
    vertical: true,
    maxWidth: yRoom,
  });
  const axisLabels = (chosen: unknown, layout: CategoryLabelLayout) => {
    const n = num(chosen, -1);
    return categoryAxisLabel(n <= 0 ? layout : { ...layout, interval: n - 1 });
  };
  return {
    elements: [cells.map(elementsOf)],
    echartOptions: {
      animation: cells.length < 1000,
      grid: {
        top: showLegend ? 40 : 12,
        right: 16,
        bottom: margin(fd.bottom_margin) ?? 8,
        left: margin(fd.left_margin) ?? 8,
        outerBoundsMode: 'same',
        outerBoundsContain: 'all',
      },
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { dataIndex } = p as { dataIndex: number };
          const c = cells[dataIndex];
          if (!c) return '';
          const title = `${xText(xs[c.x])} (${yText(ys[c.y])})`;
          let line = `${metricName}: ${valueFormat(c.value)}`;
          if (showPercentage && c.value !== null) {
            const [part, of] =
              across === 'x'
                ? [xTotals.get(c.x), xText(xs[c.x])]
                : across === 'y'
                  ? [yTotals.get(c.y), yText(ys[c.y])]
                  : [total, 'heatmap'];
            line += ` ${percent(part ? c.value / part : 0)} (${of})`;
          }
          return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(title)}</div>${escapeHtml(line)}`;
        },
      },
      visualMap: {
        type: legendType,
        show: showLegend,
        min,
        max: max > min ? max : min + 1,
        calculable: legendType === 'continuous',
        orient: 'horizontal',
        right: 0,
        top: 0,
        itemHeight: legendType === 'continuous' ? Math.min(300, Math.max(80, width * 0.4)) : 14,
        itemWidth: 14,
        dimension: normalized ? 3 : 2,
        formatter: (v: number) => (normalized ? percent(v) : valueFormat(v)),
        inRange: { color: getSequentialScheme(str(fd.linear_color_scheme, '')).colors },
        textStyle: { fontSize: 11 },
      },
      xAxis: {
        type: 'category',
        data: xs.map(xText),
        splitArea: { show: false },
        axisLabel: axisLabels(fd.xscale_interval, xLayout),
      },
      yAxis: {
        type: 'category',
        data: ys.map(yText),
        axisLabel: axisLabels(fd.yscale_interval, yLayout),
      },
      series: [series],
    },
  };
}
