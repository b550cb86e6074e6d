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
import { bool, colorDot, escapeHtml, firstQuery, legendLayout, metricLabel, str, textWidth, toNumber } from '../utils';
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

/** Room between the funnel and its column of labels, and before a label's text. */
const LABEL_LINE = 12;
const LABEL_GAP = 5;
/** The funnel's inset from each side: wide when labels sit inside, narrow beside a column of them. */
const INSET_INSIDE = 24;
const INSET_BESIDE = 8;
/** A label fits inside its stage with this much to spare. */
const INSIDE_SPARE = 8;

export interface FunnelLabelLayout {
  /** the funnel's insets from the plot's left and right edges */
  box: { left: number; right: number };
  /**
   * null: every label fits inside its stage. Otherwise all labels stand in one column right of the
   * funnel, each joined to its stage by a line `lineLengths[i]` long, `textWidth` wide at most.
   */
  labels: { lineLengths: number[]; textWidth: number } | null;
}

/**
 * Where the funnel and its labels go in `plotWidth` px. As ECharts draws it, stage i is a trapezoid
 * from the width of its value to the width of the next stage's (0 after the last), in proportion to
 * the largest value; its label fits inside when it is narrower than the stage at mid-height. If any
 * label does not fit, all go into a column at the funnel's right, so they line up and none covers a
 * stage; the funnel narrows to leave the column the room of its widest label (at most 60 % of the plot).
 */
export function funnelLabelLayout(values: number[], labelWidths: number[], plotWidth: number): FunnelLabelLayout {
  const max = Math.max(0, ...values);
  const mid = (i: number, boxWidth: number) => (max > 0 ? (boxWidth * (values[i] + (values[i + 1] ?? 0))) / 2 / max : 0);
  const insideBox = Math.max(0, plotWidth - 2 * INSET_INSIDE);
  if (labelWidths.every((w, i) => w + INSIDE_SPARE <= mid(i, insideBox))) {
    return { box: { left: INSET_INSIDE, right: INSET_INSIDE }, labels: null };
  }
  const widest = Math.max(...labelWidths);
  // a few px more than measured: ECharts cuts a label that is even a fraction wider than its room
  const room = Math.min(LABEL_LINE + LABEL_GAP + widest + 4, plotWidth * 0.6);
  const boxWidth = Math.max(0, plotWidth - INSET_BESIDE - room);
  return {
    box: { left: INSET_BESIDE, right: room },
    labels: {
      lineLengths: values.map((_, i) => boxWidth / 2 - mid(i, boxWidth) / 2 + LABEL_LINE),
      textWidth: Math.max(0, room - LABEL_LINE - LABEL_GAP),
    },
  };
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

  const showLabels = bool(fd.show_labels, true);
  const texts = stages.map((s) => funnelLabel(labelType, s, format));
  const { box, labels } = funnelLabelLayout(
    stages.map((s) => s.value),
    showLabels ? texts.map((t) => textWidth(t)) : [],
    Math.max(40, width - padding.left - padding.right),
  );

  const series: FunnelSeriesOption = {
    type: 'funnel',
    top: padding.top + 12,
    bottom: padding.bottom + 12,
    left: padding.left + box.left,
    right: padding.right + box.right,
    minSize: '0%',
    maxSize: '100%',
    // stages keep the query's order when it is not by the metric (a pipeline's own order)
    sort: bool(fd.sort_by_metric, true) ? 'descending' : 'none',
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
    // many thin stages: a label that would cover another's is left to the tooltip
    labelLayout: { hideOverlap: true },
    labelLine: { show: false },
    emphasis: { label: { show: true, fontWeight: 'bold' } },
    data: stages.map((s, i) => ({
      name: s.name,
      value: s.value,
      itemStyle: { color: colors[i] },
      label: labels
        ? { position: 'right', color: '#262626', width: labels.textWidth, overflow: 'truncate' }
        : { color: contrastText(colors[i]) },
      labelLine: labels ? { show: true, length: labels.lineLengths[i], lineStyle: { color: '#bfbfbf' } } : { show: false },
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
