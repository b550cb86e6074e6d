/**
 * Big number (one figure) and big number with trendline (the latest value of a time series, its
 * change against `compare_lag` periods earlier, and a small area chart of the series).
 */
import { t } from '../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import {
  GenericDataType,
  getNumberFormatter,
  metricValueFormatter,
  getTimeFormatter,
  NUMBER_FORMAT,
  toDate,
  type ExploreDatasource,
  type NumberFormatter,
  type QueryFormData,
} from '@rama/shared';
import type { ChartPropsInput } from '../types';
import { bool, escapeHtml, firstQuery, metricLabel, num, str, toNumber } from '../echarts/utils';

export interface BigNumberProps {
  /** the formatted figure; null when there is no value to show */
  headline: string | null;
  /** text under the figure: the subheader, or the comparison on the trendline variant */
  subheader: string;
  /** the comparison's colour: green up, red down; null for plain text */
  subheaderColor: string | null;
  /** the latest point's time, when asked for */
  timestamp: string | null;
  /** shown when the latest point has no value and an older one stands in */
  note: string | null;
  /** fractions of the chart's height */
  headerFontSize: number;
  subheaderFontSize: number;
  /** the trendline's ECharts option; null without one */
  trendline: EChartsCoreOption | null;
}

export const UP_COLOR = '#389e0d';
export const DOWN_COLOR = '#cf1322';

/** The metric's formatter: the chosen format, else the dataset's format for the metric, else adaptive. */
function valueFormatter(fd: QueryFormData, metric: string, datasource: ExploreDatasource | null): NumberFormatter {
  const chosen = str(fd.y_axis_format, '');
  const own = datasource?.column_formats?.[metric] ?? datasource?.metrics.find((m) => m.metric_name === metric)?.d3format;
  const format = chosen && chosen !== NUMBER_FORMAT.SMART_NUMBER ? chosen : own || chosen;
  // the chart's currency, else the metric's saved currency, writes its symbol with the figure
  return metricValueFormatter(metric, format, datasource?.currency_formats, fd.currency_format);
}

/** A metric that is a time (MAX(date)), or a number the user asks to read as one, shows as a date. */
function figureFormatter(
  fd: QueryFormData,
  metric: string,
  temporal: boolean,
  datasource: ExploreDatasource | null,
): (v: unknown) => string {
  if (temporal || bool(fd.force_timestamp_formatting, false)) {
    const f = getTimeFormatter(str(fd.time_format, 'smart_date'));
    return (v) => f(v as number);
  }
  const f = valueFormatter(fd, metric, datasource);
  return (v) => f(toNumber(v));
}

function metricColumn(fd: QueryFormData, colnames: string[], exclude: string | null): string | null {
  const label = metricLabel(fd.metric);
  if (label && colnames.includes(label)) return label;
  return [...colnames].reverse().find((c) => c !== exclude) ?? null;
}

const sizes = (fd: QueryFormData, trend: boolean) => ({
  headerFontSize: num(fd.header_font_size, trend ? 0.3 : 0.4),
  subheaderFontSize: num(fd.subheader_font_size, 0.15),
});

export function transformBigNumberTotalProps(input: ChartPropsInput): BigNumberProps {
  const { formData: fd, queriesData, datasource } = input;
  const { colnames, coltypes, data } = firstQuery(queriesData);
  const metric = metricColumn(fd, colnames, null);
  const raw = metric !== null ? data[0]?.[metric] : undefined;
  const temporal = metric !== null && coltypes[colnames.indexOf(metric)] === GenericDataType.TEMPORAL;
  const format = figureFormatter(fd, metric ?? '', temporal, datasource);
  return {
    headline: raw === undefined || raw === null ? null : format(raw),
    subheader: str(fd.subheader ?? fd.subtitle, ''),
    subheaderColor: null,
    timestamp: null,
    note: null,
    ...sizes(fd, false),
    trendline: null,
  };
}

/** The share change from `before` to `now` (0 when `before` is 0, as the BI server shows it). */
export function percentChange(now: number, before: number): number {
  return before === 0 ? 0 : (now - before) / Math.abs(before);
}

/** `{r, g, b, a}` from the colour picker → a CSS colour; the spec's default picker colour otherwise. */
export function pickerColor(value: unknown, alphaScale = 1): string {
  const c = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const channel = (v: unknown, d: number) => Math.min(255, Math.max(0, Math.round(num(v, d))));
  const a = Math.min(1, Math.max(0, num(c.a, 1))) * alphaScale;
  return `rgba(${channel(c.r, 0)},${channel(c.g, 122)},${channel(c.b, 135)},${Number(a.toFixed(3))})`;
}

export function transformBigNumberProps(input: ChartPropsInput): BigNumberProps {
  const { formData: fd, queriesData, datasource } = input;
  const { colnames, coltypes, data } = firstQuery(queriesData);
  const xCol = colnames.includes('__timestamp')
    ? '__timestamp'
    : (colnames.find((_, i) => coltypes[i] === GenericDataType.TEMPORAL) ?? colnames[0] ?? null);
  const metric = metricColumn(fd, colnames, xCol);
  const temporal = metric !== null && coltypes[colnames.indexOf(metric)] === GenericDataType.TEMPORAL;
  const format = figureFormatter(fd, metric ?? '', temporal, datasource);
  const timeFormat = getTimeFormatter(str(fd.time_format, 'smart_date'));

  // points oldest first; the latest is the headline
  const points: [number, number | null][] = [];
  for (const row of data) {
    const t = xCol === null ? null : toDate(row[xCol] as never)?.getTime();
    if (t === null || t === undefined) continue;
    points.push([t, metric === null ? null : toNumber(row[metric])]);
  }
  points.sort((a, b) => a[0] - b[0]);

  const latest = points[points.length - 1];
  const fallback = [...points].reverse().find((p) => p[1] !== null);
  const shown = latest && latest[1] !== null ? latest : fallback;
  const base: BigNumberProps = {
    headline: shown ? format(shown[1]) : null,
    subheader: '',
    subheaderColor: null,
    timestamp: shown && bool(fd.show_timestamp, false) ? timeFormat(shown[0]) : null,
    note: shown && latest && shown !== latest ? t('visualizations:bigNumber.lastAvailable', { date: timeFormat(shown[0]) }) : null,
    ...sizes(fd, bool(fd.show_trend_line, true)),
    trendline: null,
  };

  // comparison: the shown point against the one `compare_lag` periods before it
  const lag = Math.trunc(num(fd.compare_lag, 0));
  const shownIndex = shown ? points.indexOf(shown) : -1;
  if (shown && shown[1] !== null && lag > 0 && shownIndex - lag >= 0) {
    const before = points[shownIndex - lag][1];
    if (before !== null) {
      const change = percentChange(shown[1], before);
      base.subheader = `${getNumberFormatter('+.1%')(change)} ${str(fd.compare_suffix, '')}`.trim();
      base.subheaderColor = change > 0 ? UP_COLOR : change < 0 ? DOWN_COLOR : null;
    }
  }

  if (bool(fd.show_trend_line, true) && points.length > 0) {
    const q = queriesData[0];
    const fixed = bool(fd.time_range_fixed, false);
    const valueFormat = temporal ? (v: number | null) => timeFormat(v) : valueFormatter(fd, metric ?? '', datasource);
    base.trendline = {
      animation: points.length < 2000,
      grid: { top: 4, right: 2, bottom: 2, left: 2 },
      xAxis: {
        type: 'time',
        show: false,
        min: fixed && q?.from_dttm ? q.from_dttm : 'dataMin',
        max: fixed && q?.to_dttm ? q.to_dttm : 'dataMax',
      },
      yAxis: { type: 'value', show: false, scale: !bool(fd.start_y_axis_at_zero, true) },
      tooltip: {
        trigger: 'axis',
        confine: true,
        transitionDuration: 0,
        axisPointer: { type: 'line' },
        formatter: (params: unknown) => {
          const p = (Array.isArray(params) ? params[0] : params) as { value?: [number, number | null] } | undefined;
          if (!p?.value) return '';
          return `<div style="font-weight:600">${escapeHtml(timeFormat(p.value[0]))}</div><div>${escapeHtml(valueFormat(p.value[1]))}</div>`;
        },
      },
      series: [
        {
          type: 'line',
          data: points,
          showSymbol: false,
          symbolSize: 6,
          connectNulls: true,
          lineStyle: { width: 2, color: pickerColor(fd.color_picker) },
          itemStyle: { color: pickerColor(fd.color_picker) },
          areaStyle: { color: pickerColor(fd.color_picker, 0.25) },
        },
      ],
    };
  }
  return base;
}
