/**
 * Time-series period pivot: the metric over time cut into periods of the frequency, each period a
 * line over the latest period's time line, drawn in the chosen colour: the current period solid,
 * older ones fainter the older they are (the peer's alpha: perc × 0.5).
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { LineSeriesOption } from 'echarts/charts';
import { getNumberFormatter, getTimeFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { DTTM_ALIAS } from '../../legacyTimeseries';
import { bool, colorDot, displayNameOf, escapeHtml, firstQuery, legendLayout, metricLabel, num, str, toNumber } from '../utils';
import { periodNameFormat, pivotPeriods } from './periods';

export interface TimePivotChartProps {
  echartOptions: EChartsCoreOption;
}

interface Rgba {
  r: number;
  g: number;
  b: number;
  a?: number;
}

const DEFAULT_COLOR: Rgba = { r: 0, g: 122, b: 135, a: 1 };

function pickerColor(v: unknown): Rgba {
  const c = v as Partial<Rgba> | null | undefined;
  const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  return c && ok(c.r) && ok(c.g) && ok(c.b) ? { r: c.r!, g: c.g!, b: c.b! } : DEFAULT_COLOR;
}

const clampByte = (n: number) => Math.round(Math.min(255, Math.max(0, n)));
export const rgba = (c: Rgba, alpha: number) =>
  `rgba(${clampByte(c.r)},${clampByte(c.g)},${clampByte(c.b)},${Math.round(alpha * 1000) / 1000})`;

/** The peer's line interpolations in ECharts terms. */
function lineStyle(interpolation: unknown): Pick<LineSeriesOption, 'smooth' | 'smoothMonotone' | 'step'> {
  switch (interpolation) {
    case 'basis':
    case 'cardinal':
      return { smooth: true };
    case 'monotone':
      return { smooth: true, smoothMonotone: 'x' };
    case 'step-before':
      return { step: 'start' };
    case 'step-after':
      return { step: 'end' };
    default:
      return { smooth: false };
  }
}

/** `[min, max]` of a bounds control, each a number or null. */
function boundsOf(v: unknown): [number | null, number | null] {
  const pair = Array.isArray(v) ? (v as unknown[]) : [];
  return [num(pair[0], null), num(pair[1], null)];
}

const margin = (v: unknown): number | null => (v === 'auto' || v === null || v === undefined || v === '' ? null : num(v, null));

export function transformProps(input: ChartPropsInput): TimePivotChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const { data, colnames, label_map } = firstQuery(queriesData);
  const metric = metricLabel(fd.metric) ?? colnames.find((c) => c !== DTTM_ALIAS) ?? '';
  const points = data
    .map((row) => ({ t: toNumber(row[DTTM_ALIAS]), value: toNumber(row[metric]) }))
    .filter((p): p is { t: number; value: number | null } => p.t !== null);
  const periods = pivotPeriods(points, fd.freq).reverse(); // oldest first, so the current line is drawn on top
  const base = pickerColor(fd.color_picker);
  // the peer's alpha (perc × 0.5), with a floor so that the oldest periods still show
  const colors = periods.map((p) => rgba(base, p.rank > 0 ? Math.max(0.12, p.perc * 0.5) : 1));
  // named by when they are ('2009', 'Jan 2009', '2001-01-08') rather than the peer's 'current', '-1' …
  const formatPeriod = getTimeFormatter(periodNameFormat(fd.freq));
  const names = periods.map((p) => formatPeriod(Math.min(...p.points.map((x) => x[2]))));
  const formatY = getNumberFormatter(str(fd.y_axis_format, ''));
  const formatX = getTimeFormatter(str(fd.x_axis_format, 'smart_date'));
  const formatDate = getTimeFormatter('%Y-%m-%d %H:%M');
  const [yMin, yMax] = boundsOf(fd.y_axis_bounds);
  const { legend, padding } = legendLayout(fd, names, width, height);
  const left = margin(fd.left_margin);
  const bottom = margin(fd.bottom_margin);
  const xTitle = str(fd.x_axis_label, '');
  const yTitle = str(fd.y_axis_label, '');
  const metricName = displayNameOf(metric, datasource, label_map);

  const series: LineSeriesOption[] = periods.map((p, i) => ({
    type: 'line',
    name: names[i],
    data: p.points.map(([x, y, own]) => ({ value: [x, y], own })),
    color: colors[i],
    lineStyle: { width: p.rank === 0 ? 2.5 : 1.5 },
    showSymbol: false,
    connectNulls: false,
    z: p.rank === 0 ? 3 : 2,
    ...lineStyle(fd.line_interpolation),
  }));

  const dots = colors.map(colorDot);
  const escapedNames = names.map(escapeHtml);
  return {
    echartOptions: {
      animation: points.length < 2000,
      legend,
      grid: {
        top: padding.top + (yTitle ? 28 : 16),
        right: padding.right + 24,
        bottom: bottom ?? padding.bottom + (xTitle ? 44 : 24),
        left: left ?? padding.left + (yTitle ? 28 : 12),
        containLabel: left === null || bottom === null,
      },
      xAxis: {
        type: 'time',
        name: xTitle || undefined,
        nameLocation: 'middle',
        nameGap: 28,
        axisLabel: {
          formatter: (v: number) => formatX(v),
          hideOverlap: true,
          showMinLabel: bool(fd.x_axis_showminmax, false) || undefined,
          showMaxLabel: bool(fd.x_axis_showminmax, false) || undefined,
        },
        splitLine: { show: false },
      },
      yAxis: {
        type: bool(fd.y_log_scale, false) ? 'log' : 'value',
        name: yTitle || undefined,
        nameLocation: 'middle',
        nameGap: 48,
        min: yMin ?? undefined,
        max: yMax ?? undefined,
        scale: true,
        axisLabel: {
          formatter: (v: number) => formatY(v),
          showMinLabel: bool(fd.y_axis_showminmax, false) || undefined,
          showMaxLabel: bool(fd.y_axis_showminmax, false) || undefined,
        },
      },
      tooltip: {
        trigger: 'axis',
        confine: true,
        transitionDuration: 0,
        formatter: (params: unknown) => {
          const list = (Array.isArray(params) ? params : [params]) as {
            seriesIndex: number;
            data: { value: [number, number | null]; own: number };
          }[];
          if (!list.length) return '';
          const rows = list
            .filter((p) => p.data && p.data.value[1] !== null)
            .sort((a, b) => periods[a.seriesIndex].rank - periods[b.seriesIndex].rank)
            .map(
              (p) =>
                `<div style="display:flex;justify-content:space-between;gap:16px"><span>${dots[p.seriesIndex]}${escapedNames[p.seriesIndex]} <span style="color:#8c8c8c">${escapeHtml(formatDate(p.data.own))}</span></span><span>${escapeHtml(formatY(p.data.value[1]))}</span></div>`,
            );
          return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(metricName)}</div>${rows.join('')}`;
        },
      },
      series,
    },
  };
}
