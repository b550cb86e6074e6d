/**
 * Bullet chart: the metric's value as a bar over shaded ranges (largest lightest), with triangle
 * markers and marker lines at the values typed in the controls, each with its label. The band keeps
 * a readable height however tall the chart is.
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { BarSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import { getNumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { displayNameOf, escapeHtml, firstQuery, metricLabel, toNumber } from '../utils';

export interface BulletChartProps {
  echartOptions: EChartsCoreOption;
}

/** A comma-separated list of numbers as the control holds it ('' → none; items that are not numbers are left out). */
export function numberList(v: unknown): number[] {
  if (typeof v === 'number') return Number.isFinite(v) ? [v] : [];
  if (typeof v !== 'string') return [];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number)
    .filter((n) => Number.isFinite(n));
}

export function labelList(v: unknown): string[] {
  return typeof v === 'string' && v !== '' ? v.split(',').map((s) => s.trim()) : [];
}

const RANGE_GREYS = ['#eeeeee', '#dddddd', '#cccccc', '#bbbbbb', '#aaaaaa'];
const MEASURE = '#1FA8C9';
const MARKER = '#262626';

export function transformProps(input: ChartPropsInput): BulletChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const { data, colnames, label_map } = firstQuery(queriesData);
  const metric = metricLabel(fd.metric) ?? colnames[0] ?? '';
  const value = toNumber(data[0]?.[metric]) ?? 0;
  const name = displayNameOf(metric, datasource, label_map);
  const format = getNumberFormatter(datasource?.metrics.find((m) => m.metric_name === metric)?.d3format ?? '');

  const rangeLabels = labelList(fd.range_labels);
  // largest first: each range is drawn from zero, the smaller ones over it
  const ranges = numberList(fd.ranges)
    .map((v, i) => ({ v, label: rangeLabels[i] ?? '' }))
    .sort((a, b) => b.v - a.v);
  const markerLabels = labelList(fd.marker_labels);
  const markers = numberList(fd.markers).map((v, i) => ({ v, label: markerLabels[i] ?? '' }));
  const lineLabels = labelList(fd.marker_line_labels);
  const lines = numberList(fd.marker_lines).map((v, i) => ({ v, label: lineLabels[i] ?? '' }));

  const all = [value, ...ranges.map((r) => r.v), ...markers.map((m) => m.v), ...lines.map((l) => l.v)];
  const min = Math.min(0, ...all);
  const max = Math.max(...all);

  const band = Math.max(16, Math.min(56, height - 70));
  const nameWidth = Math.min(160, Math.max(60, Math.round(width * 0.22)));
  const top = Math.max(24, Math.round((height - band) / 2) - 6);

  const rangeSeries: BarSeriesOption[] = ranges.map((r, i) => ({
    type: 'bar',
    name: r.label || t('visualizations:bullet.range', { n: i + 1 }),
    data: [r.v],
    barWidth: band,
    barGap: '-100%',
    silent: false,
    itemStyle: { color: RANGE_GREYS[Math.min(i, RANGE_GREYS.length - 1)] },
    // under the measure, which covers the band's middle third
    label: r.label
      ? { show: true, position: 'insideBottomRight', formatter: r.label, color: '#595959', fontSize: 10, distance: 3 }
      : undefined,
    z: 1,
  }));
  const measure: BarSeriesOption = {
    type: 'bar',
    name,
    data: [value],
    barWidth: Math.max(6, Math.round(band / 3)),
    // on its own (hidden) category axis: bars of different widths on one axis are laid side by side
    yAxisIndex: 1,
    itemStyle: { color: MEASURE },
    label: { show: band >= 30, position: 'insideRight', formatter: () => format(value), color: '#fff', fontSize: 11, fontWeight: 600 },
    z: 3,
    markLine: lines.length
      ? {
          symbol: 'none',
          silent: false,
          lineStyle: { color: MARKER, width: 2, type: 'solid' },
          label: {
            show: true,
            position: 'end',
            formatter: (p: { name?: string; value?: unknown }) => p.name || format(toNumber(p.value)),
            fontSize: 11,
            // a line above the markers' labels (which stand beside the markers at the band's top edge)
            distance: 8,
          },
          data: lines.map((l) => ({ xAxis: l.v, name: l.label })),
        }
      : undefined,
  };
  const markerSeries: ScatterSeriesOption = {
    type: 'scatter',
    name: t('visualizations:bullet.markers'),
    data: markers.map((m) => ({ value: [m.v, 0], name: m.label })),
    symbol: 'triangle',
    symbolSize: Math.max(9, Math.round(band / 3)),
    symbolRotate: 180,
    symbolOffset: [0, -Math.round(band / 2) + 2],
    itemStyle: { color: MARKER, borderColor: '#fff', borderWidth: 1 },
    label: { show: true, position: 'left', formatter: (p: { name?: string }) => p.name ?? '', fontSize: 11, color: '#262626' },
    z: 4,
  };

  return {
    echartOptions: {
      animation: true,
      grid: { top, height: band, left: nameWidth + 12, right: 28 },
      xAxis: {
        type: 'value',
        min,
        max,
        axisLabel: { formatter: (v: number) => format(v), hideOverlap: true },
        splitLine: { show: false },
        axisLine: { show: true, lineStyle: { color: '#8c98a4' } },
        axisTick: { show: true },
      },
      yAxis: [
        {
          type: 'category',
          data: [name],
          axisLine: { show: false },
          axisTick: { show: false },
          axisLabel: { width: nameWidth, overflow: 'break', lineHeight: 16, fontSize: 13, fontWeight: 600, color: '#1f2a30', margin: 12 },
        },
        { type: 'category', data: [name], show: false },
      ],
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const item = p as { seriesType?: string; componentType?: string; name?: string; value?: unknown; seriesName?: string };
          if (item.componentType === 'markLine')
            return `${escapeHtml(item.name || t('visualizations:bullet.markerLine'))}: ${escapeHtml(format(toNumber(item.value)))}`;
          const v = Array.isArray(item.value) ? toNumber(item.value[0]) : toNumber(item.value);
          const label = item.seriesType === 'scatter' ? item.name || t('visualizations:bullet.marker') : (item.seriesName ?? '');
          return `${escapeHtml(label)}: <b>${escapeHtml(format(v))}</b>`;
        },
      },
      series: [...rangeSeries, measure, ...(markers.length ? [markerSeries] : [])],
    },
  };
}
