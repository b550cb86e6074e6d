/**
 * The names and formats a chart shows for its columns and saved metrics: their verbose names (the
 * dataset's `verbose_map`, as the BI server labels a report's CSV), and each saved metric's d3
 * format and currency. An adhoc metric's label is its column name already.
 */
import { parseCurrency, type Currency } from '@rama/shared';
import type { Kysely } from 'kysely';
import type { MetadataSchema } from '../metadata/schema.js';
import { datasetLabelRows } from '../metadata/repos/datasources.js';

export interface ChartLabels {
  /** column or metric name → the name shown */
  labels: Map<string, string>;
  /** saved metric name → its d3 number format */
  metricFormats: Map<string, string>;
  /** saved metric name → its currency */
  metricCurrencies: Map<string, Currency>;
}

export async function chartLabels(
  db: Kysely<MetadataSchema>,
  chart: { datasource_id: number; datasource_type: string } | undefined,
): Promise<ChartLabels> {
  const out: ChartLabels = { labels: new Map([['__timestamp', 'Time']]), metricFormats: new Map(), metricCurrencies: new Map() };
  if (!chart || chart.datasource_type !== 'table') return out;
  const { metrics, columns } = await datasetLabelRows(db, chart.datasource_id);
  for (const r of [...metrics, ...columns]) if (r.verbose_name?.trim() && !out.labels.has(r.name)) out.labels.set(r.name, r.verbose_name);
  for (const m of metrics) {
    if (m.d3format?.trim()) out.metricFormats.set(m.name, m.d3format.trim());
    const currency = parseCurrency(m.currency);
    if (currency) out.metricCurrencies.set(m.name, currency);
  }
  return out;
}
