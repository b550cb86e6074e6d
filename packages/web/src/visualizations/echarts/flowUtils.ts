/**
 * What the flow family's transformProps share (funnel, gauge, radar, treemap, sunburst, sankey,
 * graph, tree, rose, chord, partition): the colour scale, the metric's number format, the text and
 * cross-filter values of a row's dimensions, names as the dataset spells them, item tooltips whose
 * every piece of data is escaped, and a readable label colour on a coloured shape.
 */
import {
  CategoricalColorScale,
  GenericDataType,
  getTimeFormatter,
  type ExploreDatasource,
  type NumberFormatter,
  type QueryFormData,
} from '@rama/shared';
import type { ChartPropsInput, LabelColorScale } from '../types';
import { dimensionColumn, valueText, type DimensionValue } from '../crossFilter';
import { columnLabel, escapeHtml, firstQuery, str } from './utils';
import { metricFormatter as valueFormatter } from './valueFormats';

/** A dashboard's shared scale, else the chart's scheme with its forced label colours. */
export function colorScaleOf(input: ChartPropsInput): LabelColorScale {
  const fd = input.formData;
  return (
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {})
  );
}

/**
 * The metric's formatter: the chart's format when one is chosen, else the dataset's format for
 * the metric (the BI server's custom formatters), else adaptive; with the chart's `currency_format`,
 * else the metric's saved currency.
 */
export function metricFormatter(
  fd: QueryFormData,
  formatKey: string,
  metric: string | null,
  datasource: ExploreDatasource | null,
): NumberFormatter {
  return valueFormatter(fd[formatKey], metric, datasource, fd.currency_format);
}

/** The name a user reads for a column or metric: its verbose name in the dataset, else itself. */
export const verboseName = (name: string, datasource: ExploreDatasource | null): string => datasource?.verbose_map?.[name] || name;

/** The result column of each entry of a column list form field (`groupby`, `columns`, `source` …). */
export function columnLabels(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return list.map(columnLabel).filter((c): c is string => c !== null);
}

/** How a cell reads on the chart: temporal columns in the date format, null as `<NULL>`. */
export function cellTextOf(input: ChartPropsInput, dateFormatKey = 'date_format'): (column: string, value: unknown) => string {
  const { colnames, coltypes } = firstQuery(input.queriesData);
  const dateFormat = getTimeFormatter(str(input.formData[dateFormatKey], 'smart_date'));
  const temporal = new Set(colnames.filter((_, i) => coltypes[i] === GenericDataType.TEMPORAL));
  return (column, value) => {
    if (value === null || value === undefined) return valueText(null);
    if (temporal.has(column) && (typeof value === 'number' || typeof value === 'string')) return dateFormat(value);
    return valueText(value);
  };
}

/**
 * A row's dimensions: the text they show joined (`SEA, AS`) and the values a click filters on
 * (physical columns only: an adhoc column has nothing another chart could filter by).
 */
export function rowDimensions(
  fields: unknown,
  textOf: (column: string, value: unknown) => string,
): (row: Record<string, unknown>) => { name: string; values: DimensionValue[] } {
  const list = Array.isArray(fields) ? (fields as unknown[]) : fields === undefined || fields === null || fields === '' ? [] : [fields];
  const columns = list.map((f) => ({ label: columnLabel(f), col: dimensionColumn(f) })).filter((c) => c.label !== null);
  return (row) => {
    const values: DimensionValue[] = [];
    const texts: string[] = [];
    for (const c of columns) {
      const label = c.label as string;
      const text = textOf(label, row[label]);
      texts.push(text);
      if (c.col) values.push({ col: c.col, val: row[label] ?? null, formattedVal: text });
    }
    return { name: texts.join(', '), values };
  };
}

/** The first numeric result column that is not one of `exclude` (a metric whose label is unknown). */
export function metricColumnOf(input: ChartPropsInput, wanted: string | null, exclude: string[] = []): string | null {
  const { colnames, coltypes } = firstQuery(input.queriesData);
  if (wanted && colnames.includes(wanted)) return wanted;
  return colnames.find((c, i) => coltypes[i] === GenericDataType.NUMERIC && !exclude.includes(c)) ?? wanted;
}

/** A tooltip: an optional bold title, then `label: value` rows; every piece is data, so escaped. */
export function tooltipHtml(rows: [string, string][], title?: string, dot = ''): string {
  const head = title ? `<div style="font-weight:600;margin-bottom:4px">${dot}${escapeHtml(title)}</div>` : '';
  const body = rows
    .map(
      ([label, value]) =>
        `<div style="display:flex;justify-content:space-between;gap:16px"><span>${escapeHtml(label)}</span><span style="font-weight:600">${escapeHtml(value)}</span></div>`,
    )
    .join('');
  return head + body;
}

/** Dark text on light shapes, white on dark ones (relative luminance of an #rrggbb colour). */
export function contrastText(color: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return '#1f1f1f';
  const n = Number.parseInt(m[1], 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return lum > 0.2 ? '#1f1f1f' : '#ffffff';
}
