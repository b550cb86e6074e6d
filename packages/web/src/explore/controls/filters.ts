/**
 * Adhoc filters as the filter control holds them (spec section 3 "Adhoc filter"): a SIMPLE filter
 * (column, operator, comparator) or a SQL one (a WHERE or HAVING clause), in the BI server's shape.
 * The operators offered depend on the column's type; a TEMPORAL_RANGE filter on a temporal column
 * is how a chart's time range is written.
 */
import {
  getMetricLabel,
  GenericDataType,
  NO_TIME_RANGE,
  type AdhocMetric,
  type ExploreDatasource,
  type ExploreDatasourceColumn,
  type QueryFormData,
} from '@rama/shared';
import { t } from '../../i18n';
import { newOptionName } from './metrics';
import { rangeLabel } from './timeRangeModel';

/** The operator ids of the spec, the operator each is stored as, and the key of its name in explorecontrols.json. */
export const FILTER_OPERATORS = {
  EQUALS: { operator: '==', labelKey: 'opEquals' },
  NOT_EQUALS: { operator: '!=', labelKey: 'opNotEquals' },
  LESS_THAN: { operator: '<', labelKey: 'opLessThan' },
  LESS_THAN_OR_EQUAL: { operator: '<=', labelKey: 'opLessOrEqual' },
  GREATER_THAN: { operator: '>', labelKey: 'opGreaterThan' },
  GREATER_THAN_OR_EQUAL: { operator: '>=', labelKey: 'opGreaterOrEqual' },
  IN: { operator: 'IN', labelKey: 'opIn' },
  NOT_IN: { operator: 'NOT IN', labelKey: 'opNotIn' },
  LIKE: { operator: 'LIKE', labelKey: 'opLike' },
  ILIKE: { operator: 'ILIKE', labelKey: 'opIlike' },
  IS_NOT_NULL: { operator: 'IS NOT NULL', labelKey: 'opIsNotNull' },
  IS_NULL: { operator: 'IS NULL', labelKey: 'opIsNull' },
  LATEST_PARTITION: { operator: 'LATEST PARTITION', labelKey: 'opLatestPartition' },
  IS_TRUE: { operator: 'IS TRUE', labelKey: 'opIsTrue' },
  IS_FALSE: { operator: 'IS FALSE', labelKey: 'opIsFalse' },
  TEMPORAL_RANGE: { operator: 'TEMPORAL_RANGE', labelKey: 'opTemporalRange' },
} as const;

export type OperatorId = keyof typeof FILTER_OPERATORS;

/** An operator's name as the filter editor offers it, in the current language. */
export function operatorLabel(id: OperatorId): string {
  return t(`explorecontrols:${FILTER_OPERATORS[id].labelKey}`);
}

const COMPARISON: OperatorId[] = ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL'];
const LISTS: OperatorId[] = ['IN', 'NOT_IN'];
const PATTERNS: OperatorId[] = ['LIKE', 'ILIKE'];
const NULLS: OperatorId[] = ['IS_NOT_NULL', 'IS_NULL'];
const BOOLEANS: OperatorId[] = ['IS_TRUE', 'IS_FALSE'];

/** Spec section 5: filters with IS NULL or IS NOT NULL (and IS TRUE / IS FALSE) carry no value. */
export const NO_COMPARATOR_OPERATORS: ReadonlySet<OperatorId> = new Set([...NULLS, ...BOOLEANS]);
export const MULTI_OPERATORS: ReadonlySet<OperatorId> = new Set(LISTS);

export function operatorIdOf(operator: unknown, operatorId?: unknown): OperatorId | null {
  if (typeof operatorId === 'string' && operatorId in FILTER_OPERATORS) return operatorId as OperatorId;
  if (typeof operator !== 'string') return null;
  const op = operator.trim().toUpperCase().replace(/\s+/g, ' ');
  const aliases: Record<string, OperatorId> = { '=': 'EQUALS', '<>': 'NOT_EQUALS', NOT_IN: 'NOT_IN', IS_NULL: 'IS_NULL' };
  if (aliases[op]) return aliases[op];
  const found = (Object.keys(FILTER_OPERATORS) as OperatorId[]).find((id) => FILTER_OPERATORS[id].operator === op || id === op);
  return found ?? null;
}

/**
 * The operators a column offers, by its type: dates add the time range first, text adds LIKE,
 * booleans add IS TRUE / IS FALSE. LATEST_PARTITION needs an engine with partitions; none of the
 * supported engines has them, so it is never offered. A HAVING clause compares aggregates only.
 */
export function operatorsFor(
  column: Pick<ExploreDatasourceColumn, 'type_generic' | 'is_dttm'> | null,
  clause: 'WHERE' | 'HAVING' = 'WHERE',
): OperatorId[] {
  if (clause === 'HAVING') return [...COMPARISON, ...LISTS];
  if (!column) return [...COMPARISON, ...LISTS, ...PATTERNS, ...NULLS];
  if (column.is_dttm || column.type_generic === GenericDataType.TEMPORAL) return ['TEMPORAL_RANGE', ...COMPARISON, ...LISTS, ...NULLS];
  switch (column.type_generic) {
    case GenericDataType.NUMERIC:
      return [...COMPARISON, ...LISTS, ...NULLS];
    case GenericDataType.BOOLEAN:
      return ['EQUALS', 'NOT_EQUALS', ...BOOLEANS, ...NULLS];
    case GenericDataType.STRING:
      return [...COMPARISON, ...LISTS, ...PATTERNS, ...NULLS];
    default:
      return [...COMPARISON, ...LISTS, ...PATTERNS, ...NULLS, ...BOOLEANS];
  }
}

export interface SimpleAdhocFilter {
  expressionType: 'SIMPLE';
  subject: string;
  operator: string;
  operatorId: OperatorId;
  comparator?: unknown;
  clause: 'WHERE' | 'HAVING';
  isExtra: boolean;
  filterOptionName: string;
  /** a HAVING filter's condition as SQL (`COUNT(*) > 1000`), as the peer keeps a filter's SQL translation */
  sqlExpression?: string | null;
}

export interface SqlAdhocFilter {
  expressionType: 'SQL';
  sqlExpression: string;
  clause: 'WHERE' | 'HAVING';
  isExtra?: boolean;
  filterOptionName: string;
  subject?: null;
  operator?: null;
  comparator?: null;
}

export type ControlAdhocFilter = SimpleAdhocFilter | SqlAdhocFilter;

export function isAdhocFilter(value: unknown): value is ControlAdhocFilter {
  return typeof value === 'object' && value !== null && 'expressionType' in value;
}

/** The comparator an operator wants, kept from the old one where it fits (a value becomes a one-item list). */
export function comparatorFor(operatorId: OperatorId, previous: unknown): unknown {
  if (NO_COMPARATOR_OPERATORS.has(operatorId)) return undefined;
  if (operatorId === 'TEMPORAL_RANGE') return typeof previous === 'string' && previous ? previous : NO_TIME_RANGE;
  const list = Array.isArray(previous) ? previous : previous === undefined || previous === null || previous === '' ? [] : [previous];
  if (MULTI_OPERATORS.has(operatorId)) return list;
  return list.length ? list[0] : undefined;
}

/** A SIMPLE filter; the comparator is dropped for operators that carry none. */
export function simpleFilter(
  subject: string,
  operatorId: OperatorId,
  comparator: unknown,
  options: { clause?: 'WHERE' | 'HAVING'; filterOptionName?: string } = {},
): SimpleAdhocFilter {
  const filter: SimpleAdhocFilter = {
    expressionType: 'SIMPLE',
    subject,
    operator: FILTER_OPERATORS[operatorId].operator,
    operatorId,
    clause: options.clause ?? 'WHERE',
    isExtra: false,
    filterOptionName: options.filterOptionName ?? newOptionName('filter'),
  };
  const value = comparatorFor(operatorId, comparator);
  if (value !== undefined) filter.comparator = value;
  return filter;
}

export function sqlFilter(
  sqlExpression: string,
  clause: 'WHERE' | 'HAVING' = 'WHERE',
  filterOptionName = newOptionName('filter'),
): SqlAdhocFilter {
  return { expressionType: 'SQL', sqlExpression, clause, filterOptionName };
}

/** A number typed into a numeric column's filter is sent as a number, so the engine compares numbers. */
export function coerceComparator(value: unknown, column: Pick<ExploreDatasourceColumn, 'type_generic'> | null | undefined): unknown {
  if (column?.type_generic !== GenericDataType.NUMERIC) return value;
  const one = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
  return Array.isArray(value) ? value.map(one) : one(value);
}

const CHIP_MAX = 60;
const shorten = (s: string) => (s.length > CHIP_MAX ? `${s.slice(0, CHIP_MAX - 1)}…` : s);

/** A time range in a chip: as it is written, unless the current language names it otherwise (`Last week` → `Dernière semaine`). */
function rangeChipText(value: string): string {
  const label = rangeLabel(value);
  return label.toLowerCase() === value.toLowerCase() ? value : label;
}

/** What a filter chip shows: `origin IN (SFO, LAX)`, `delay > 10`, `date (Last week)`, or the SQL. */
export function filterLabel(filter: ControlAdhocFilter, datasource?: ExploreDatasource | null): string {
  if (filter.expressionType === 'SQL') return shorten(filter.sqlExpression?.trim() || t('explorecontrols:customSql'));
  const column = filter.clause === 'HAVING' ? undefined : datasource?.columns.find((c) => c.column_name === filter.subject);
  const metric = filter.clause === 'HAVING' ? datasource?.metrics.find((m) => m.metric_name === filter.subject) : undefined;
  const subject = column?.verbose_name || metric?.verbose_name || filter.subject;
  const id = operatorIdOf(filter.operator, filter.operatorId);
  if (id === 'TEMPORAL_RANGE')
    return shorten(
      `${subject} (${rangeChipText(typeof filter.comparator === 'string' && filter.comparator ? filter.comparator : NO_TIME_RANGE)})`,
    );
  const op = id ? FILTER_OPERATORS[id].operator : String(filter.operator ?? '');
  if (id && NO_COMPARATOR_OPERATORS.has(id)) return shorten(`${subject} ${op}`);
  const value = Array.isArray(filter.comparator) ? `(${filter.comparator.map(String).join(', ')})` : String(filter.comparator ?? '');
  return shorten(`${subject} ${op} ${value}`);
}

/** Whether a filter can be applied; the editor's Save stays disabled until it can. */
export function isFilterComplete(filter: ControlAdhocFilter): boolean {
  if (filter.expressionType === 'SQL') return Boolean(filter.sqlExpression?.trim());
  const id = operatorIdOf(filter.operator, filter.operatorId);
  if (!filter.subject || !id) return false;
  if (NO_COMPARATOR_OPERATORS.has(id)) return true;
  if (MULTI_OPERATORS.has(id)) return Array.isArray(filter.comparator) && filter.comparator.length > 0;
  return filter.comparator !== undefined && filter.comparator !== null && filter.comparator !== '';
}

/** The control's value as a list of filters. */
export function filterList(value: unknown): ControlAdhocFilter[] {
  return (Array.isArray(value) ? value : []).filter(isAdhocFilter);
}

/** The column a chart's time range is set on: the dataset's main datetime column, else its first temporal column. */
export function timeColumnOf(datasource: ExploreDatasource | null | undefined): string | null {
  if (!datasource) return null;
  const temporal = datasource.columns.filter((c) => c.is_dttm);
  if (datasource.main_dttm_col && temporal.some((c) => c.column_name === datasource.main_dttm_col)) return datasource.main_dttm_col;
  return temporal[0]?.column_name ?? datasource.main_dttm_col ?? null;
}

export function isTimeRangeFilter(filter: ControlAdhocFilter): filter is SimpleAdhocFilter {
  return filter.expressionType === 'SIMPLE' && operatorIdOf(filter.operator, filter.operatorId) === 'TEMPORAL_RANGE';
}

/**
 * A new chart's filters: a `time column (No filter)` range filter the user can click to set the
 * range (the BI server's default), when the dataset has a temporal column.
 */
export function defaultAdhocFilters(
  datasource: ExploreDatasource | null | undefined,
  timeRange: string = NO_TIME_RANGE,
): ControlAdhocFilter[] {
  const column = timeColumnOf(datasource);
  return column ? [simpleFilter(column, 'TEMPORAL_RANGE', timeRange)] : [];
}

/** A metric a Simple filter can compare after aggregation (clause HAVING). */
export interface MetricSubject {
  /** what the filter stores as its subject: the saved metric's name, or the chart metric's label */
  name: string;
  label: string;
  saved: boolean;
  /** the aggregate as SQL (the saved metric's expression, `SUM(dep_delay)`, an adhoc SQL metric's text) */
  sql: string | null;
}

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quoteName = (name: string) => (PLAIN_NAME.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

/** An adhoc metric as SQL: `SUM(dep_delay)`, `COUNT(DISTINCT origin)`, or its SQL text. */
export function adhocMetricSql(metric: AdhocMetric): string | null {
  if (metric.expressionType === 'SQL') return metric.sqlExpression?.trim() || null;
  const column = metric.column?.column_name;
  if (!column || !metric.aggregate) return null;
  if (metric.aggregate === 'COUNT_DISTINCT') return `COUNT(DISTINCT ${quoteName(column)})`;
  return `${metric.aggregate}(${quoteName(column)})`;
}

const sqlValue = (v: unknown): string =>
  typeof v === 'number' && Number.isFinite(v)
    ? String(v)
    : typeof v === 'boolean'
      ? v
        ? 'TRUE'
        : 'FALSE'
      : `'${String(v).replace(/'/g, "''")}'`;

/**
 * A HAVING filter's condition as SQL, `(COUNT(*)) > 1000`, or null when it cannot be written (no
 * metric SQL, no value). The query sends it as a HAVING clause.
 */
export function havingConditionSql(metricSql: string | null, operatorId: OperatorId, comparator: unknown): string | null {
  if (!metricSql) return null;
  const subject = `(${metricSql})`;
  if (MULTI_OPERATORS.has(operatorId)) {
    const list = Array.isArray(comparator) ? comparator : [];
    if (!list.length) return null;
    return `${subject} ${FILTER_OPERATORS[operatorId].operator} (${list.map(sqlValue).join(', ')})`;
  }
  if (comparator === undefined || comparator === null || comparator === '') return null;
  const op = operatorId === 'EQUALS' ? '=' : operatorId === 'NOT_EQUALS' ? '<>' : FILTER_OPERATORS[operatorId].operator;
  return `${subject} ${op} ${sqlValue(comparator)}`;
}

/**
 * Form data as the query is built from it: a Simple HAVING filter goes as the SQL HAVING clause it
 * stands for (the query object carries HAVING conditions as SQL), its own shape stays in the form data.
 */
export function withHavingFiltersAsSql(formData: QueryFormData): QueryFormData {
  const filters = formData.adhoc_filters;
  if (!Array.isArray(filters)) return formData;
  let changed = false;
  const out = filters.map((f: unknown) => {
    const x = f as Partial<SimpleAdhocFilter> | null;
    if (x?.expressionType !== 'SIMPLE' || x.clause !== 'HAVING' || typeof x.sqlExpression !== 'string' || !x.sqlExpression.trim()) return f;
    changed = true;
    return {
      expressionType: 'SQL',
      clause: 'HAVING',
      sqlExpression: x.sqlExpression,
      filterOptionName: x.filterOptionName,
      isExtra: x.isExtra,
    };
  });
  return changed ? { ...formData, adhoc_filters: out } : formData;
}

/**
 * The metrics a Simple filter offers besides columns, as the peer's filter editor does: choosing
 * one makes the filter a HAVING filter. The chart's own metrics (by their label) first, then the
 * dataset's saved metrics; each name once.
 */
export function metricSubjects(datasource: ExploreDatasource | null | undefined, formData?: QueryFormData | null): MetricSubject[] {
  const out: MetricSubject[] = [];
  const seen = new Set<string>();
  const add = (m: MetricSubject) => {
    if (!m.name || seen.has(m.name)) return;
    seen.add(m.name);
    out.push(m);
  };
  const saved = new Map((datasource?.metrics ?? []).map((m) => [m.metric_name, m]));
  const chartMetrics = [...(Array.isArray(formData?.metrics) ? formData.metrics : []), formData?.metric].filter(Boolean) as (
    string | AdhocMetric
  )[];
  for (const m of chartMetrics) {
    if (typeof m === 'string') {
      const s = saved.get(m);
      add({ name: m, label: s?.verbose_name || m, saved: true, sql: s?.expression?.trim() || null });
    } else {
      const label = getMetricLabel(m);
      add({ name: label, label, saved: false, sql: adhocMetricSql(m) });
    }
  }
  for (const m of saved.values())
    add({ name: m.metric_name, label: m.verbose_name || m.metric_name, saved: true, sql: m.expression?.trim() || null });
  return out;
}

/** The clause a Simple filter on this subject gets: HAVING for a metric, WHERE for a column. */
export function clauseForSubject(
  subject: string | null,
  metrics: readonly MetricSubject[],
  columns: readonly { column_name: string }[],
): 'WHERE' | 'HAVING' {
  if (!subject) return 'WHERE';
  if (columns.some((c) => c.column_name === subject)) return 'WHERE';
  return metrics.some((m) => m.name === subject) ? 'HAVING' : 'WHERE';
}

/** A number typed into a HAVING filter is compared as a number (aggregates are numbers). */
export function coerceHavingComparator(value: unknown): unknown {
  return coerceComparator(value, { type_generic: GenericDataType.NUMERIC });
}
