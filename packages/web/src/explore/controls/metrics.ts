/**
 * Metrics as the metrics control holds them: a saved metric's name or an adhoc metric (an
 * aggregate over one column, or a SQL expression), in the BI server's shapes so a chart saved there
 * opens here unchanged.
 */
import { METRIC_AGGREGATES, type AdhocMetric, type ExploreDatasource, type MetricAggregate, type QueryMetric } from '@rama/shared';

export { METRIC_AGGREGATES };

/** A random id the BI server's client gives each adhoc metric, so two equal-looking ones stay apart. */
export function newOptionName(prefix: 'metric' | 'filter' | 'column' = 'metric'): string {
  const part = () => Math.random().toString(36).slice(2, 12);
  return `${prefix}_${part()}_${part()}`;
}

export function isAdhocMetric(value: unknown): value is AdhocMetric {
  return typeof value === 'object' && value !== null && 'expressionType' in value;
}

const SQL_LABEL_MAX = 43;

/** The label an adhoc metric gets when the user has not written one: `AGG(column)`, or its SQL. */
export function defaultMetricLabel(metric: AdhocMetric): string {
  if (metric.expressionType === 'SIMPLE') {
    const column = metric.column?.column_name ?? '';
    return metric.aggregate ? `${metric.aggregate}(${column})` : column;
  }
  const sql = (metric.sqlExpression ?? '').trim();
  return sql.length <= SQL_LABEL_MAX ? sql : `${sql.slice(0, SQL_LABEL_MAX - 3)}...`;
}

/** What a metric chip and the chart's series show: the saved metric's verbose name, the custom label, or the default. */
export function metricLabel(metric: QueryMetric, datasource?: ExploreDatasource | null): string {
  if (typeof metric === 'string') {
    const saved = datasource?.metrics.find((m) => m.metric_name === metric);
    return saved?.verbose_name || metric;
  }
  if (metric.hasCustomLabel && metric.label) return metric.label;
  return metric.label || defaultMetricLabel(metric);
}

/** The key two metrics are the same by: the saved name, else the label the query names its column by. */
export function metricKey(metric: QueryMetric): string {
  return typeof metric === 'string' ? metric : metric.label || defaultMetricLabel(metric);
}

/** Spec section 5: duplicate metrics are removed (the first one stays). */
export function dedupeMetrics(metrics: QueryMetric[]): QueryMetric[] {
  const seen = new Set<string>();
  return metrics.filter((m) => {
    const key = metricKey(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface SimpleMetricDraft {
  column: string;
  aggregate: MetricAggregate;
}

/** An adhoc SIMPLE metric; the label is `AGG(column)` unless a custom one is given. */
export function simpleMetric(draft: SimpleMetricDraft, customLabel?: string | null, optionName = newOptionName()): AdhocMetric {
  const metric: AdhocMetric = {
    expressionType: 'SIMPLE',
    column: { column_name: draft.column },
    aggregate: draft.aggregate,
    sqlExpression: null,
    hasCustomLabel: Boolean(customLabel?.trim()),
    optionName,
  };
  metric.label = customLabel?.trim() || defaultMetricLabel(metric);
  return metric;
}

/** An adhoc SQL metric; the label is the SQL (shortened) unless a custom one is given. */
export function sqlMetric(sqlExpression: string, customLabel?: string | null, optionName = newOptionName()): AdhocMetric {
  const metric: AdhocMetric = {
    expressionType: 'SQL',
    sqlExpression,
    column: null,
    aggregate: null,
    hasCustomLabel: Boolean(customLabel?.trim()),
    optionName,
  };
  metric.label = customLabel?.trim() || defaultMetricLabel(metric);
  return metric;
}

/** The aggregate a dropped column starts with: SUM for numbers, COUNT_DISTINCT for the rest. */
export function defaultAggregateFor(typeGeneric: number | null | undefined): MetricAggregate {
  return typeGeneric === 0 ? 'SUM' : 'COUNT_DISTINCT';
}

/** The aggregates that make sense for a column: text and dates are only counted or min/maxed. */
export function aggregatesFor(typeGeneric: number | null | undefined): readonly MetricAggregate[] {
  if (typeGeneric === 0 || typeGeneric === null || typeGeneric === undefined) return METRIC_AGGREGATES;
  return METRIC_AGGREGATES.filter((a) => a !== 'AVG' && a !== 'SUM');
}

/** The control's value as a list (a single metric control holds one or null). */
export function metricList(value: unknown): QueryMetric[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return list.filter((m): m is QueryMetric => typeof m === 'string' || isAdhocMetric(m));
}

/** A metric is complete when it can be queried: SIMPLE needs a column and an aggregate, SQL some text. */
export function isMetricComplete(metric: QueryMetric): boolean {
  if (typeof metric === 'string') return metric.length > 0;
  if (metric.expressionType === 'SIMPLE') return Boolean(metric.column?.column_name && metric.aggregate);
  return Boolean(metric.sqlExpression?.trim());
}

/** Move the item at `from` to `to` (chips reordered by dragging). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}
