/**
 * Funnel: one stage per group of `groupby` values, its width by the metric. Each stage's percentage
 * is of the first stage, of the stage before it or of the total (`percent_calculation_type`); labels
 * and tooltips show what `label_type` / `tooltip_label_type` ask for.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { FunnelSeriesOption } from 'echarts/charts';
import type { NumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import type { DimensionValue } from '../../crossFilter';
import type { ElementValues } from '../elementCrossFilter';
import { bool, colorDot, escapeHtml, firstQuery, legendLayout, metricLabel, str, toNumber } from '../utils';
import { cellTextOf, colorScaleOf, contrastText, metricColumnOf, metricFormatter, rowDimensions } from '../flowUtils';
import { partLabel } from '../valueFormats';

export interface FunnelChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

export interface FunnelStage {
  name: string;
  value: number;
  /** the share `percent_calculation_type` asks for, 0..1 */
  percent: number;
  values: DimensionValue[];
}

/** A stage's text for a label type (canvas and tooltip share it; the tooltip escapes it). */
export const funnelLabel = (labelType: string, stage: Pick<FunnelStage, 'name' | 'value' | 'percent'>, format: NumberFormatter): string =>
  partLabel(labelType === 'template' ? 'key' : labelType, stage, format);

/** The stages in draw order with their percentages of the first step, the previous step or the total. */
export function funnelStages(input: ChartPropsInput): FunnelStage[] {
  const fd = input.formData;
  const { data } = firstQuery(input.queriesData);
  const metric = metricColumnOf(input, metricLabel(fd.metric));
  const dims = rowDimensions(fd.groupby, cellTextOf(input));
  const raw = data.map((row) => ({ ...dims(row), value: toNumber(metric ? row[metric] : null) ?? 0 }));
  if (bool(fd.sort_by_metric, true)) raw.sort((a, b) => b.value - a.value);
  const total = raw.reduce((s, r) => s + r.value, 0);
  const first = raw[0]?.value ?? 0;
  const calc = str(fd.percent_calculation_type, 'first_step');
  return raw.map((r, i) => {
    let base = first;
    if (calc === 'total') base = total;
    else if (calc === 'previous_step') base = i === 0 ? r.value : raw[i - 1].value;
    return { ...r, name: r.name || (metric ?? ''), percent: base ? r.value / base : 0 };
  });
}

export function transformProps(input: ChartPropsInput): FunnelChartProps {
  const { formData: fd, width, height, datasource } = input;
  const stages = funnelStages(input);
  const format = metricFormatter(fd, 'number_format', metricLabel(fd.metric), datasource);
  const scale = colorScaleOf(input);
  const colors = stages.map((s) => scale.getColor(s.name));
  const labelType = str(fd.label_type, 'key');
  const tooltipType = str(fd.tooltip_label_type, 'key_value_percent');
  const { legend, padding } = legendLayout(
    fd,
    stages.map((s) => s.name),
    width,
    height,
  );
  const byName = new Map(stages.map((s) => [s.name, s]));

  // a label goes outside, right of the funnel, where its stage is too narrow to hold it
  const showLabels = bool(fd.show_labels, true);
  const texts = stages.map((s) => funnelLabel(labelType, s, format));
  const sorted = bool(fd.sort_by_metric, true);
  const max = Math.max(0, ...stages.map((s) => s.value));
  const textWidth = (t: string) => t.length * 6.5 + 16;
  const baseWidth = Math.max(40, width - padding.left - padding.right - 48);
  const midWidth = (i: number) => {
    const next = sorted ? (stages[i + 1]?.value ?? 0) : stages[i].value;
    return max > 0 ? (baseWidth * (stages[i].value + next)) / 2 / max : 0;
  };
  const outside = stages.map((_, i) => showLabels && max > 0 && midWidth(i) < textWidth(texts[i]));
  // an outside label starts right of its stage: narrow the funnel only if one would not fit
  const overflow = Math.max(0, ...stages.map((_, i) => (outside[i] ? midWidth(i) / 2 + 12 + textWidth(texts[i]) - baseWidth / 2 : 0)));
  const outsideRoom = Math.min(width / 3, overflow);

  const series: FunnelSeriesOption = {
    type: 'funnel',
    top: padding.top + 12,
    bottom: padding.bottom + 12,
    left: padding.left + 24 + outsideRoom,
    right: padding.right + 24 + outsideRoom,
    minSize: '0%',
    maxSize: '100%',
    // stages keep the query's order when it is not by the metric (a pipeline's own order)
    sort: sorted ? 'descending' : 'none',
    gap: 1,
    funnelAlign: 'center',
    label: {
      show: showLabels,
      position: 'inside',
      textBorderColor: 'transparent',
      formatter: (p) => {
        const s = byName.get(p.name);
        return s ? funnelLabel(labelType, s, format) : '';
      },
    },
    labelLine: { show: false },
    emphasis: { label: { show: true, fontWeight: 'bold' } },
    data: stages.map((s, i) => ({
      name: s.name,
      value: s.value,
      itemStyle: { color: colors[i] },
      label: outside[i] ? { position: 'right', color: '#262626' } : { color: contrastText(colors[i]) },
      labelLine: { show: outside[i], length: 12 },
    })),
  };

  return {
    elements: [stages.map((s) => s.values)],
    echartOptions: {
      legend,
      tooltip: {
        trigger: 'item',
        confine: true,
        show: bool(fd.show_tooltip_labels, true),
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const item = p as { name: string; dataIndex: number };
          const s = byName.get(item.name);
          return s ? `${colorDot(colors[item.dataIndex] ?? '#999')}${escapeHtml(funnelLabel(tooltipType, s, format))}` : '';
        },
      },
      series: [series],
    },
  };
}
