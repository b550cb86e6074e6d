/**
 * Time-series table: a row per metric (or per group of the one metric), a column per entry of
 * `column_collection`; each cell is a sparkline of the row's series or a number computed from it
 * (see cells.ts), formatted and coloured as the column asks.
 */
import { t } from '../../i18n';
import { getNumberFormatter, getTimeFormatter, getTimeFormatterForGranularity, type TimeTableColumn } from '@rama/shared';
import type { ChartPropsInput } from '../types';
import { displayNameOf, firstQuery, str } from '../echarts/utils';
import { labelsOf, pivotLegacyTimeseries } from '../legacyTimeseries';
import { cellValue, colorFromBounds, intOf, sparklineData } from './cells';

export interface SparkCell {
  kind: 'spark';
  data: (number | null)[];
  /** the time of each point */
  times: string[];
  width: number;
  height: number;
  sparkType: 'line' | 'bar' | 'area';
  showYAxis: boolean;
  yAxisBounds: [number | null, number | null];
  format: (v: number | null) => string;
  /** for sorting: the latest point */
  sortValue: number | null;
}

export interface ValueCell {
  kind: 'value';
  value: number | null;
  text: string;
  color: string | null;
  sortValue: number | null;
}

export type TimeTableCell = SparkCell | ValueCell;

export interface TimeTableRow {
  label: string;
  /** a link from the URL control's template; only http(s) and site-relative addresses */
  href: string | null;
  cells: TimeTableCell[];
}

export interface TimeTableProps {
  columns: { key: string; label: string; tooltip: string; spark: boolean }[];
  rows: TimeTableRow[];
}

/** A column's heading when it has no label of its own, by its type (language file keys). */
const TYPE_LABELS: Record<string, string> = {
  spark: 'visualizations:timeTable.sparkline',
  time: 'visualizations:timeTable.timeComparison',
  contrib: 'visualizations:timeTable.contribution',
  avg: 'visualizations:timeTable.periodAverage',
};

/** The URL template with `{{ metric }}` / `{{ metric.key }}` filled in (URL-encoded); null unless it is a web or site address. */
export function rowLink(template: string, row: Record<string, unknown>): string | null {
  if (!template.trim()) return null;
  const url = template.replace(/\{\{\s*metric(?:\.([\w]+))?\s*\}\}/g, (_m, key: string | undefined) => {
    const v = key ? row[key] : row.label;
    return v === undefined || v === null ? '' : encodeURIComponent(String(v));
  });
  return /^(https?:\/\/|\/(?!\/))/i.test(url.trim()) ? url.trim() : null;
}

const bounds = (v: unknown): [number | null, number | null] => {
  const pair = Array.isArray(v) ? v : [];
  const n = (x: unknown) =>
    typeof x === 'number' && Number.isFinite(x)
      ? x
      : typeof x === 'string' && x.trim() !== '' && Number.isFinite(Number(x))
        ? Number(x)
        : null;
  return [n(pair[0]), n(pair[1])];
};

export function transformProps(input: ChartPropsInput): TimeTableProps {
  const { formData: fd, queriesData, datasource } = input;
  const { data, label_map } = firstQuery(queriesData);
  const labels = labelsOf(fd.groupby, fd.metrics);
  const grouped = labels.groups.length > 0;
  const metrics = grouped ? labels.metrics.slice(0, 1) : labels.metrics;
  const pivot = pivotLegacyTimeseries(data, labels.groups, metrics);
  const columns = (Array.isArray(fd.column_collection) ? fd.column_collection : []) as TimeTableColumn[];
  const timeOf = getTimeFormatterForGranularity(str(fd.time_grain_sqla, '') || null);

  const series = pivot.series.map((s) => {
    const metric = datasource?.metrics.find((m) => m.metric_name === s.metric);
    const label = grouped ? s.groupLabels.join(', ') : displayNameOf(s.metric, datasource, label_map);
    const context = grouped ? { label } : { label, metric_name: s.metric, verbose_name: metric?.verbose_name ?? s.metric };
    return { s, label, href: rowLink(str(fd.url, ''), context), d3format: metric?.d3format ?? '' };
  });
  const latestTotal = series.reduce((sum, r) => sum + (r.s.values[r.s.values.length - 1] ?? 0), 0);

  return {
    columns: columns.map((c, i) => ({
      key: c.key || String(i),
      label: c.label || (TYPE_LABELS[c.colType ?? ''] ? t(TYPE_LABELS[c.colType ?? '']) : ''),
      tooltip: c.tooltip ?? '',
      spark: c.colType === 'spark',
    })),
    rows: series.map(({ s, label, href, d3format }) => ({
      label,
      href,
      cells: columns.map((c): TimeTableCell => {
        const format = getNumberFormatter(c.d3format || (c.colType === 'contrib' ? '.1%' : d3format));
        if (c.colType === 'spark') {
          const points = sparklineData(s.values, c);
          const offset = s.values.length - points.length;
          const dateFormat = c.dateFormat ? getTimeFormatter(c.dateFormat) : timeOf;
          return {
            kind: 'spark',
            data: points,
            times: pivot.timestamps.slice(offset).map((t) => dateFormat(t)),
            width: intOf(c.width) ?? 300,
            height: intOf(c.height) ?? 50,
            sparkType: c.sparkType === 'bar' || c.sparkType === 'area' ? c.sparkType : 'line',
            showYAxis: c.showYAxis === true,
            yAxisBounds: bounds(c.yAxisBounds),
            format,
            sortValue: points[points.length - 1] ?? null,
          };
        }
        const { value, error } = cellValue(s.values, c, latestTotal);
        return {
          kind: 'value',
          value,
          text: error ?? (value === null ? '' : format(value)),
          color: colorFromBounds(value, bounds(c.bounds)),
          sortValue: value,
        };
      }),
    })),
  };
}
