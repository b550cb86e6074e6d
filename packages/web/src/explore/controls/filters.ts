/**
 * Adhoc filters as the filter control holds them (spec section 3 "Adhoc filter"): a SIMPLE filter
 * (column, operator, comparator) or a SQL one (a WHERE or HAVING clause), in the BI server's shape.
 * The operators offered depend on the column's type; a TEMPORAL_RANGE filter on a temporal column
 * is how a chart's time range is written.
 */
import { GenericDataType, NO_TIME_RANGE, type ExploreDatasource, type ExploreDatasourceColumn } from '@rama/shared';
import { newOptionName } from './metrics';

/** The operator ids of the spec and the operator each is stored as. */
export const FILTER_OPERATORS = {
  EQUALS: { operator: '==', label: 'Equal to (=)' },
  NOT_EQUALS: { operator: '!=', label: 'Not equal to (≠)' },
  LESS_THAN: { operator: '<', label: 'Less than (<)' },
  LESS_THAN_OR_EQUAL: { operator: '<=', label: 'Less or equal (<=)' },
  GREATER_THAN: { operator: '>', label: 'Greater than (>)' },
  GREATER_THAN_OR_EQUAL: { operator: '>=', label: 'Greater or equal (>=)' },
  IN: { operator: 'IN', label: 'In' },
  NOT_IN: { operator: 'NOT IN', label: 'Not in' },
  LIKE: { operator: 'LIKE', label: 'Like' },
  ILIKE: { operator: 'ILIKE', label: 'Like (case insensitive)' },
  IS_NOT_NULL: { operator: 'IS NOT NULL', label: 'Is not null' },
  IS_NULL: { operator: 'IS NULL', label: 'Is null' },
  LATEST_PARTITION: { operator: 'LATEST PARTITION', label: 'Latest partition' },
  IS_TRUE: { operator: 'IS TRUE', label: 'Is true' },
  IS_FALSE: { operator: 'IS FALSE', label: 'Is false' },
  TEMPORAL_RANGE: { operator: 'TEMPORAL_RANGE', label: 'Time range' },
} as const;

export type OperatorId = keyof typeof FILTER_OPERATORS;

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
  sqlExpression?: null;
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

/** What a filter chip shows: `origin IN (SFO, LAX)`, `delay > 10`, `date (Last week)`, or the SQL. */
export function filterLabel(filter: ControlAdhocFilter, datasource?: ExploreDatasource | null): string {
  if (filter.expressionType === 'SQL') return shorten(filter.sqlExpression?.trim() || 'Custom SQL');
  const column = datasource?.columns.find((c) => c.column_name === filter.subject);
  const subject = column?.verbose_name || filter.subject;
  const id = operatorIdOf(filter.operator, filter.operatorId);
  if (id === 'TEMPORAL_RANGE')
    return shorten(`${subject} (${typeof filter.comparator === 'string' && filter.comparator ? filter.comparator : NO_TIME_RANGE})`);
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
