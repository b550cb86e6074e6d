/** The datasource pane's lists: search over names, verbose names and expressions; type glyphs. */
import { GenericDataType, type ExploreDatasourceColumn, type ExploreDatasourceMetric } from '@rama/shared';

const matches = (q: string, ...texts: (string | null | undefined)[]) => texts.some((t) => t?.toLowerCase().includes(q));

export function filterColumns(columns: ExploreDatasourceColumn[], search: string): ExploreDatasourceColumn[] {
  const q = search.trim().toLowerCase();
  const out = q ? columns.filter((c) => matches(q, c.column_name, c.verbose_name, c.expression)) : [...columns];
  // temporal columns first (the BI server's order), then by name
  return out.sort(
    (a, b) => Number(b.is_dttm) - Number(a.is_dttm) || (a.verbose_name || a.column_name).localeCompare(b.verbose_name || b.column_name),
  );
}

export function filterMetrics(metrics: ExploreDatasourceMetric[], search: string): ExploreDatasourceMetric[] {
  const q = search.trim().toLowerCase();
  const out = q ? metrics.filter((m) => matches(q, m.metric_name, m.verbose_name, m.expression)) : [...metrics];
  return out.sort((a, b) => (a.verbose_name || a.metric_name).localeCompare(b.verbose_name || b.metric_name));
}

/** '#' numeric, 'abc' text, a clock for time, '?' unknown; booleans read as 'T/F'. */
export function columnGlyph(column: Pick<ExploreDatasourceColumn, 'is_dttm' | 'type_generic'>): 'time' | '#' | 'abc' | 'T/F' | '?' {
  if (column.is_dttm || column.type_generic === GenericDataType.TEMPORAL) return 'time';
  if (column.type_generic === GenericDataType.NUMERIC) return '#';
  if (column.type_generic === GenericDataType.STRING) return 'abc';
  if (column.type_generic === GenericDataType.BOOLEAN) return 'T/F';
  return '?';
}
