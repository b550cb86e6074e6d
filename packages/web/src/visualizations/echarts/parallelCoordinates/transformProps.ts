/**
 * Parallel coordinates: an axis per metric (the series' own axis first with "Include Series"), a
 * line per value of the series column, coloured along the sequential scheme by the colour metric
 * (one colour without it). Dragging along an axis selects a range (ECharts' axis brush).
 */
import type { EChartsCoreOption } from 'echarts/core';
import { getCategoricalScheme, getNumberFormatter, sequentialColor, type ExploreDatasource, type NumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import { displayNameOf, escapeHtml, firstQuery, metricLabel, columnLabel, str, toNumber, bool } from '../utils';

export interface ParallelCoordinatesProps {
  echartOptions: EChartsCoreOption;
  /** per line (data index): the series value a click filters on (empty for an adhoc series column) */
  lineFilters: DimensionValue[][];
  /** the data table under the chart ("Data Table"), null when off */
  table: { columns: string[]; rows: string[][] } | null;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

/** A metric's format: the dataset's d3 format for it, else adaptive. */
function formatterOf(metric: string, datasource: ExploreDatasource | null): NumberFormatter {
  return getNumberFormatter(datasource?.metrics.find((m) => m.metric_name === metric)?.d3format ?? '');
}

export function transformProps(input: ChartPropsInput): ParallelCoordinatesProps {
  const { formData: fd, queriesData, datasource, width } = input;
  const { data, label_map } = firstQuery(queriesData);
  const series = columnLabel(list(fd.series)[0]) ?? '';
  const seriesColumn = dimensionColumn(list(fd.series)[0]);
  const metrics = [...new Set(list(fd.metrics).map(metricLabel))].filter((m): m is string => m !== null);
  const colorMetric = metricLabel(list(fd.secondary_metric)[0]);
  const includeSeries = bool(fd.include_series, false);
  const showTable = bool(fd.show_datatable, false);
  const nameOf = (c: string) => displayNameOf(c, datasource, label_map);
  const formats = new Map([...metrics, ...(colorMetric ? [colorMetric] : [])].map((m) => [m, formatterOf(m, datasource)]));

  const labels = data.map((row) => valueText(row[series]));
  const colorValues = colorMetric ? data.map((row) => toNumber(row[colorMetric])) : [];
  const finite = colorValues.filter((v): v is number => v !== null);
  const [lo, hi] = finite.length ? [Math.min(...finite), Math.max(...finite)] : [0, 0];
  const scheme = str(fd.linear_color_scheme, '');
  const plain = getCategoricalScheme(str(fd.color_scheme, '')).colors[0] ?? '#1FA8C9';
  const colorOf = (i: number) => {
    const v = colorValues[i];
    if (!colorMetric || v === null || v === undefined) return colorMetric ? '#bfbfbf' : plain;
    // the scheme's lightest end is near white: start a fifth of the way in so every line shows
    return sequentialColor(scheme, 0.2 + 0.8 * (hi > lo ? (v - lo) / (hi - lo) : 1));
  };

  const axes = [
    ...(includeSeries ? [{ name: nameOf(series), type: 'category', data: [...new Set(labels)] }] : []),
    ...metrics.map((m) => ({ name: nameOf(m), type: 'value', scale: true, axisLabel: { formatter: (v: number) => formats.get(m)!(v) } })),
  ];
  // axis names sit centred over their axes: the outer ones need half a name's room beside them
  const spacing = Math.max(60, (width - 160) / Math.max(1, axes.length - 1));
  const nameWidth = Math.min(180, Math.max(60, spacing - 16));
  const side = Math.round(nameWidth / 2) + 8;
  const parallelAxis = axes.map((a, dim) => ({
    ...a,
    dim,
    nameLocation: 'end',
    nameGap: 12,
    nameTextStyle: { width: nameWidth, overflow: 'truncate', fontSize: 12, color: '#333' },
    axisLine: { lineStyle: { color: '#8c98a4' } },
  }));
  const lines = data.map((row, i) => ({
    name: labels[i],
    value: [...(includeSeries ? [labels[i]] : []), ...metrics.map((m) => toNumber(row[m]))],
    lineStyle: { color: colorOf(i) },
  }));

  const tooltipRow = (label: string, value: string) =>
    `<div style="display:flex;justify-content:space-between;gap:16px"><span>${escapeHtml(label)}</span><span>${escapeHtml(value)}</span></div>`;

  return {
    lineFilters: data.map((row) =>
      seriesColumn ? [{ col: seriesColumn, val: row[series] ?? null, formattedVal: valueText(row[series]) }] : [],
    ),
    table: showTable
      ? {
          columns: [
            nameOf(series),
            ...metrics.map(nameOf),
            ...(colorMetric && !metrics.includes(colorMetric) ? [nameOf(colorMetric)] : []),
          ],
          rows: data.map((row, i) => [
            labels[i],
            ...metrics.map((m) => formats.get(m)!(toNumber(row[m]))),
            ...(colorMetric && !metrics.includes(colorMetric) ? [formats.get(colorMetric)!(toNumber(row[colorMetric]))] : []),
          ]),
        }
      : null,
    echartOptions: {
      animation: data.length < 300,
      parallel: { left: side, right: Math.max(side, 64), top: 40, bottom: 28, parallelAxisDefault: { areaSelectStyle: { width: 16 } } },
      parallelAxis,
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const i = (p as { dataIndex?: number }).dataIndex ?? -1;
          const row = data[i];
          if (!row) return '';
          const extra = colorMetric && !metrics.includes(colorMetric) ? [colorMetric] : [];
          return (
            `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(labels[i])}</div>` +
            [...metrics, ...extra].map((m) => tooltipRow(nameOf(m), formats.get(m)!(toNumber(row[m])))).join('')
          );
        },
      },
      series: [
        {
          type: 'parallel',
          smooth: false,
          lineStyle: { width: data.length > 200 ? 1 : 1.5, opacity: data.length > 200 ? 0.35 : 0.6 },
          emphasis: { lineStyle: { width: 3, opacity: 1 } },
          inactiveOpacity: 0.05,
          activeOpacity: 1,
          data: lines,
        },
      ],
    },
  };
}
