/**
 * Calendar heatmap (the BI server's legacy calendar): the reply (`__timestamp` at the subdomain's
 * grain and the metrics) → one block per metric. Day cells in week, month or year domains are an
 * ECharts calendar (one page per year); other pairs (hours in days, months in years …) are a grid
 * of domain blocks (x) by slots (y). Colours step through the sequential scheme per metric.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { HeatmapSeriesOption } from 'echarts/charts';
import { getSequentialScheme, getTimeFormatter, toDate } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { bool, escapeHtml, firstQuery, metricLabel, num, str, toNumber } from '../utils';
import { metricFormatter, verboseName } from '../valueFormats';
import {
  DAY_MS,
  asDomain,
  asSubdomain,
  domainFormat,
  domainEnd,
  domainStart,
  slotCount,
  slotLabel,
  slotOf,
  weeksSpanned,
  yearPages,
  type Domain,
  type Subdomain,
} from './calendarSlots';

export interface CalHeatmapChartProps {
  echartOptions: EChartsCoreOption;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Day cells laid out as a calendar; anything else as a grid. */
export const usesCalendar = (domain: Domain, subdomain: Subdomain) => subdomain === 'day' && domain !== 'hour' && domain !== 'day';

/** The time column of the reply: the legacy `__timestamp`, else the first column. */
function timeColumnOf(colnames: string[]): string {
  return colnames.includes('__timestamp') ? '__timestamp' : (colnames[0] ?? '');
}

interface Block {
  metric: string;
  name: string;
  points: { t: number; v: number | null }[];
  min: number;
  max: number;
}

const TITLE_H = 22;
const LEGEND_H = 26;

export function transformProps(input: ChartPropsInput): CalHeatmapChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const { colnames, data } = firstQuery(queriesData);
  const reply = queriesData[0];
  const timeCol = timeColumnOf(colnames);
  const domain = asDomain(fd.domain_granularity);
  const subdomain = asSubdomain(fd.subdomain_granularity);
  const metrics = list(fd.metrics).flatMap((m) => metricLabel(m) ?? []);
  const showTitle = bool(fd.show_metric_name, true);
  const showLegend = bool(fd.show_legend, true);
  const showValues = bool(fd.show_values, false);
  const colors = getSequentialScheme(str(fd.linear_color_scheme, '')).colors;
  const steps = Math.max(2, Math.min(20, num(fd.steps, 10)));
  const padding = Math.max(0, num(fd.cell_padding, 2));
  const radius = Math.max(0, num(fd.cell_radius, 0));
  const timeFormat = getTimeFormatter(str(fd.x_axis_time_format, 'smart_date'));

  const times = data.map((r) => toDate(r[timeCol] as never)?.getTime() ?? null);
  const blocks: Block[] = metrics.map((metric) => {
    const points = data.flatMap((r, i) => (times[i] === null ? [] : [{ t: times[i] as number, v: toNumber(r[metric]) }]));
    const values = points.map((p) => p.v).filter((v): v is number => v !== null);
    return {
      metric,
      name: verboseName(metric, datasource),
      points,
      min: values.length ? Math.min(...values) : 0,
      max: values.length ? Math.max(...values) : 1,
    };
  });
  const present = times.filter((t): t is number => t !== null);
  // the chart's time range frames the calendar, trimmed to the domain blocks the data falls in
  const dataFirst = present.length ? domainStart(domain, Math.min(...present)) : null;
  const dataLast = present.length ? domainEnd(domain, Math.max(...present)) : null;
  const from = Math.max(reply?.from_dttm ?? -Infinity, dataFirst ?? -Infinity);
  const until = Math.min(reply?.to_dttm !== null && reply?.to_dttm !== undefined ? reply.to_dttm - 1 : Infinity, dataLast ?? Infinity);
  const first = Math.floor((Number.isFinite(from) ? from : Date.now()) / DAY_MS) * DAY_MS;
  const last = Math.floor(Math.max(first, Number.isFinite(until) ? until : first) / DAY_MS) * DAY_MS;

  const calendar = usesCalendar(domain, subdomain);
  const pages = calendar ? yearPages(first, last) : [[first, last] as [number, number]];
  const blockChrome = (showTitle ? TITLE_H : 0) + (showLegend ? LEGEND_H : 0);
  const perPage = Math.max(40, (height - 8) / Math.max(1, blocks.length) - blockChrome) / pages.length;

  const title: Record<string, unknown>[] = [];
  const visualMap: Record<string, unknown>[] = [];
  const series: HeatmapSeriesOption[] = [];
  const calendars: Record<string, unknown>[] = [];
  const grids: Record<string, unknown>[] = [];
  const xAxes: Record<string, unknown>[] = [];
  const yAxes: Record<string, unknown>[] = [];
  const formats = blocks.map((b) => metricFormatter(fd.y_axis_format, b.metric, datasource));
  const seriesBlock: number[] = [];

  /** A calendar page's square cell size and its left edge, centred across the width (the day labels need 40 px). */
  const pageLayout = (p0: number, p1: number) => {
    const weeks = weeksSpanned(p0, p1);
    const cell = Math.max(6, Math.min(40, Math.floor((width - 56) / weeks), Math.floor((perPage - 26) / 7)));
    return { cell, left: Math.max(40, Math.floor((width - weeks * cell) / 2)) };
  };
  // titles and legends line up with the first calendar page
  const blockLeft = calendar ? Math.max(8, pageLayout(pages[0][0], pages[0][1]).left - 32) : 8;

  let top = 4;
  blocks.forEach((block, bi) => {
    if (showTitle) {
      title.push({ text: block.name, top, left: blockLeft, textStyle: { fontSize: 13, fontWeight: 600 } });
      top += TITLE_H;
    }
    const seriesOfBlock: number[] = [];
    if (showLegend) {
      visualMap.push({
        type: 'piecewise',
        orient: 'horizontal',
        top,
        left: blockLeft,
        min: block.min,
        max: block.max > block.min ? block.max : block.min + 1,
        splitNumber: steps,
        itemWidth: 12,
        itemHeight: 10,
        itemGap: 4,
        textGap: 3,
        textStyle: { fontSize: 10 },
        formatter: (lo: number, hi: number) => `${formats[bi](lo)}–${formats[bi](hi)}`,
        showLabel: width > 700,
        inRange: { color: colors },
        seriesIndex: seriesOfBlock,
        // the value's place in a cell's data: [day, value] on a calendar, [x, y, value, time] on a grid
        dimension: calendar ? 1 : 2,
      });
      top += LEGEND_H;
    }
    if (calendar) {
      pages.forEach(([p0, p1]) => {
        const { cell, left } = pageLayout(p0, p1);
        // the padding may not eat a small cell: at most a sixth of it on each side
        const gap = Math.min(padding, Math.floor(cell / 6));
        calendars.push({
          top: top + 18,
          left,
          range: [isoDay(p0), isoDay(p1)],
          cellSize: [cell, cell],
          orient: 'horizontal',
          firstDay: 1,
          splitLine: { show: domain === 'month', lineStyle: { color: '#8c8c8c', width: 1.5 } },
          itemStyle: { borderWidth: gap, borderColor: '#fff', color: '#f5f5f5' },
          dayLabel: { show: cell >= 9, firstDay: 1, nameMap: 'en', fontSize: Math.min(11, cell), margin: 4 },
          monthLabel: { show: true, nameMap: 'en', fontSize: Math.min(11, cell + 3), margin: 4 },
          yearLabel: { show: pages.length > 1, fontSize: 12, margin: 24 },
        });
        seriesOfBlock.push(series.length);
        seriesBlock.push(bi);
        series.push({
          type: 'heatmap',
          coordinateSystem: 'calendar',
          calendarIndex: calendars.length - 1,
          data: block.points.filter((p) => p.t >= p0 && p.t < p1 + DAY_MS).map((p) => [isoDay(p.t), p.v]),
          itemStyle: { borderRadius: radius, borderWidth: gap, borderColor: '#fff' },
          label: {
            show: showValues && cell >= 18,
            fontSize: 9,
            formatter: (p: { value: unknown }) => formats[bi](toNumber((p.value as unknown[])[1])),
          },
        });
        top += 7 * cell + 26;
      });
    } else {
      const starts = [...new Set(block.points.map((p) => domainStart(domain, p.t)))].sort((a, b) => a - b);
      const used = block.points.map((p) => slotOf(domain, subdomain, p.t));
      const slots = Math.min(slotCount(domain, subdomain), Math.max(1, ...used.map((s) => s + 1)));
      const gridHeight = Math.max(40, perPage - 30);
      grids.push({ top, left: 8, right: 16, height: gridHeight, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' });
      const dFormat = getTimeFormatter(domainFormat(domain));
      xAxes.push({ type: 'category', gridIndex: grids.length - 1, data: starts.map((s) => dFormat(s)), axisLabel: { hideOverlap: true } });
      yAxes.push({
        type: 'category',
        gridIndex: grids.length - 1,
        inverse: true,
        data: Array.from({ length: slots }, (_, i) => slotLabel(domain, subdomain, i)),
        axisLabel: { hideOverlap: true, fontSize: 10 },
      });
      const index = new Map(starts.map((s, i) => [s, i]));
      seriesOfBlock.push(series.length);
      seriesBlock.push(bi);
      series.push({
        type: 'heatmap',
        xAxisIndex: xAxes.length - 1,
        yAxisIndex: yAxes.length - 1,
        data: block.points.map((p, i) => [index.get(domainStart(domain, p.t)) ?? 0, used[i], p.v, p.t]),
        itemStyle: { borderRadius: radius, borderWidth: padding, borderColor: '#fff' },
        label: { show: showValues, fontSize: 9, formatter: (p: { value: unknown }) => formats[bi](toNumber((p.value as unknown[])[2])) },
      });
      top += gridHeight + 30;
    }
  });

  // the blocks sit in the middle of the height they do not fill
  const shift = Math.max(0, Math.floor((height - top) / 2));
  for (const part of [title, visualMap, calendars, grids]) for (const o of part) o.top = Number(o.top) + shift;

  return {
    echartOptions: {
      animation: data.length < 2000,
      title,
      visualMap: visualMap.length
        ? visualMap
        : blocks.map((b, bi) => ({
            show: false,
            type: 'continuous',
            min: b.min,
            max: b.max > b.min ? b.max : b.min + 1,
            inRange: { color: colors },
            seriesIndex: series.flatMap((_, si) => (seriesBlock[si] === bi ? [si] : [])),
            dimension: calendar ? 1 : 2,
          })),
      calendar: calendars.length ? calendars : undefined,
      grid: grids.length ? grids : undefined,
      xAxis: xAxes.length ? xAxes : undefined,
      yAxis: yAxes.length ? yAxes : undefined,
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { seriesIndex, value } = p as { seriesIndex: number; value: unknown[] };
          const bi = seriesBlock[seriesIndex];
          const block = blocks[bi];
          if (!block) return '';
          const t = calendar ? Date.parse(`${String(value[0])}T00:00:00Z`) : Number(value[3]);
          const v = toNumber(calendar ? value[1] : value[2]);
          return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(timeFormat(t))}</div>${escapeHtml(`${block.name}: ${formats[bi](v)}`)}`;
        },
      },
      series,
    },
  };
}
