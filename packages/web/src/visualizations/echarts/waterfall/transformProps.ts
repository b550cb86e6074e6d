/**
 * Waterfall: the reply (x axis, optional breakdown, one metric, in axis order) → stacked bars where
 * an invisible "assist" bar lifts each change to where the running total stood, increases and
 * decreases in their colours, and total bars (per period with a breakdown, at the end without).
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import { GenericDataType, getTimeFormatter, type QueryFormData } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import { bool, columnLabel, escapeHtml, firstQuery, metricLabel, str, toNumber } from '../utils';
import type { ElementValues } from '../elementCrossFilter';
import { metricFormatter, rgbaColor, xTicksAxisLabel } from '../valueFormats';

export interface WaterfallChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

/** One bar of the waterfall, in drawing order. */
export interface WaterfallBar {
  /** the axis label: the x value, or with a breakdown the breakdown's value (a period's total: the x value) */
  label: string;
  /** the tooltip's title: the x value, and the breakdown's value */
  title: string;
  /** the change this bar stands for (a total's: the running total) */
  value: number;
  /** the running total after this bar */
  total: number;
  isTotal: boolean;
  dimensions: DimensionValue[];
}

/**
 * The bars: without a breakdown one per x value and a final total; with one, the breakdown's bars
 * of each period followed by that period's total (the running total so far).
 */
export function waterfallBars(fd: QueryFormData, input: ChartPropsInput): WaterfallBar[] {
  const { colnames, coltypes, data } = firstQuery(input.queriesData);
  const xCol = columnLabel(fd.x_axis ?? fd.granularity_sqla) ?? colnames[0] ?? '';
  const breakdownEntry = Array.isArray(fd.groupby) ? fd.groupby[0] : fd.groupby;
  const breakdown = columnLabel(breakdownEntry);
  const metric = metricLabel(fd.metric) ?? colnames[colnames.length - 1] ?? '';
  const xTemporal = coltypes[colnames.indexOf(xCol)] === GenericDataType.TEMPORAL;
  const timeFormat = getTimeFormatter(str(fd.x_axis_time_format, 'smart_date'));
  const xText = (v: unknown) => (xTemporal && (typeof v === 'number' || typeof v === 'string') ? timeFormat(v) : valueText(v));
  const totalLabel = str(fd.total_label, t('visualizations:total'));
  const xColumn = dimensionColumn(fd.x_axis ?? fd.granularity_sqla);
  const breakdownColumn = dimensionColumn(breakdownEntry);
  // a time axis has no value another chart could filter on; categories do
  const xDim = (v: unknown): DimensionValue[] => (xColumn && !xTemporal ? [{ col: xColumn, val: v ?? null, formattedVal: xText(v) }] : []);

  const periods = new Map<unknown, Record<string, unknown>[]>();
  for (const row of data) {
    const key = row[xCol];
    const rows = periods.get(key) ?? [];
    rows.push(row);
    periods.set(key, rows);
  }
  const showTotal = bool(fd.show_total, true);
  const bars: WaterfallBar[] = [];
  let running = 0;
  for (const [x, rows] of periods) {
    if (breakdown) {
      for (const row of rows) {
        const v = toNumber(row[metric]) ?? 0;
        running += v;
        const dims = [
          ...xDim(x),
          ...(breakdownColumn ? [{ col: breakdownColumn, val: row[breakdown] ?? null, formattedVal: valueText(row[breakdown]) }] : []),
        ];
        const label = valueText(row[breakdown]);
        // a bar's title is its period and breakdown value, no words
        bars.push({ label, title: `${xText(x)} · ${label}`, value: v, total: running, isTotal: false, dimensions: dims }); // i18n-ignore
      }
      if (showTotal) {
        bars.push({
          label: xText(x),
          title: `${xText(x)} · ${totalLabel}`, // i18n-ignore: the period and the (translated) total label
          value: running,
          total: running,
          isTotal: true,
          dimensions: xDim(x),
        });
      }
    } else {
      const v = rows.reduce((s, r) => s + (toNumber(r[metric]) ?? 0), 0);
      running += v;
      bars.push({ label: xText(x), title: xText(x), value: v, total: running, isTotal: false, dimensions: xDim(x) });
    }
  }
  if (!breakdown && showTotal && bars.length) {
    bars.push({ label: totalLabel, title: totalLabel, value: running, total: running, isTotal: true, dimensions: [] });
  }
  return bars;
}

const TOKEN = '-';

export function transformProps(input: ChartPropsInput): WaterfallChartProps {
  const { formData: fd, datasource, width, height } = input;
  const bars = waterfallBars(fd, input);
  const metric = metricLabel(fd.metric);
  const format = metricFormatter(fd.y_axis_format, metric, datasource, fd.currency_format);
  const colors = {
    increase: rgbaColor(fd.increase_color, 'rgba(90,193,137,1)'),
    decrease: rgbaColor(fd.decrease_color, 'rgba(224,67,85,1)'),
    total: rgbaColor(fd.total_color, 'rgba(102,102,102,1)'),
  };
  const names = {
    increase: str(fd.increase_label, t('visualizations:waterfall.increase')),
    decrease: str(fd.decrease_label, t('visualizations:waterfall.decrease')),
    total: str(fd.total_label, t('visualizations:total')),
  };

  // each change floats from the lower of the totals before and after it; a change that crosses zero
  // is drawn as two parts, the assist bar taking the part on the far side of zero in the change's colour
  const assist: (number | string | { value: number; itemStyle: { color: string } })[] = [];
  const increase: (number | string)[] = [];
  const decrease: (number | string)[] = [];
  const totals: (number | string)[] = [];
  let before = 0;
  for (const b of bars) {
    if (b.isTotal) {
      assist.push(TOKEN);
      increase.push(TOKEN);
      decrease.push(TOKEN);
      totals.push(b.total);
      before = b.total;
      continue;
    }
    const after = b.total;
    totals.push(TOKEN);
    const up = b.value >= 0;
    if (Math.sign(before) * Math.sign(after) < 0) {
      // crossing zero: one part above, one below, both in the change's colour
      const color = up ? colors.increase : colors.decrease;
      assist.push({ value: up ? before : after, itemStyle: { color } });
      (up ? increase : decrease).push(up ? after : before);
      (up ? decrease : increase).push(TOKEN);
    } else {
      const base = after >= 0 || before > 0 ? Math.min(before, after) : Math.max(before, after);
      assist.push(base);
      (up ? increase : decrease).push(Math.abs(b.value) * (after < 0 || before < 0 ? -1 : 1));
      (up ? decrease : increase).push(TOKEN);
    }
    before = after;
  }

  const showValue = bool(fd.show_value, false);
  const label = (position: 'top' | 'bottom') => ({
    show: showValue,
    position,
    // a change of nothing draws no bar, so it gets no label either
    formatter: (p: { dataIndex: number }) => {
      const b = bars[p.dataIndex];
      if (!b || (!b.isTotal && b.value === 0)) return '';
      return format(b.isTotal ? b.total : b.value);
    },
  });
  const common = { type: 'bar', stack: 'waterfall', emphasis: { disabled: true }, barMaxWidth: 60 } as const;
  const series: BarSeriesOption[] = [
    { ...common, name: 'assist', data: assist, itemStyle: { color: 'transparent' }, tooltip: { show: false }, silent: true },
    { ...common, name: names.increase, data: increase, itemStyle: { color: colors.increase }, label: label('top') },
    { ...common, name: names.decrease, data: decrease, itemStyle: { color: colors.decrease }, label: label('bottom') },
    { ...common, name: names.total, data: totals, itemStyle: { color: colors.total }, label: label('top') },
  ];
  const showLegend = bool(fd.show_legend, false);
  const xTitle = str(fd.x_axis_label, '');
  const yTitle = str(fd.y_axis_label, '');
  const dims = bars.map((b) => b.dimensions);
  return {
    elements: [[], dims, dims, dims],
    echartOptions: {
      animation: bars.length < 500,
      legend: { show: showLegend, data: [names.increase, names.decrease, names.total], top: 4 },
      grid: { top: showLegend ? 36 : 24, right: 24, bottom: 8, left: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        transitionDuration: 0,
        formatter: (params: unknown) => {
          const p = (Array.isArray(params) ? params[0] : params) as { dataIndex: number } | undefined;
          const b = p ? bars[p.dataIndex] : undefined;
          if (!b) return '';
          const rows = b.isTotal ? [] : [`${b.value >= 0 ? names.increase : names.decrease}: ${format(b.value)}`];
          rows.push(`${names.total}: ${format(b.total)}`);
          return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(b.title)}</div>${rows.map(escapeHtml).join('<br/>')}`;
        },
      },
      xAxis: {
        type: 'category',
        data: bars.map((b) => b.label),
        name: xTitle || undefined,
        nameLocation: 'middle',
        nameGap: 30,
        // the value axis's labels and title take about 90 px on the left
        axisLabel: xTicksAxisLabel(
          fd.x_ticks_layout,
          bars.map((b) => b.label),
          Math.max(40, width - 32 - (yTitle ? 90 : 64)),
          Math.max(50, Math.min(140, Math.round(height * 0.3))),
        ),
      },
      yAxis: {
        type: 'value',
        name: yTitle || undefined,
        nameLocation: 'middle',
        nameGap: 50,
        axisLabel: { formatter: (v: number) => format(v) },
      },
      series,
    },
  };
}
