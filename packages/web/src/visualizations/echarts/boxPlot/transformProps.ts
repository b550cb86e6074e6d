/**
 * Box plot: the reply of the `boxplot` operation (per dimension group, `<metric>__min`, `__q1`,
 * `__median`, `__q3`, `__max`, `__mean`, `__count` and `__outliers`) → one box per group and metric,
 * with the outliers as points beside it.
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { BoxplotSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import { CategoricalColorScale, type NumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, type DimensionValue } from '../../crossFilter';
import { colorDot, columnLabel, escapeHtml, firstQuery, metricLabel, num, str, toNumber } from '../utils';
import type { ElementValues } from '../elementCrossFilter';
import { cellText, metricFormatter, verboseName, xTicksAxisLabel } from '../valueFormats';

export interface BoxPlotChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

export interface BoxStats {
  name: string;
  color: string;
  /** min (lower whisker), q1, median, q3, max (upper whisker) */
  box: (number | null)[];
  mean: number | null;
  count: number | null;
  outliers: number[];
  dimensions: DimensionValue[];
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

/** One box per reply row and metric, named by the group's values (and the metric when there are several). */
export function boxStats(input: ChartPropsInput): BoxStats[] {
  const { formData: fd, queriesData, datasource } = input;
  const { colnames, coltypes, data } = firstQuery(queriesData);
  const groupby = list(fd.groupby);
  const groupLabels = groupby.map((g) => columnLabel(g) ?? '');
  const metrics = list(fd.metrics).flatMap((m) => metricLabel(m) ?? []);
  const dateFormat = str(fd.date_format, 'smart_date');
  const scale =
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {});
  const typeOf = (c: string) => coltypes[colnames.indexOf(c)];
  const out: BoxStats[] = [];
  for (const row of data) {
    const groupText = groupLabels.map((c) => cellText(row[c], typeOf(c), dateFormat)).join(', ');
    const dimensions = groupLabels.flatMap((c, i) => {
      const col = dimensionColumn(groupby[i]);
      return col ? [{ col, val: row[c] ?? null, formattedVal: cellText(row[c], typeOf(c), dateFormat) }] : [];
    });
    for (const metric of metrics) {
      const metricName = verboseName(metric, datasource);
      const name = !groupText ? metricName : metrics.length === 1 ? groupText : `${groupText}, ${metricName}`;
      const stat = (s: string) => toNumber(row[`${metric}__${s}`]);
      const outliers = list(row[`${metric}__outliers`]).flatMap((v) => toNumber(v) ?? []);
      out.push({
        name,
        color: scale.getColor(groupText || metricName),
        box: [stat('min'), stat('q1'), stat('median'), stat('q3'), stat('max')],
        mean: stat('mean'),
        count: stat('count'),
        outliers,
        dimensions,
      });
    }
  }
  return out;
}

function boxTooltip(box: BoxStats, format: NumberFormatter): string {
  const [min, q1, median, q3, max] = box.box;
  const lines = [
    t('visualizations:boxPlot.max', { value: format(max) }),
    t('visualizations:boxPlot.q3', { value: format(q3) }),
    t('visualizations:boxPlot.mean', { value: format(box.mean) }),
    t('visualizations:boxPlot.median', { value: format(median) }),
    t('visualizations:boxPlot.q1', { value: format(q1) }),
    t('visualizations:boxPlot.min', { value: format(min) }),
    t('visualizations:boxPlot.observations', { value: String(box.count ?? '') }),
    ...(box.outliers.length ? [t('visualizations:boxPlot.outliers', { value: String(box.outliers.length) })] : []),
  ];
  return `<div style="font-weight:600;margin-bottom:4px">${colorDot(box.color)}${escapeHtml(box.name)}</div>${lines.map(escapeHtml).join('<br/>')}`;
}

const titleGap = (margin: unknown): number => Math.max(4, num(margin, 15) - 5);

export function transformProps(input: ChartPropsInput): BoxPlotChartProps {
  const { formData: fd, datasource, width, height } = input;
  const boxes = boxStats(input);
  const firstMetric = metricLabel(list(fd.metrics)[0]);
  const format = metricFormatter(fd.number_format, firstMetric, datasource);
  const names = boxes.map((b) => b.name);

  const boxSeries: BoxplotSeriesOption = {
    type: 'boxplot',
    name: 'boxplot',
    data: boxes.map((b) => ({
      name: b.name,
      value: b.box.map((v) => v ?? '-'),
      itemStyle: { color: b.color, opacity: 0.6, borderColor: b.color },
    })),
    tooltip: { formatter: (p: unknown) => boxTooltip(boxes[(p as { dataIndex: number }).dataIndex], format) },
  };
  // one scatter for every box's outliers, coloured like their box
  const outlierOwners: number[] = [];
  const outlierData = boxes.flatMap((b, i) =>
    b.outliers.map((v) => {
      outlierOwners.push(i);
      return { value: [b.name, v], itemStyle: { color: b.color } };
    }),
  );
  const outlierSeries: ScatterSeriesOption = {
    type: 'scatter',
    name: 'outlier',
    data: outlierData,
    symbolSize: 6,
    tooltip: {
      formatter: (p: unknown) => {
        const { dataIndex } = p as { dataIndex: number };
        const box = boxes[outlierOwners[dataIndex]];
        const value = outlierData[dataIndex]?.value[1] as number | undefined;
        return box ? `${colorDot(box.color)}${escapeHtml(box.name)}: ${escapeHtml(format(value ?? null))}` : '';
      },
    },
  };

  const xTitle = str(fd.x_axis_title, '');
  const yTitle = str(fd.y_axis_title, '');
  const yTop = fd.y_axis_title_position === 'Top';
  return {
    elements: [boxes.map((b) => b.dimensions), outlierOwners.map((i) => boxes[i].dimensions)],
    echartOptions: {
      animation: boxes.length < 200,
      grid: { top: yTitle && yTop ? 36 : 20, right: 24, bottom: 8, left: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
      tooltip: { trigger: 'item', confine: true, transitionDuration: 0 },
      xAxis: {
        type: 'category',
        data: names,
        name: xTitle || undefined,
        nameLocation: 'middle',
        nameGap: titleGap(fd.x_axis_title_margin),
        axisLabel: xTicksAxisLabel(
          fd.x_ticks_layout,
          names,
          Math.max(40, width - 32 - (yTitle ? 90 : 64)),
          Math.max(50, Math.min(140, Math.round(height * 0.3))),
        ),
      },
      yAxis: {
        type: 'value',
        scale: true,
        name: yTitle || undefined,
        nameLocation: yTop ? 'end' : 'middle',
        nameGap: titleGap(fd.y_axis_title_margin),
        axisLabel: { formatter: (v: number) => format(v) },
      },
      series: [boxSeries, outlierSeries],
    },
  };
}
