/**
 * Mixed chart: two replies (query A, query B) along one x axis → each query's series in its own
 * style (line, bar, area, scatter, steps), stack and y axis (primary on the left, secondary on the
 * right), one legend and one tooltip across both.
 */
import type { TimeseriesChartProps } from '../timeseries/transformProps';
import type { BarSeriesOption, LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import {
  CategoricalColorScale,
  chartValueFormatter,
  getNumberFormatter,
  getTimeFormatter,
  getTimeFormatterForGranularity,
  type NumberFormatter,
} from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, seriesGroupValues } from '../../crossFilter';
import {
  addPadding,
  bool,
  categoryAxisLabel,
  categoryAxisRoom,
  categoryLabelLayout,
  colorDot,
  columnLabel,
  displayNameOf,
  escapeHtml,
  legendLayout,
  num,
  str,
  type Padding,
} from '../utils';
import { MANY_POINTS, hasIsolatedValue, numericXRange } from '../timeseries/transformProps';
import type { TimeseriesCrossFilterMeta } from '../timeseries/interaction';
import {
  annotationLayersOf,
  eventIntervalSeries,
  formulaSeries,
  isFormulaLayer,
  isTimeseriesLayer,
  timeseriesLayerSeries,
} from '../timeseries/annotations';
import { querySettings, seriesOfReply, sharedXValues, type QuerySettings, type RawSeries } from './querySeries';

/** The timeseries family's props: the mixed chart is drawn by the same component. */
export type MixedTimeseriesChartProps = TimeseriesChartProps;

type Series = LineSeriesOption | BarSeriesOption | ScatterSeriesOption;

const BASE_PADDING: Padding = { top: 16, right: 16, bottom: 8, left: 8 };
const titleGap = (margin: unknown): number => Math.max(4, num(margin, 15) - 5);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

/** The tooltip's time: the chosen format, else the grain's. */
function tooltipTimeFormatter(fd: ChartPropsInput['formData']): (x: unknown) => string {
  const chosen = str(fd.tooltipTimeFormat, 'smart_date');
  if (chosen !== 'smart_date') return getTimeFormatter(chosen) as (x: unknown) => string;
  return getTimeFormatterForGranularity(str(fd.time_grain_sqla, 'P1D')) as (x: unknown) => string;
}

interface DrawnSeries {
  id: string;
  name: string;
  color: string;
  format: NumberFormatter;
  query: 0 | 1;
  raw: RawSeries;
}

function seriesOption(
  s: DrawnSeries,
  set: QuerySettings,
  xs: (number | string)[],
  category: boolean,
  many: boolean,
  width: number,
  totals: number[] | null,
  isLast: boolean,
): Series {
  const data = category ? s.raw.values : s.raw.values.map((y, j) => [xs[j], y]);
  const label = set.showValue
    ? totals
      ? { show: isLast, position: 'top', formatter: (p: { dataIndex: number }) => s.format(totals[p.dataIndex] ?? null) }
      : {
          show: true,
          position: set.stack && set.kind.type === 'bar' ? 'inside' : 'top',
          formatter: (p: { value: unknown }) => s.format(Array.isArray(p.value) ? (p.value[1] as number) : (p.value as number)),
        }
    : undefined;
  const common = {
    id: s.id,
    name: s.name,
    data,
    yAxisIndex: set.yAxisIndex,
    itemStyle: { color: s.color },
    stack: set.stack ? `stack-${s.query}` : undefined,
    emphasis: many ? { disabled: true } : { focus: 'series' },
    ...(many ? { silent: true } : {}),
    label,
  } as const;
  if (set.kind.type === 'bar') return { ...common, type: 'bar', barMaxWidth: 60 } as BarSeriesOption;
  if (set.kind.type === 'scatter') return { ...common, type: 'scatter', symbolSize: set.markerSize } as ScatterSeriesOption;
  return {
    ...common,
    type: 'line',
    smooth: set.kind.smooth,
    step: set.kind.step,
    showSymbol: set.markerEnabled || hasIsolatedValue(s.raw.values),
    symbolSize: set.markerEnabled ? set.markerSize : Math.min(set.markerSize, 5),
    connectNulls: false,
    areaStyle: set.kind.area ? { opacity: set.opacity } : undefined,
    sampling: s.raw.values.length > width * 2 ? 'lttb' : undefined,
  } as LineSeriesOption;
}

/**
 * A y axis's value format: its number format with its currency — the chart's (`currency_format`,
 * `currency_format_secondary`), else the one every metric drawn on it is saved with (an adhoc
 * metric has none).
 */
export function axisValueFormatter(
  fd: ChartPropsInput['formData'],
  axis: 0 | 1,
  queryAxes: readonly [number, number],
  currencyFormats: Record<string, unknown> | null | undefined,
): NumberFormatter {
  const metrics = ([0, 1] as const)
    .filter((q) => queryAxes[q] === axis)
    .flatMap((q) => list(q === 0 ? fd.metrics : fd.metrics_b).map((m) => (typeof m === 'string' ? m : '')));
  const secondary = axis === 1;
  return chartValueFormatter(
    metrics,
    str(secondary ? fd.y_axis_format_secondary : fd.y_axis_format, ''),
    currencyFormats,
    secondary ? fd.currency_format_secondary : fd.currency_format,
  );
}

function valueAxis(fd: ChartPropsInput['formData'], format: NumberFormatter, secondary: boolean, show: boolean, alignTicks: boolean) {
  const bounds = list(fd[secondary ? 'y_axis_bounds_secondary' : 'y_axis_bounds']);
  const log = bool(secondary ? fd.logAxisSecondary : fd.logAxis, false);
  const title = str(secondary ? fd.yAxisTitleSecondary : fd.y_axis_title, '');
  const minor = bool(fd.minorSplitLine, false);
  return {
    type: log ? 'log' : 'value',
    show,
    position: secondary ? 'right' : 'left',
    min: num(bounds[0], null) ?? undefined,
    max: num(bounds[1], null) ?? undefined,
    scale: bool(fd.truncateYAxis, false),
    alignTicks,
    minorTick: { show: bool(fd.minorTicks, false) },
    minorSplitLine: { show: minor },
    splitLine: { show: !secondary },
    name: title || undefined,
    nameLocation: !secondary && fd.y_axis_title_position === 'Top' ? 'end' : 'middle',
    nameGap: titleGap(fd.y_axis_title_margin),
    axisLabel: { formatter: (v: number) => format(v) },
  };
}

export function transformProps(input: ChartPropsInput): MixedTimeseriesChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const replies = [queriesData[0], queriesData[1]];
  const { xKind, xs, raw } = sharedXValues(
    fd,
    replies.filter((r) => r !== undefined),
  );
  const category = xKind === 'category';
  const settings = [querySettings(fd, 0), querySettings(fd, 1)] as const;
  const queryAxes = [settings[0].yAxisIndex, settings[1].yAxisIndex] as const;
  const formats = [
    axisValueFormatter(fd, 0, queryAxes, datasource?.currency_formats),
    axisValueFormatter(fd, 1, queryAxes, datasource?.currency_formats),
  ];
  const scale =
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {});
  const identifiers = bool(fd.show_query_identifiers, false);

  const drawn: DrawnSeries[] = [];
  const namesA = new Set<string>();
  ([0, 1] as const).forEach((q) => {
    for (const s of seriesOfReply(fd, replies[q], xKind, xs, settings[q])) {
      let name = displayNameOf(s.column, datasource, replies[q]?.label_map);
      if (identifiers) name = `${name} (Query ${q === 0 ? 'A' : 'B'})`;
      else if (q === 1 && namesA.has(name)) name = `${name} (1)`;
      if (q === 0) namesA.add(name);
      drawn.push({
        id: `${q === 0 ? 'a' : 'b'}:${s.column}`,
        name,
        color: scale.getColor(name),
        format: formats[settings[q].yAxisIndex],
        query: q,
        raw: s,
      });
    }
  });

  const many = xs.length * drawn.length > MANY_POINTS;
  const series: Series[] = drawn.map((s) => {
    const set = settings[s.query];
    const own = drawn.filter((d) => d.query === s.query);
    const totals =
      set.stack && set.showValue && set.onlyTotal ? xs.map((_, j) => own.reduce((t, d) => t + (d.raw.values[j] ?? 0), 0)) : null;
    const isLast = own[own.length - 1] === s;
    return seriesOption(s, set, xs, category, many, width, totals, isLast);
  });

  // formula, event and interval layers, as on the timeseries chart
  const numericXs = category ? xs.map((_, i) => i) : (xs as number[]);
  const annotationData = (
    Array.isArray(queriesData[0]?.annotation_data)
      ? Object.assign({}, ...queriesData[0].annotation_data)
      : (queriesData[0]?.annotation_data ?? {})
  ) as Record<string, unknown>;
  const formulaNames: { name: string; color: string }[] = [];
  const markers: Series[] = [];
  for (const layer of annotationLayersOf(fd.annotation_layers)) {
    if (isFormulaLayer(layer)) {
      const f = formulaSeries(layer, numericXs, false);
      if (f) {
        series.push(f);
        formulaNames.push({ name: layer.name, color: (f.itemStyle as { color: string }).color });
      }
    } else if (isTimeseriesLayer(layer)) {
      const markerSize = Number(fd.markerSize) > 0 ? Number(fd.markerSize) : 6;
      for (const t of timeseriesLayerSeries(layer, annotationData[layer.name], {
        xType: xKind,
        horizontal: false,
        markerSize,
        colorOf: (n) => scale.getColor(n),
      })) {
        series.push(t);
        formulaNames.push({ name: String(t.name), color: (t.itemStyle as { color: string }).color });
      }
    } else {
      const m = eventIntervalSeries(layer, annotationData[layer.name], false);
      if (m) markers.push(m);
    }
  }
  series.push(...markers);

  const timeFormat = getTimeFormatter(str(fd.x_axis_time_format, 'smart_date')) as (v: unknown) => string;
  const axisX =
    xKind === 'time' ? timeFormat : xKind === 'value' ? (v: unknown) => getNumberFormatter('')(v as number) : (v: unknown) => String(v);
  const tooltipX = xKind === 'time' ? tooltipTimeFormatter(fd) : axisX;
  const legendNames = [...drawn.map((d) => d.name), ...formulaNames.map((f) => f.name)];
  const { legend, padding } = legendLayout(fd, legendNames, width, height);
  const zoomable = bool(fd.zoomable, false);
  const rows = [
    ...drawn.map((d) => ({ html: escapeHtml(d.name), dot: colorDot(d.color), format: d.format })),
    ...formulaNames.map((f) => ({ html: escapeHtml(f.name), dot: colorDot(f.color), format: formats[0] })),
  ];
  const usesSecondary = settings.some((s) => s.yAxisIndex === 1) && drawn.some((d) => settings[d.query].yAxisIndex === 1);
  const alignTicks = settings[0].yAxisIndex !== settings[1].yAxisIndex;
  const sortByValue = bool(fd.tooltipSortByMetric, false);
  const xTitle = str(fd.x_axis_title, '');

  const groupbyOf = (q: 0 | 1) => list(q === 0 ? fd.groupby : fd.groupby_b);
  const crossFilterMeta: TimeseriesCrossFilterMeta = {
    series: Object.fromEntries(
      drawn.map((d) => {
        const groupby = groupbyOf(d.query);
        const levels = seriesGroupValues(
          d.raw.column,
          groupby.map((g) => columnLabel(g) ?? ''),
          datasource,
          replies[d.query]?.label_map,
        );
        const values = (levels ?? []).flatMap((level, k) => {
          const col = dimensionColumn(groupby[k]);
          return col ? [{ col, val: level.value, formattedVal: level.label }] : [];
        });
        return [d.id, { name: d.name, values }];
      }),
    ),
    hasGroupby: groupbyOf(0).length > 0 || groupbyOf(1).length > 0,
    xCol: dimensionColumn(fd.x_axis ?? fd.granularity_sqla),
    xKind,
    xValues: raw,
    formatX: tooltipX,
  };

  return {
    crossFilterMeta,
    echartOptions: {
      animation: !many,
      animationDuration: 300,
      legend,
      grid: {
        ...addPadding(addPadding(BASE_PADDING, padding), { top: 0, right: 0, bottom: zoomable ? 40 : 0, left: 0 }),
        outerBoundsMode: 'same',
        outerBoundsContain: 'all',
      },
      tooltip: {
        trigger: bool(fd.rich_tooltip, true) ? 'axis' : 'item',
        axisPointer: { type: 'line', triggerEmphasis: !many },
        confine: true,
        transitionDuration: 0,
        formatter: (params: unknown) => {
          const ps = (Array.isArray(params) ? params : [params]) as {
            seriesIndex?: number;
            value: unknown;
            axisValue?: unknown;
            name?: string;
          }[];
          if (!ps.length) return '';
          const lines = ps.flatMap((p) => {
            const r = rows[p.seriesIndex ?? -1];
            const v = Array.isArray(p.value) ? p.value[1] : p.value;
            return r && typeof v === 'number' ? [{ r, v }] : [];
          });
          if (sortByValue) lines.sort((a, b) => b.v - a.v);
          const header = escapeHtml(tooltipX(ps[0].axisValue ?? (Array.isArray(ps[0].value) ? ps[0].value[0] : ps[0].name)));
          return (
            `<div style="font-weight:600;margin-bottom:4px">${header}</div>` +
            lines
              .map(
                ({ r, v }) =>
                  `<div style="display:flex;justify-content:space-between;gap:16px"><span>${r.dot}${r.html}</span><span>${escapeHtml(r.format(v))}</span></div>`,
              )
              .join('')
          );
        },
      },
      xAxis: {
        type: xKind,
        data: category ? xs : undefined,
        boundaryGap: category ? settings.some((s) => s.kind.type === 'bar') : undefined,
        // a numeric x axis: truncated to the data (default) within the optional bounds, as on the timeseries chart
        ...(xKind === 'value' ? numericXRange(fd) : {}),
        name: xTitle || undefined,
        nameLocation: 'middle',
        nameGap: titleGap(fd.x_axis_title_margin),
        minorTick: { show: bool(fd.minorTicks, false) },
        axisLabel: {
          formatter: (v: unknown) => axisX(v),
          ...(category
            ? categoryAxisLabel(
                // a value axis on each side
                categoryLabelLayout((xs as unknown[]).map(axisX), categoryAxisRoom(width, addPadding(BASE_PADDING, padding), 112), {
                  rotate: num(fd.xAxisLabelRotation, 0) || null,
                  maxWidth: Math.max(60, Math.min(160, Math.round(height * 0.3))),
                }),
              )
            : { rotate: num(fd.xAxisLabelRotation, 0), hideOverlap: true }),
        },
      },
      yAxis: [
        valueAxis(fd, formats[0], false, true, alignTicks),
        valueAxis(fd, formats[1], true, usesSecondary, alignTicks && usesSecondary),
      ],
      dataZoom: zoomable
        ? [
            { type: 'slider', xAxisIndex: 0, bottom: 8, height: 20, filterMode: 'filter' },
            { type: 'inside', xAxisIndex: 0, filterMode: 'filter' },
          ]
        : undefined,
      series,
    },
  };
}
