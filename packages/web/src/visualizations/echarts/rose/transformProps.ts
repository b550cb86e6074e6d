/**
 * Nightingale rose: the circle cut into equal wedges, one per point in time (clockwise from the
 * top), each wedge stacking one segment per series outward. A segment's thickness is its value, or,
 * with "Use area proportions", its area is: the wedge's radius then grows with the square root of
 * its total. Series are the flattened `metric, group` columns (the metric dropped when there is
 * only one, as the BI server's legacy series names are).
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import { getTimeFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, seriesGroupValues, seriesNameLevels, type DimensionValue } from '../../crossFilter';
import type { ElementValues } from '../elementCrossFilter';
import { addPadding, bool, colorDot, escapeHtml, firstQuery, legendLayout, metricLabel, str, toNumber } from '../utils';
import { colorScaleOf, columnLabels, metricFormatter } from '../flowUtils';

export interface RoseChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

const DTTM = '__timestamp';

export interface RoseSeries {
  column: string;
  name: string;
  values: number[];
}

/** The series' segment sizes along the radius: values as they are, or grown so each segment's area is its value. */
export function roseIncrements(series: RoseSeries[], times: number, areaProportions: boolean): { increments: number[][]; max: number } {
  const sums = Array.from({ length: times }, (_, t) => series.reduce((s, x) => s + Math.max(0, x.values[t] ?? 0), 0));
  const maxSum = Math.max(0, ...sums);
  if (!areaProportions) return { increments: series.map((s) => s.values.map((v) => Math.max(0, v))), max: maxSum };
  const inner = Array.from({ length: times }, () => 0);
  const increments = series.map((s) =>
    s.values.map((v, t) => {
      // r_out² = maxSum · v + r_in²: the ring's area is proportional to v, the largest wedge reaches maxSum
      const outer = Math.sqrt(maxSum * Math.max(0, v) + inner[t] * inner[t]);
      const inc = outer - inner[t];
      inner[t] = outer;
      return inc;
    }),
  );
  return { increments, max: maxSum };
}

export function transformProps(input: ChartPropsInput): RoseChartProps {
  const { formData: fd, width, height, datasource } = input;
  const { data, colnames, label_map: labelMap } = firstQuery(input.queriesData);
  const metrics = (Array.isArray(fd.metrics) ? fd.metrics : []).map(metricLabel).filter((m): m is string => m !== null);
  const groupby = columnLabels(fd.groupby);
  const format = metricFormatter(fd, 'number_format', metrics.length === 1 ? metrics[0] : null, datasource);
  const timeFormat = getTimeFormatter(str(fd.date_time_format, 'smart_date'));
  const rows = [...data].sort((a, b) => Number(a[DTTM]) - Number(b[DTTM]));
  const times = rows.map((r) => r[DTTM] as number);

  const series: RoseSeries[] = colnames
    .filter((c) => c !== DTTM)
    .map((column) => {
      const levels = labelMap?.[column] && labelMap[column].length ? labelMap[column] : seriesNameLevels(column);
      // one metric: the series is named by its groups alone
      const name = metrics.length === 1 && groupby.length && levels.length > 1 ? levels.slice(1).join(', ') : levels.join(', ');
      return { column, name, values: rows.map((r) => toNumber(r[column]) ?? 0) };
    });
  const { increments, max } = roseIncrements(series, rows.length, bool(fd.rose_area_proportion, false));
  const scale = colorScaleOf(input);
  const colors = series.map((s) => scale.getColor(s.name));

  const groupColumns = (Array.isArray(fd.groupby) ? fd.groupby : []).map(dimensionColumn);
  const seriesValues = series.map((s): DimensionValue[] => {
    const groups = seriesGroupValues(s.column, groupby, datasource, labelMap) ?? [];
    return groups.flatMap((g, i) => (groupColumns[i] ? [{ col: groupColumns[i] as string, val: g.value, formattedVal: g.label }] : []));
  });

  const names = series.map((s) => s.name);
  const { legend, padding } = legendLayout(fd, names, width, height);
  const room = addPadding(padding, { top: 8, right: 8, bottom: 8, left: 8 });
  const w = Math.max(40, width - room.left - room.right);
  const h = Math.max(40, height - room.top - room.bottom);
  // the time labels sit outside the wedges
  const radius = Math.max(10, Math.min(w, h) / 2 - 30);
  const rich = bool(fd.rich_tooltip, true);

  const bars: BarSeriesOption[] = series.map((s, i) => ({
    type: 'bar',
    name: s.name,
    coordinateSystem: 'polar',
    stack: 'rose',
    barCategoryGap: '0%',
    itemStyle: { color: colors[i], borderColor: '#fff', borderWidth: 1 },
    emphasis: { focus: 'series' },
    data: increments[i],
  }));

  return {
    elements: series.map((_, i) => rows.map(() => seriesValues[i])),
    echartOptions: {
      legend,
      polar: { center: [room.left + w / 2, room.top + h / 2], radius: [0, radius] },
      angleAxis: {
        type: 'category',
        data: times.map((t) => timeFormat(t)),
        startAngle: 90,
        clockwise: true,
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { color: '#434343', fontSize: 11, interval: 0, hideOverlap: true },
        splitLine: { show: false },
      },
      radiusAxis: {
        type: 'value',
        max: max || 1,
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { show: false },
        splitLine: { show: false },
      },
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { seriesIndex = 0, dataIndex = 0 } = p as { seriesIndex?: number; dataIndex?: number };
          const header = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(timeFormat(times[dataIndex]))}</div>`;
          const line = (i: number) =>
            `<div style="display:flex;justify-content:space-between;gap:16px${i === seriesIndex && rich ? ';font-weight:600' : ''}"><span>${colorDot(colors[i])}${escapeHtml(series[i].name)}</span><span>${escapeHtml(format(series[i].values[dataIndex]))}</span></div>`;
          return header + (rich ? series.map((_, i) => line(i)).join('') : line(seriesIndex));
        },
      },
      series: bars,
    },
  };
}
