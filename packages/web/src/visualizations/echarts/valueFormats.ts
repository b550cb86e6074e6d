/**
 * Small readings of form data the distribution charts share: a metric's number format (the chosen
 * one, else the dataset's own for that metric, with the chart's or the metric's currency), a colour picker's value as CSS, the x tick layouts
 * of the BI server's older charts, and a cell's text by its column type.
 */
import {
  GenericDataType,
  NUMBER_FORMAT,
  getNumberFormatter,
  getTimeFormatter,
  metricValueFormatter,
  type ExploreDatasource,
  type NumberFormatter,
} from '@rama/shared';
import { valueText } from '../crossFilter';
import { categoryAxisLabel, categoryLabelLayout } from './utils';

const percentFormat = getNumberFormatter('.2%');

/**
 * A part's label text for the BI server's label types (pie slices, funnel stages): its name,
 * value, share, or a combination; 'template' fills `{name}`, `{value}` and `{percent}`.
 */
export function partLabel(
  labelType: string,
  part: { name: string; value: number; percent: number },
  formatValue: (v: number) => string,
  template = '',
  seriesName = '',
): string {
  const value = formatValue(part.value);
  const percent = percentFormat(part.percent);
  switch (labelType) {
    case 'value':
      return value;
    case 'percent':
      return percent;
    case 'key_value':
      return `${part.name}: ${value}`;
    case 'key_percent':
      return `${part.name}: ${percent}`;
    case 'key_value_percent':
      return `${part.name}: ${value} (${percent})`;
    case 'value_percent':
      return `${value} (${percent})`;
    case 'template':
      // {name} {value} {percent}, ECharts' own {a} (series) {b} {c} {d}, and a typed "\n" as a new line
      return template
        .replaceAll('{name}', part.name)
        .replaceAll('{value}', value)
        .replaceAll('{percent}', percent)
        .replaceAll('{a}', seriesName)
        .replaceAll('{b}', part.name)
        .replaceAll('{c}', value)
        .replaceAll('{d}', percent)
        .replaceAll('\\n', '\n');
    default:
      return part.name;
  }
}

/** The chosen format; when it is the adaptive default, the dataset's format for the metric (if any). */
export function metricFormatter(
  chosen: unknown,
  metric: string | null,
  datasource: ExploreDatasource | null,
  chartCurrency?: unknown,
): NumberFormatter {
  const format = typeof chosen === 'string' ? chosen : '';
  const own =
    metric === null ? null : (datasource?.column_formats?.[metric] ?? datasource?.metrics.find((m) => m.metric_name === metric)?.d3format);
  const numberFormat = format && format !== NUMBER_FORMAT.SMART_NUMBER ? format : own || format;
  // the chart's currency, else the metric's saved one, writes its symbol with the number
  return metricValueFormatter(metric, numberFormat, datasource?.currency_formats, chartCurrency);
}

/** A colour picker's `{r, g, b, a}` as CSS; anything else is the fallback. */
export function rgbaColor(value: unknown, fallback: string): string {
  if (!value || typeof value !== 'object') return fallback;
  const { r, g, b, a } = value as Record<string, unknown>;
  const n = (v: unknown, max: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(0, v)) : null);
  const [rr, gg, bb] = [n(r, 255), n(g, 255), n(b, 255)];
  if (rr === null || gg === null || bb === null) return fallback;
  const alpha = n(a, 1) ?? 1;
  return `rgba(${Math.round(rr)},${Math.round(gg)},${Math.round(bb)},${alpha})`;
}

/**
 * The x axis labels for `x_ticks_layout` over `room` px: "auto" lays them out as they fit (flat,
 * turned, thinned last: `categoryLabelLayout`); "flat", "45°" and "90°" keep that rotation and
 * skip labels only as far as that rotation needs.
 */
export function xTicksAxisLabel(layout: unknown, labels: string[], room: number, maxWidth?: number): Record<string, unknown> {
  const rotate = layout === '45°' || layout === 'staggered' ? -45 : layout === '90°' ? -90 : layout === 'flat' ? 0 : null;
  return categoryAxisLabel(categoryLabelLayout(labels, room, { rotate, maxWidth }));
}

/** A cell's text: times in the date format, missing values as `<NULL>`, anything else as it is. */
export function cellText(value: unknown, type: GenericDataType | undefined, dateFormat: string): string {
  if (value === null || value === undefined) return valueText(null);
  if (type === GenericDataType.TEMPORAL && (typeof value === 'number' || typeof value === 'string'))
    return getTimeFormatter(dateFormat)(value);
  return valueText(value);
}

/** The verbose name of a metric or column, else its label. */
export const verboseName = (label: string, datasource: ExploreDatasource | null): string => datasource?.verbose_map?.[label] ?? label;
