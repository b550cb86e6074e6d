/**
 * The timeseries family (line, smooth, step, bar, scatter, area and the generic timeseries):
 * the pivoted-and-flattened reply (`{<x>: epoch ms, "<metric>, <group>": value, …}`) → an
 * ECharts option with one series per data column, in the order of the reply's columns.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import {
  CategoricalColorScale,
  GenericDataType,
  chartValueFormatter,
  getNumberFormatter,
  getTimeFormatter,
  getTimeFormatterForGranularity,
  toDate,
  type NumberFormatter,
  type QueryFormData,
} from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, seriesGroupValues } from '../../crossFilter';
import {
  addPadding,
  bool,
  categoryAxisLabel,
  categoryAxisRoom,
  categoryLabelLayout,
  columnLabel,
  displayNameOf,
  firstQuery,
  legendLayout,
  num,
  str,
  toNumber,
  type CategoryLabelLayout,
  type Padding,
} from '../utils';
import { axisTooltipFormatter, itemTooltipFormatter, tooltipSeries } from '../tooltip';
import {
  annotationLayersOf,
  eventIntervalSeries,
  formulaSeries,
  isFormulaLayer,
  isTimeseriesLayer,
  timeseriesLayerSeries,
} from './annotations';
import type { TimeseriesCrossFilterMeta } from './interaction';
import { aggregate, seriesKindOf, xColumnOf } from './series';

export interface TimeseriesChartProps {
  echartOptions: EChartsCoreOption;
  /** what a click or a right click on a series or a point filters (dashboards) */
  crossFilterMeta: TimeseriesCrossFilterMeta;
}

type Series = LineSeriesOption | BarSeriesOption | ScatterSeriesOption;

const isStacked = (stack: unknown): boolean => stack === true || stack === 'Stack' || stack === 'Stream' || stack === 'Expand';

/** The id of the invisible series a streamgraph stacks on (it centres the stack around zero). */
export const STREAM_BASELINE_ID = '__stream_baseline__';

/**
 * The series order (legend and stacking order) by `sort_series_type` (name, min, max, sum, avg)
 * and `sort_series_ascending`; without a sort type the reply's order stays.
 */
export function sortSeriesColumns(
  columns: string[],
  valuesOf: (column: string) => (number | null)[],
  sortType: unknown,
  ascending: boolean,
  nameOf: (column: string) => string = (c) => c,
): string[] {
  if (typeof sortType !== 'string' || !sortType) return columns;
  const dir = ascending ? 1 : -1;
  if (sortType === 'name') return [...columns].sort((a, b) => nameOf(a).localeCompare(nameOf(b), undefined, { numeric: true }) * dir);
  const keys = new Map(columns.map((c) => [c, aggregate(valuesOf(c), sortType)]));
  return [...columns].sort((a, b) => ((keys.get(a) ?? 0) - (keys.get(b) ?? 0)) * dir);
}

/** Expand stacking: each x's values as shares of that x's total (a 100 % stack). */
export function expandRows(values: (number | null)[][], rowCount: number): (number | null)[][] {
  const totals = Array.from({ length: rowCount }, (_, j) => values.reduce((s, v) => s + Math.abs(v[j] ?? 0), 0));
  return values.map((v) => v.map((y, j) => (y === null ? null : totals[j] ? y / totals[j] : 0)));
}

/** Stream stacking: the offset under each x's stack that centres it on zero (minus half its total). */
export function streamBaseline(values: (number | null)[][], rowCount: number): number[] {
  return Array.from({ length: rowCount }, (_, j) => -values.reduce((s, v) => s + (v[j] ?? 0), 0) / 2);
}

/**
 * The tooltip's time: the chosen format, else the grain's format ('2019-01' for months), else a
 * full date; the adaptive axis format ('January') would be ambiguous in a tooltip.
 */
function tooltipTimeFormatter(formData: QueryFormData): (x: unknown) => string {
  const chosen = str(formData.tooltipTimeFormat, 'smart_date');
  if (chosen !== 'smart_date') return getTimeFormatter(chosen) as (x: unknown) => string;
  const grain = str(formData.time_grain_sqla, '');
  if (grain) return getTimeFormatterForGranularity(grain) as (x: unknown) => string;
  const day = getTimeFormatter('%Y-%m-%d');
  const minute = getTimeFormatter('%Y-%m-%d %H:%M');
  const second = getTimeFormatter('%Y-%m-%d %H:%M:%S');
  return (x) => {
    const d = toDate(x as number);
    if (!d) return String(x);
    if (d.getUTCSeconds() || d.getUTCMilliseconds()) return second(d);
    if (d.getUTCHours() || d.getUTCMinutes()) return minute(d);
    return day(d);
  };
}

/** Is some value between two gaps (or at an end, next to a gap)? Lines cannot draw it. */
export function hasIsolatedValue(values: (number | null)[]): boolean {
  return values.some((v, i) => v !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null);
}

/** Above this many points in all, drawing skips animation and hover focus (benchmark: 20 × 1,000 in ≤ 150 ms). */
export const MANY_POINTS = 2000;
const BASE_PADDING: Padding = { top: 16, right: 24, bottom: 8, left: 8 };

export function transformProps(input: ChartPropsInput): TimeseriesChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const { colnames, coltypes, data, label_map } = firstQuery(queriesData);
  const xCol = xColumnOf(fd, colnames);
  const xIdx = xCol === null ? -1 : colnames.indexOf(xCol);
  const xType: 'time' | 'value' | 'category' =
    coltypes[xIdx] === GenericDataType.TEMPORAL ? 'time' : coltypes[xIdx] === GenericDataType.NUMERIC ? 'value' : 'category';
  const replyCols = colnames.filter((c) => c !== xCol);

  // x values once for all series; rows without an x (a null time) are not plottable
  const rows: Record<string, unknown>[] = [];
  const xs: (number | string)[] = [];
  // the x value each data index stands for, as a filter compares it (a category's cell as it came)
  const xValues: unknown[] = [];
  for (const row of data) {
    const raw = xCol === null ? null : row[xCol];
    if (xType === 'category') {
      rows.push(row);
      xs.push(raw === null || raw === undefined ? 'NULL' : String(raw));
      xValues.push(raw ?? null);
    } else {
      const x = xType === 'time' ? (toDate(raw as never)?.getTime() ?? null) : toNumber(raw);
      if (x === null) continue;
      rows.push(row);
      xs.push(x);
      xValues.push(x);
    }
  }

  const seriesCols = sortSeriesColumns(
    replyCols,
    (c) => rows.map((r) => toNumber(r[c])),
    fd.sort_series_type,
    bool(fd.sort_series_ascending, false),
    (c) => displayNameOf(c, datasource, label_map),
  );
  const kind = seriesKindOf(fd);
  const horizontal = kind.type === 'bar' && fd.orientation === 'horizontal';
  const stacked = isStacked(fd.stack);
  const expand = stacked && fd.stack === 'Expand';
  const stream = stacked && fd.stack === 'Stream';
  const contribution = fd.contributionMode === 'row' || fd.contributionMode === 'column';
  const percent = contribution || expand;
  // a currency (the chart's, or the one its metrics are saved with) writes its symbol with the values
  // (an adhoc metric has no saved currency: it keeps the chart's values unprefixed)
  const metricNames = (Array.isArray(fd.metrics) ? fd.metrics : fd.metrics ? [fd.metrics] : []).map((m) =>
    typeof m === 'string' ? m : '',
  );
  const yFormat: NumberFormatter = percent
    ? getNumberFormatter(',.1%')
    : chartValueFormatter(metricNames, str(fd.y_axis_format, ''), datasource?.currency_formats, fd.currency_format);
  const yAxisFormat: NumberFormatter = percent ? getNumberFormatter(',.0%') : yFormat;
  const xAxisFormat: (v: unknown) => string =
    xType === 'time'
      ? (getTimeFormatter(str(fd.x_axis_time_format, 'smart_date')) as (v: unknown) => string)
      : xType === 'value'
        ? (v) => getNumberFormatter('')(v as number)
        : (v) => String(v);
  const tooltipX = xType === 'time' ? tooltipTimeFormatter(fd) : xAxisFormat;

  const total = rows.length * seriesCols.length;
  const many = total > MANY_POINTS;
  const markerEnabled = bool(fd.markerEnabled, false);
  const markerSize = num(fd.markerSize, 6);
  const showValue = bool(fd.show_value, false);
  const onlyTotal = stacked && showValue && bool(fd.only_total, true);
  const opacity = num(fd.opacity, 0.2);

  // a dashboard passes its shared scale, so a label has one colour in every chart of the dashboard
  const scale =
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {});
  const names = seriesCols.map((c) => displayNameOf(c, datasource, label_map));
  const colors = names.map((n) => scale.getColor(n));

  const rawValues = seriesCols.map((c) => rows.map((r) => toNumber(r[c])));
  const seriesValues = expand ? expandRows(rawValues, rows.length) : rawValues;
  // stack totals, only when the labels show them
  const totals = onlyTotal ? rows.map((_, j) => seriesValues.reduce((s, v) => s + (v[j] ?? 0), 0)) : null;
  const labelPosition = horizontal ? 'right' : 'top';

  const series: Series[] = seriesCols.map((col, i) => {
    const values = seriesValues[i];
    const points = xType === 'category' ? values : values.map((y, j) => (horizontal ? [y, xs[j]] : [xs[j], y]));
    const isLast = i === seriesCols.length - 1;
    const label = showValue
      ? onlyTotal
        ? { show: isLast, position: labelPosition, formatter: (p: { dataIndex: number }) => yFormat(totals?.[p.dataIndex] ?? null) }
        : {
            show: true,
            position: stacked && kind.type === 'bar' ? 'inside' : labelPosition,
            formatter: (p: { value: unknown }) => yFormat(pointValue(p.value, horizontal)),
          }
      : undefined;
    const common = {
      id: col,
      name: names[i],
      data: points,
      itemStyle: { color: colors[i] },
      stack: stacked ? 'total' : undefined,
      // a streamgraph's baseline is negative: every value stacks on the one below, whatever its sign
      ...(stream ? { stackStrategy: 'all' } : {}),
      // focusing a series re-draws every other one; with many points that is a long task per hover
      emphasis: many ? { disabled: true } : { focus: 'series' },
      // many points: no hit testing on the series; the axis tooltip finds the points by x
      ...(many ? { silent: true } : {}),
      label,
    } as const;
    if (kind.type === 'bar') return { ...common, type: 'bar', large: rows.length > 2000, barMaxWidth: 60 } as BarSeriesOption;
    if (kind.type === 'scatter')
      return { ...common, type: 'scatter', symbolSize: markerSize, large: rows.length > 2000 } as ScatterSeriesOption;
    return {
      ...common,
      type: 'line',
      smooth: kind.smooth,
      step: kind.step,
      // a value with no neighbour draws no line segment: without its marker it would not show at all
      showSymbol: markerEnabled || hasIsolatedValue(values),
      symbolSize: markerEnabled ? markerSize : Math.min(markerSize, 5),
      symbol: markerEnabled ? 'emptyCircle' : 'circle',
      connectNulls: false,
      areaStyle: kind.area ? { opacity } : undefined,
      // more points than pixels cannot be seen; keep the shape and draw fewer
      sampling: values.length > width * 2 ? 'lttb' : undefined,
    } as LineSeriesOption;
  });

  // a streamgraph stacks on an invisible first series that centres each x's stack on zero
  if (stream && series.length > 0) {
    const base = streamBaseline(seriesValues, rows.length);
    series.unshift({
      id: STREAM_BASELINE_ID,
      type: kind.type === 'bar' ? 'bar' : 'line',
      data: xType === 'category' ? base : base.map((y, j) => (horizontal ? [y, xs[j]] : [xs[j], y])),
      stack: 'total',
      stackStrategy: 'all',
      silent: true,
      showSymbol: false,
      symbol: 'none',
      lineStyle: { opacity: 0 },
      itemStyle: { opacity: 0 },
      tooltip: { show: false },
      emphasis: { disabled: true },
    } as Series);
  }
  const baselineCount = stream && series.length > 0 ? 1 : 0;

  // annotation layers
  const layers = annotationLayersOf(fd.annotation_layers);
  const numericXs = xType === 'category' ? xs.map((_, i) => i) : (xs as number[]);
  // the host puts each event / interval layer's rows on the first query, keyed by layer name
  const annotationData = annotationDataFromReply(queriesData[0]?.annotation_data);
  const formulaNames: string[] = [];
  const formulaColors: string[] = [];
  const markers: Series[] = [];
  for (const layer of layers) {
    if (isFormulaLayer(layer)) {
      const s = formulaSeries(layer, numericXs, horizontal);
      if (s) {
        series.push(s);
        formulaNames.push(layer.name);
        formulaColors.push((s.itemStyle as { color: string }).color);
      }
    } else if (isTimeseriesLayer(layer)) {
      // another chart's series, drawn and named like formula lines ("<layer>, <series>")
      for (const s of timeseriesLayerSeries(layer, annotationData[layer.name], {
        xType,
        horizontal,
        markerSize,
        colorOf: (n) => scale.getColor(n),
      })) {
        series.push(s);
        formulaNames.push(String(s.name));
        formulaColors.push((s.itemStyle as { color: string }).color);
      }
    } else {
      const s = eventIntervalSeries(layer, annotationData[layer.name], horizontal);
      if (s) markers.push(s);
    }
  }
  // marker carriers go last so that series indexes match the tooltip's names (data, then formulas)
  series.push(...markers);

  const legendNames = [...names, ...formulaNames];
  const { legend, padding: legendPadding } = legendLayout(fd, legendNames, width, height);
  const zoomable = bool(fd.zoomable, false);
  const zoomPadding: Padding = { top: 0, right: zoomable && horizontal ? 40 : 0, bottom: zoomable && !horizontal ? 40 : 0, left: 0 };
  const grid = {
    ...addPadding(addPadding(BASE_PADDING, legendPadding), zoomPadding),
    // axis labels and titles are kept inside the box above, clear of the legend and the zoom bar
    outerBoundsMode: 'same',
    outerBoundsContain: 'all',
  };

  // the tooltip's names by series index (a streamgraph's baseline has none and is left out)
  const allSeries = [
    ...Array.from({ length: baselineCount }, () => undefined),
    ...tooltipSeries([...names, ...formulaNames], [...colors, ...formulaColors]),
  ];
  const richTooltip = bool(fd.rich_tooltip, true);
  const valueDim = xType === 'category' ? null : horizontal ? 0 : 1;
  const tooltip = richTooltip
    ? {
        trigger: 'axis',
        // with many points, emphasis on every series at the pointer repaints them all per mouse move
        axisPointer: { type: 'line', triggerEmphasis: !many },
        confine: true,
        transitionDuration: 0,
        formatter: axisTooltipFormatter({
          series: allSeries,
          formatX: tooltipX,
          formatY: yFormat,
          valueDim,
          sortByValue: bool(fd.tooltipSortByMetric, false),
          showTotal: stacked && !contribution,
        }),
      }
    : {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: itemTooltipFormatter({
          series: allSeries,
          formatX: tooltipX,
          formatY: yFormat,
          valueDim,
          xDim: xType === 'category' ? null : horizontal ? 1 : 0,
        }),
      };

  // category labels: all of them when they fit the plot, turned or thinned only when they collide
  const labelRoom = horizontal
    ? Math.max(40, height - grid.top - grid.bottom - 24)
    : categoryAxisRoom(width, grid, str(fd.y_axis_title, '') ? 72 : 56);
  const labelLayout =
    xType === 'category'
      ? categoryLabelLayout(
          (xs as string[]).map((x) => xAxisFormat(x)),
          labelRoom,
          {
            rotate: num(fd.xAxisLabelRotation, 0) || null,
            vertical: horizontal,
            maxWidth: horizontal ? Math.max(60, Math.round(width * 0.3)) : Math.max(60, Math.min(160, Math.round(height * 0.3))),
          },
        )
      : null;
  const xAxis = dimensionAxis(fd, xType, xType === 'category' ? (xs as string[]) : null, xAxisFormat, kind.type === 'bar', labelLayout);
  const yAxis = valueAxis(fd, yAxisFormat, (contribution && stacked) || expand);
  const dataZoom = zoomable
    ? [
        {
          type: 'slider',
          [horizontal ? 'yAxisIndex' : 'xAxisIndex']: 0,
          ...(horizontal ? { right: 8, width: 20 } : { bottom: 8, height: 20 }),
          filterMode: 'filter',
        },
        { type: 'inside', [horizontal ? 'yAxisIndex' : 'xAxisIndex']: 0, filterMode: 'filter' },
      ]
    : undefined;

  // series names are the joined groupby values: the raw values per series, for cross-filters and drilling
  const groupby = (Array.isArray(fd.groupby) ? fd.groupby : fd.groupby ? [fd.groupby] : []) as unknown[];
  const groupbyLabels = groupby.map((g) => columnLabel(g) ?? '');
  const crossFilterMeta: TimeseriesCrossFilterMeta = {
    series: Object.fromEntries(
      seriesCols.map((col, i) => {
        const levels = seriesGroupValues(col, groupbyLabels, datasource, label_map);
        const values = (levels ?? []).flatMap((level, k) => {
          const column = dimensionColumn(groupby[k]);
          return column ? [{ col: column, val: level.value, formattedVal: level.label }] : [];
        });
        return [col, { name: names[i], values }];
      }),
    ),
    hasGroupby: groupby.length > 0,
    xCol: dimensionColumn(fd.x_axis ?? fd.granularity_sqla),
    xKind: xType,
    xValues,
    formatX: tooltipX,
  };

  return {
    crossFilterMeta,
    echartOptions: {
      animation: !many,
      animationDuration: 300,
      grid,
      legend,
      tooltip,
      xAxis: horizontal ? yAxis : xAxis,
      // horizontal bars read top-down: the first category (a ranking's first) at the top
      yAxis: horizontal ? (xType === 'category' ? { ...xAxis, inverse: true } : xAxis) : yAxis,
      dataZoom,
      series,
    },
  };
}

function pointValue(value: unknown, horizontal: boolean): number | null {
  if (Array.isArray(value)) return toNumber(value[horizontal ? 0 : 1]);
  return toNumber(value);
}

/** The reply's `annotation_data`: an object keyed by layer name, or a list of such objects. */
function annotationDataFromReply(value: unknown): Record<string, unknown> {
  if (!value) return {};
  if (Array.isArray(value)) return Object.assign({}, ...value.filter((v) => v && typeof v === 'object')) as Record<string, unknown>;
  return typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * ECharts 6 moves an axis title clear of the axis labels and measures the gap from them; the
 * margin control (15, 30, 50… px) reads as room between the labels and the title.
 */
const titleGap = (margin: unknown): number => Math.max(4, num(margin, 15) - 5);

/** The axis the data runs along (x; y on horizontal bars): time, numbers or categories, with its title. */
function dimensionAxis(
  fd: QueryFormData,
  type: 'time' | 'value' | 'category',
  categories: string[] | null,
  format: (v: unknown) => string,
  bars: boolean,
  labelLayout: CategoryLabelLayout | null,
): Record<string, unknown> {
  const title = str(fd.x_axis_title, '');
  const rotate = num(fd.xAxisLabelRotation, 0);
  const labels = labelLayout ? categoryAxisLabel(labelLayout) : { rotate, hideOverlap: true };
  return {
    type,
    data: categories ?? undefined,
    // bars sit between category ticks; lines start on the first one
    boundaryGap: type === 'category' ? bars : undefined,
    // a numeric x axis starts near the data ("Truncate X Axis", on by default) unless bounds say otherwise
    ...(type === 'value' ? numericXRange(fd) : {}),
    name: title || undefined,
    nameLocation: 'middle',
    nameGap: titleGap(fd.x_axis_title_margin),
    axisLabel: { formatter: (v: unknown) => format(v), ...labels },
    axisPointer: { label: { formatter: (p: { value: unknown }) => format(p.value) } },
  };
}

/** A numeric x axis's range: `truncateXAxis` (default on) with the optional `xAxisBounds` [min, max]. */
export function numericXRange(fd: QueryFormData): { scale: boolean; min?: number; max?: number } {
  if (!bool(fd.truncateXAxis, true)) return { scale: false };
  const bounds = Array.isArray(fd.xAxisBounds) ? fd.xAxisBounds : [];
  const min = num(bounds[0], null);
  const max = num(bounds[1], null);
  return { scale: true, ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
}

/** The axis the metric values run along. */
function valueAxis(fd: QueryFormData, format: NumberFormatter, percentStack: boolean): Record<string, unknown> {
  const title = str(fd.y_axis_title, '');
  const log = bool(fd.logAxis, false);
  const minor = bool(fd.minorSplitLine, false);
  const truncate = bool(fd.truncateYAxis, false);
  const bounds = Array.isArray(fd.y_axis_bounds) ? fd.y_axis_bounds : [];
  const top = fd.y_axis_title_position === 'Top';
  let min: number | undefined = truncate ? (num(bounds[0], null) ?? undefined) : undefined;
  let max: number | undefined = truncate ? (num(bounds[1], null) ?? undefined) : undefined;
  if (percentStack) {
    min = 0;
    max = 1;
  }
  return {
    type: log ? 'log' : 'value',
    logBase: log ? 10 : undefined,
    // truncating lets the axis start near the data instead of at zero
    scale: truncate,
    min,
    max,
    minorTick: { show: minor },
    minorSplitLine: { show: minor },
    name: title || undefined,
    nameLocation: top ? 'end' : 'middle',
    nameGap: titleGap(fd.y_axis_title_margin),
    axisLabel: { formatter: (v: number) => format(v) },
  };
}
