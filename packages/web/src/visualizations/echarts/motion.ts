/** Charts drawn without motion: for readers who ask for less of it, and for report captures. */
import type { EChartsCoreOption } from 'echarts/core';

type Part = Record<string, unknown>;

const isPart = (v: unknown): v is Part => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A label or detail block whose number would count up from 0 (`valueAnimation`) shows it at once. */
function stillLabel(part: unknown): unknown {
  return isPart(part) && part.valueAnimation ? { ...part, valueAnimation: false } : part;
}

/** A series or data item with its own label and detail blocks still. */
function stillLabels(part: Part): Part {
  const out: Part = { ...part };
  if ('label' in part) out.label = stillLabel(part.label);
  if ('detail' in part) out.detail = stillLabel(part.detail);
  return out;
}

function stillSeries(series: unknown): unknown {
  if (!isPart(series)) return series;
  const out: Part = { ...stillLabels(series), animation: false };
  if (Array.isArray(series.data)) out.data = series.data.map((d: unknown) => (isPart(d) ? stillLabels(d) : d));
  return out;
}

/**
 * The option drawn in its final state at once: no entry or update animation, and no counting
 * labels (the gauge's value animates even when the chart's animation is off).
 */
export function withoutMotion(option: EChartsCoreOption): EChartsCoreOption {
  const series = option.series;
  return {
    ...option,
    animation: false,
    ...(series === undefined ? {} : { series: Array.isArray(series) ? series.map(stillSeries) : stillSeries(series) }),
  };
}
