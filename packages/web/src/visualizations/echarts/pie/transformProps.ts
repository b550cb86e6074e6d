/**
 * Pie (and donut): one slice per group of `groupby` values sized by the metric. Labels follow
 * `label_type`; slices under `show_labels_threshold` percent keep their colour but lose their label,
 * so small slices do not crowd the picture.
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { PieSeriesOption } from 'echarts/charts';
import {
  CategoricalColorScale,
  GenericDataType,
  getNumberFormatter,
  getTimeFormatter,
  metricValueFormatter,
  type QueryFormData,
} from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import {
  colorDot,
  displayNameOf,
  escapeHtml,
  firstQuery,
  legendLayout,
  bool,
  metricLabel,
  num,
  str,
  textWidth,
  toNumber,
  LABEL_SPARE,
} from '../utils';
import { partLabel } from '../valueFormats';

export interface PieChartProps {
  echartOptions: EChartsCoreOption;
  /** per slice (data index): the groupby values a click or a right click on it filters (dashboards) */
  sliceFilters: { label: string; values: DimensionValue[] }[];
}

export interface PieSlice {
  name: string;
  value: number;
  percent: number;
  /** the slice's groupby values: dataset column (physical columns only), raw value and its text */
  dimensions?: DimensionValue[];
}

export const LABEL_TYPES = [
  'key',
  'value',
  'percent',
  'key_value',
  'key_percent',
  'key_value_percent',
  'value_percent',
  'template',
] as const;

const percentFormat = getNumberFormatter('.2%');

/** A slice's label text for a label type (canvas text, so no escaping is needed). */
export const sliceLabel = (
  labelType: string,
  slice: PieSlice,
  formatValue: (v: number) => string,
  template = '',
  seriesName = '',
): string => partLabel(labelType, slice, formatValue, template, seriesName);

/** Slices from the reply: the group columns' values (dates in the date format) joined, and the metric. */
export function pieSlices(input: ChartPropsInput): { slices: PieSlice[]; total: number } {
  const { formData: fd, queriesData } = input;
  const { colnames, coltypes, data } = firstQuery(queriesData);
  // the metric's column; a label the reply does not hold (a chart imported with another label)
  // falls back to its numeric column rather than drawing every slice as 0
  const asked = metricLabel(fd.metric);
  const metric =
    (asked !== undefined && asked !== null && colnames.includes(asked) ? asked : undefined) ??
    colnames.find((_, i) => coltypes[i] === GenericDataType.NUMERIC) ??
    colnames[colnames.length - 1];
  const groupCols = colnames.filter((c) => c !== metric);
  const dateFormat = getTimeFormatter(str(fd.date_format, 'smart_date'));
  const textOf = (c: string, v: unknown) => {
    if (v === null || v === undefined) return '<NULL>';
    return coltypes[colnames.indexOf(c)] === GenericDataType.TEMPORAL ? dateFormat(v as number) : String(v);
  };
  const labelOf = (row: Record<string, unknown>) => groupCols.map((c) => textOf(c, row[c])).join(', ') || metric;
  // a group column's dataset column: the groupby entry labelled as it is, when it is a physical column
  const groupby = Array.isArray(fd.groupby) ? (fd.groupby as unknown[]) : [];
  const datasetColumn = new Map(groupCols.map((c) => [c, dimensionColumn(groupby.find((g) => dimensionColumn(g) === c))]));
  const dimensionsOf = (row: Record<string, unknown>): DimensionValue[] =>
    groupCols.flatMap((c) => {
      const col = datasetColumn.get(c);
      return col ? [{ col, val: row[c] ?? null, formattedVal: row[c] === undefined ? valueText(null) : textOf(c, row[c]) }] : [];
    });
  const raw = data.map((row) => ({ name: labelOf(row), value: toNumber(row[metric]) ?? 0, dimensions: dimensionsOf(row) }));
  if (bool(fd.sort_by_metric, true)) raw.sort((a, b) => b.value - a.value);
  const total = raw.reduce((s, r) => s + (r.value > 0 ? r.value : 0), 0);
  return { slices: raw.map((r) => ({ ...r, percent: total > 0 ? r.value / total : 0 })), total };
}

/** The pie's centre in the room the legend leaves, its half-size and the radius (px) the outer-radius percent asks for. */
function placement(fd: QueryFormData, width: number, height: number, pad: { top: number; right: number; bottom: number; left: number }) {
  const w = Math.max(10, width - pad.left - pad.right);
  const h = Math.max(10, height - pad.top - pad.bottom);
  // labels outside need room round the pie; inside ones do not
  const cap = bool(fd.show_labels, true) && bool(fd.labels_outside, true) ? 0.8 : 1;
  const outer = Math.min(cap, Math.max(0.1, num(fd.outerRadius, 70) / 100));
  const half = Math.min(w, h) / 2;
  return { cx: pad.left + w / 2, cy: pad.top + h / 2, half, outerPx: Math.max(4, half * outer) };
}

/** The fewest px of an outside label worth drawing: less says nothing ("D…"), so the legend and tooltip say it. */
export const MIN_OUTSIDE_LABEL = 48;
/** Outside labels are cut beyond this width. */
const MAX_OUTSIDE_LABEL = 110;

export interface PieLabelFit {
  showLabels: boolean;
  outside: boolean;
  /** the pie's radius, made smaller (to 60 % at most) to leave outside labels room beside it */
  outerPx: number;
  /** the widest a label is drawn before its ellipsis */
  labelWidth: number;
}

/**
 * Where a pie's labels go at its size: outside as asked when they have room beside the pie (the
 * pie shrinks a little to make it), else inside the slices, or, when a legend names the slices
 * already, not at all, rather than labels cut to a letter.
 */
export function fitLabels(args: {
  labels: string[];
  plotWidth: number;
  outerPx: number;
  showLabels: boolean;
  outside: boolean;
  legendShown: boolean;
}): PieLabelFit {
  const { labels, plotWidth, outerPx, showLabels, outside, legendShown } = args;
  const inside: PieLabelFit = { showLabels: true, outside: false, outerPx, labelWidth: Math.max(24, Math.round(outerPx * 0.6)) };
  if (!showLabels || labels.length === 0) return { showLabels, outside, outerPx, labelWidth: MAX_OUTSIDE_LABEL };
  if (!outside) return inside;
  const longest = Math.min(MAX_OUTSIDE_LABEL, Math.max(...labels.map((l) => textWidth(l))) + LABEL_SPARE);
  const wanted = Math.max(Math.min(longest, MIN_OUTSIDE_LABEL), Math.min(longest, plotWidth / 2 - outerPx - 20));
  // a label takes its width plus the leader line beside the pie, on each side
  const radius = Math.min(outerPx, plotWidth / 2 - wanted - 20);
  if (radius >= outerPx * 0.6 && radius >= 16) return { showLabels: true, outside: true, outerPx: radius, labelWidth: Math.floor(wanted) };
  // no room outside: a big enough pie shows its labels inside, else the legend names the slices
  if (!legendShown && outerPx >= 60) return inside;
  return { ...inside, showLabels: false };
}

/**
 * The hole of a donut in px: the inner radius asked (a share of the half-size) in the same
 * proportion to the outer one as asked, so a pie shrunk to leave its labels room stays a ring; never
 * more than 95 % of the outer radius, so a ring always shows.
 */
export function donutInnerPx(innerShare: number, outerShare: number, outerPx: number): number {
  const ratio = outerShare > 0 ? Math.max(0, innerShare) / outerShare : 0;
  return outerPx * Math.min(0.95, ratio);
}

export function transformProps(input: ChartPropsInput): PieChartProps {
  const { formData: fd, datasource, width, height } = input;
  const { slices, total } = pieSlices(input);
  const { label_map } = firstQuery(input.queriesData);
  // the chart's currency, else the metric's saved currency, writes its symbol with the values
  const formatValue = metricValueFormatter(
    typeof fd.metric === 'string' ? fd.metric : null,
    str(fd.number_format, ''),
    datasource?.currency_formats,
    fd.currency_format,
  );
  // a dashboard passes its shared scale, so a label has one colour in every chart of the dashboard
  const scale =
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {});
  const names = slices.map((s) => displayNameOf(s.name, datasource, label_map));
  const colors = names.map((n) => scale.getColor(n));

  const labelType = str(fd.label_type, 'key');
  const template = str(fd.label_template, '');
  // the template's {a}: the metric the slices measure
  const seriesName = metricLabel(fd.metric) ?? '';
  const askedLabels = bool(fd.show_labels, true);
  const askedOutside = bool(fd.labels_outside, true);
  const labelLine = bool(fd.label_line, false);
  const threshold = num(fd.show_labels_threshold, 5) / 100;
  const donut = bool(fd.donut, false);
  const inner = num(fd.innerRadius, 30) / 100;

  const { legend, padding } = legendLayout(fd, names, width, height);
  const pad = { top: padding.top + 4, right: padding.right + 4, bottom: padding.bottom + 4, left: padding.left + 4 };
  const placed = placement(fd, width, height, pad);
  const { cx, cy, half } = placed;
  const labelled = slices.filter((s) => s.percent >= threshold);
  const fit = fitLabels({
    labels: labelled.map((s) => sliceLabel(labelType, { ...s, name: names[slices.indexOf(s)] ?? s.name }, formatValue, template)),
    plotWidth: Math.max(10, width - pad.left - pad.right),
    outerPx: placed.outerPx,
    showLabels: askedLabels,
    outside: askedOutside,
    legendShown: (legend as { show?: boolean }).show === true,
  });
  const { outerPx } = fit;
  const showLabels = fit.showLabels;
  const outside = fit.outside;

  const data: PieSeriesOption['data'] = slices.map((s, i) => {
    const hidden = !showLabels || s.percent < threshold;
    return {
      name: names[i],
      value: s.value,
      itemStyle: { color: colors[i] },
      label: { show: !hidden },
      labelLine: { show: !hidden && outside && labelLine },
    };
  });

  const byName = new Map(slices.map((s, i) => [names[i], s]));
  const dots = colors.map(colorDot);
  const series: PieSeriesOption = {
    type: 'pie',
    center: [cx, cy],
    // both radii are percentages of the same half-size, as the sliders read (inner 30, outer 70);
    // a pie made smaller for its labels keeps the ring's proportions (its hole does not swallow it)
    radius: donut ? [donutInnerPx(inner, placed.outerPx / half, outerPx), outerPx] : [0, outerPx],
    avoidLabelOverlap: true,
    minShowLabelAngle: 0,
    data,
    // labels that would overlap are hidden (the slice keeps its tooltip and legend entry), long ones end in "…"
    labelLayout: { hideOverlap: true },
    label: {
      show: showLabels,
      position: outside ? 'outer' : 'inner',
      alignTo: outside ? 'none' : undefined,
      color: outside ? undefined : '#fff',
      width: fit.labelWidth,
      overflow: 'truncate',
      ellipsis: '…',
      formatter: (p) => {
        const slice = byName.get(p.name);
        return slice ? sliceLabel(labelType, { ...slice, name: p.name }, formatValue, template, seriesName) : p.name;
      },
    },
    labelLine: { show: outside && labelLine, length: 8, length2: 8 },
    emphasis: { scale: true, scaleSize: 4 },
  };

  const graphic =
    bool(fd.show_total, false) && slices.length > 0
      ? [
          {
            type: 'text',
            x: cx,
            y: donut ? cy : Math.max(12, cy - outerPx - 14),
            silent: true,
            style: {
              text: t('visualizations:totalValue', { value: formatValue(total) }),
              align: 'center',
              verticalAlign: 'middle',
              fontSize: 14,
              fontWeight: 600,
              fill: '#333',
            },
          },
        ]
      : undefined;

  return {
    sliceFilters: slices.map((s, i) => ({ label: names[i], values: s.dimensions ?? [] })),
    echartOptions: {
      animation: slices.length < 500,
      legend,
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const item = p as { name: string; dataIndex: number };
          const slice = byName.get(item.name);
          if (!slice) return '';
          return `${dots[item.dataIndex] ?? ''}${escapeHtml(item.name)}: ${escapeHtml(formatValue(slice.value))} (${escapeHtml(percentFormat(slice.percent))})`;
        },
      },
      graphic,
      series: [series],
    },
  };
}
