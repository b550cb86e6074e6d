/**
 * Histogram: the reply of the `histogram` operation (one row per dimension group, one column per
 * bin named '<lower> - <upper>') → one bar series per group over the bins, side by side.
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import { CategoricalColorScale, getNumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, type DimensionValue } from '../../crossFilter';
import {
  bool,
  categoryAxisLabel,
  categoryLabelLayout,
  colorDot,
  columnLabel,
  escapeHtml,
  firstQuery,
  legendLayout,
  str,
  toNumber,
} from '../utils';
import type { ElementValues } from '../elementCrossFilter';
import { metricFormatter, verboseName } from '../valueFormats';

export interface HistogramChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);
const percent = getNumberFormatter('.2%');

/** A bin's edges from its column name ('12.5 - 25.0'); null for a name that is not a bin. */
export function binEdges(name: string): [number, number] | null {
  const m = /^(-?[\d.e+-]+|-?inf|nan) - (-?[\d.e+-]+|-?inf|nan)$/i.exec(name);
  if (!m) return null;
  const lo = Number(m[1]);
  const hi = Number(m[2]);
  return Number.isFinite(lo) && Number.isFinite(hi) ? [lo, hi] : null;
}

export function transformProps(input: ChartPropsInput): HistogramChartProps {
  const { formData: fd, queriesData, datasource, width, height } = input;
  const { colnames, data } = firstQuery(queriesData);
  const groupby = list(fd.groupby);
  const groupLabels = groupby.map((g) => columnLabel(g) ?? '');
  const column = columnLabel(fd.column) ?? '';
  const bins = colnames.filter((c) => !groupLabels.includes(c));
  const normalize = bool(fd.normalize, false);
  const xFormat = metricFormatter(fd.x_axis_format, column, datasource);
  const yFormat = getNumberFormatter(str(fd.y_axis_format, normalize ? '.1%' : ''));
  const categories = bins.map((b) => {
    const edges = binEdges(b);
    return edges ? `${xFormat(edges[0])} - ${xFormat(edges[1])}` : b;
  });

  const scale =
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {});
  const names = data.map((row) =>
    groupLabels.length
      ? groupLabels.map((c) => (row[c] === null || row[c] === undefined ? '<NULL>' : String(row[c]))).join(', ')
      : verboseName(column, datasource),
  );
  const colors = names.map((n) => scale.getColor(n));
  const dims: DimensionValue[][] = data.map((row) =>
    groupLabels.flatMap((c, i) => {
      const col = dimensionColumn(groupby[i]);
      return col ? [{ col, val: row[c] ?? null, formattedVal: row[c] === null || row[c] === undefined ? '<NULL>' : String(row[c]) }] : [];
    }),
  );
  const showValue = bool(fd.show_value, false);
  const series: BarSeriesOption[] = data.map((row, i) => ({
    type: 'bar',
    name: names[i],
    data: bins.map((b) => toNumber(row[b])),
    itemStyle: { color: colors[i] },
    barCategoryGap: groupLabels.length ? '20%' : '2%',
    label: { show: showValue, position: 'top', formatter: (p: { value: unknown }) => yFormat(toNumber(p.value)) },
  }));

  const { legend, padding } = legendLayout(
    { ...fd, show_legend: bool(fd.show_legend, true) && groupLabels.length > 0 },
    names,
    width,
    height,
  );
  const dots = colors.map(colorDot);
  const xTitle = str(fd.x_axis_title, '');
  const yTitle = str(fd.y_axis_title, '');
  return {
    elements: dims.map((d) => bins.map(() => d)),
    echartOptions: {
      animation: data.length * bins.length < 2000,
      legend,
      grid: {
        top: padding.top + 16,
        right: padding.right + 24,
        bottom: padding.bottom + 8,
        left: padding.left + 8,
        outerBoundsMode: 'same',
        outerBoundsContain: 'all',
      },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        transitionDuration: 0,
        formatter: (params: unknown) => {
          const ps = (Array.isArray(params) ? params : [params]) as { seriesIndex: number; value: unknown; dataIndex: number }[];
          if (!ps.length) return '';
          const total = ps.reduce((s, p) => s + (toNumber(p.value) ?? 0), 0);
          const share = groupLabels.length > 0 && !normalize;
          const rows = ps.map((p) => {
            const v = toNumber(p.value);
            const extra = share ? ` (${percent(total ? (v ?? 0) / total : 0)})` : '';
            return `<div>${dots[p.seriesIndex] ?? ''}${escapeHtml(names[p.seriesIndex] ?? '')}: ${escapeHtml(yFormat(v) + extra)}</div>`;
          });
          if (groupLabels.length > 0)
            rows.push(`<div style="font-weight:600">${escapeHtml(t('visualizations:totalValue', { value: yFormat(total) }))}</div>`);
          return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(categories[ps[0].dataIndex] ?? '')}</div>${rows.join('')}`;
        },
      },
      xAxis: {
        type: 'category',
        data: categories,
        name: xTitle || undefined,
        nameLocation: 'middle',
        nameGap: 30,
        axisLabel: categoryAxisLabel(
          categoryLabelLayout(categories, Math.max(40, width - padding.left - padding.right - 32 - (yTitle ? 80 : 56)), {
            maxWidth: Math.max(50, Math.min(140, Math.round(height * 0.3))),
          }),
        ),
      },
      yAxis: {
        type: 'value',
        name: yTitle || undefined,
        nameLocation: 'middle',
        nameGap: normalize ? 50 : 40,
        axisLabel: { formatter: (v: number) => yFormat(v) },
      },
      series,
    },
  };
}
