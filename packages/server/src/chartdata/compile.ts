/**
 * A dataset and a normalized query object → one SELECT for the dataset's engine. Identifiers go
 * through the engine's quoting, values through its literal functions (typed to the column), and
 * every piece of SQL text a user supplies (adhoc metrics and columns, where/having, calculated
 * columns, saved metrics) is checked to be a single expression first. Nothing a user sends is
 * pasted into the statement unchecked.
 */
import type { AdhocColumn, AdhocMetric, QueryColumn, QueryMetric } from '@rama/shared';
import { GenericDataType } from '@rama/shared';
import { nullSafeEqualsSql } from '../engines/sql-text.js';
import type { EngineSpec } from '../engines/types.js';
import { badRequest } from '../http/errors.js';
import { checkSqlExpression, SqlExpressionError, type ExpressionKind } from '../sql/expression.js';
import { columnLabel, metricLabel, type NormalizedFilter, type NormalizedQuery } from './query.js';
import { resolveTimeRange, type TimeBounds } from './time-bounds.js';

export interface DatasetColumn {
  column_name: string;
  expression: string | null;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  python_date_format: string | null;
}

export interface DatasetMetric {
  metric_name: string;
  expression: string;
}

/** What the compiler needs to know of a dataset. */
export interface CompileDataset {
  id: number;
  tableName: string;
  schema: string | null;
  /** a virtual dataset's SQL, its template already rendered */
  sql: string | null;
  columns: Map<string, DatasetColumn>;
  metrics: Map<string, DatasetMetric>;
  mainDttmCol: string | null;
  alwaysFilterMainDttm: boolean;
  /**
   * Row level security: rendered, guarded boolean expressions (rls/apply.ts) ANDed around the
   * dataset's rows, so every part of a query (series limit, row count) reads filtered rows only.
   */
  rls?: string[];
}

export interface CompiledQuery {
  sql: string;
  /** labels of the dimension columns, in select order */
  columnLabels: string[];
  metricLabels: string[];
  /** labels whose values are temporal (grain expressions, temporal columns) */
  temporalLabels: Set<string>;
  appliedFilters: { column: string }[];
  rejectedFilters: { column: string; reason: string }[];
  bounds: TimeBounds;
}

/** The label of the legacy timeseries x-axis (`granularity` + `is_timeseries`). */
export const DTTM_ALIAS = '__timestamp';

export class MissingColumnsError extends Error {}

interface Ctx {
  ds: CompileDataset;
  spec: EngineSpec;
  now: Date;
  missing: Set<string>;
}

function guard(c: Ctx, sql: string, kind: ExpressionKind, what: string): string {
  try {
    checkSqlExpression(c.spec, sql, kind);
  } catch (e: unknown) {
    if (e instanceof SqlExpressionError) throw badRequest(`${what}: ${e.message}`);
    throw e;
  }
  return `(${sql.trim()})`;
}

const quote = (c: Ctx, name: string) => c.spec.quoteIdentifier(name);

function datasetColumn(c: Ctx, name: string): DatasetColumn | null {
  const col = c.ds.columns.get(name);
  if (!col) c.missing.add(name);
  return col ?? null;
}

/** A dataset column as SQL: its calculated expression, or its quoted name. */
function columnSql(c: Ctx, col: DatasetColumn): string {
  return col.expression?.trim() ? guard(c, col.expression, 'column', `Calculated column ${col.column_name}`) : quote(c, col.column_name);
}

function adhocColumnRef(c: Ctx, a: AdhocColumn): { sql: string; col: DatasetColumn | null } {
  const asName = c.ds.columns.get(a.sqlExpression);
  if (asName || a.isColumnReference) {
    const col = datasetColumn(c, a.sqlExpression);
    return { sql: col ? columnSql(c, col) : '', col };
  }
  return { sql: guard(c, a.sqlExpression, 'column', `Column ${columnLabel(a)}`), col: null };
}

function grainSql(c: Ctx, grain: string, expr: string): string {
  const out = c.spec.timeGrainExpression(grain, expr);
  if (out === null) throw badRequest(`The time grain ${grain} is not supported by ${c.spec.engineName}.`);
  return out;
}

interface Dimension {
  label: string;
  sql: string;
  temporal: boolean;
  /** the x-axis (a BASE_AXIS column): never part of a series */
  axis?: boolean;
}

function dimension(c: Ctx, q: NormalizedQuery, qc: QueryColumn): Dimension {
  if (typeof qc === 'string') {
    const col = datasetColumn(c, qc);
    return { label: qc, sql: col ? columnSql(c, col) : '', temporal: col?.is_dttm ?? false };
  }
  const { sql, col } = adhocColumnRef(c, qc);
  const label = columnLabel(qc);
  // a grain applies to temporal columns only: a bar chart by a text column keeps its categories
  const grain = col?.is_dttm ? (qc.timeGrain ?? (qc.columnType === 'BASE_AXIS' ? q.timeGrain : null)) : null;
  const axis = qc.columnType === 'BASE_AXIS';
  if (grain && sql) return { label, sql: grainSql(c, grain, sql), temporal: true, axis };
  // an expression of no dataset column is temporal when the database answers with a temporal type
  // (run.ts reads the result's types): a numeric or text x-axis keeps its values
  return { label, sql, temporal: col?.is_dttm ?? false, axis };
}

function metricSql(c: Ctx, m: QueryMetric): string {
  if (typeof m === 'string') {
    const saved = c.ds.metrics.get(m);
    if (!saved) {
      c.missing.add(m);
      return '';
    }
    return guard(c, saved.expression, 'metric', `Metric ${m}`);
  }
  return adhocMetricSql(c, m);
}

function adhocMetricSql(c: Ctx, m: AdhocMetric): string {
  if (m.expressionType === 'SQL') return guard(c, m.sqlExpression ?? '', 'metric', `Metric ${metricLabel(m)}`);
  const name = m.column?.column_name ?? '';
  const col = datasetColumn(c, name);
  const arg = col ? columnSql(c, col) : '';
  switch (m.aggregate) {
    case 'COUNT_DISTINCT':
      return `COUNT(DISTINCT ${arg})`;
    case 'AVG':
    case 'COUNT':
    case 'MAX':
    case 'MIN':
    case 'SUM':
      return `${m.aggregate}(${arg})`;
    default:
      throw badRequest(`Unsupported aggregate: ${String(m.aggregate)}`);
  }
}

/** A value typed to the column's generic type, as a literal of the engine. */
function literal(c: Ctx, value: unknown, type: number | null, nativeType: string | null): string {
  if (value === null || value === undefined) return 'NULL';
  if (type === GenericDataType.NUMERIC) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (typeof value === 'boolean') return value ? '1' : '0';
    if (!Number.isFinite(n)) throw badRequest(`The value ${JSON.stringify(value)} is not a number.`);
    return String(n);
  }
  if (type === GenericDataType.BOOLEAN) {
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (value === 'true' || value === 'false') return value.toUpperCase();
    if (value === 1 || value === 0) return value ? 'TRUE' : 'FALSE';
    throw badRequest(`The value ${JSON.stringify(value)} is not a boolean.`);
  }
  if (type === GenericDataType.TEMPORAL && (typeof value === 'number' || typeof value === 'string')) {
    const d = typeof value === 'number' ? new Date(value) : parseDate(value);
    if (d) return c.spec.dttmLiteral(d, nativeType);
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value !== 'string') throw badRequest(`The value ${JSON.stringify(value)} cannot be compared with a column.`);
  return c.spec.stringLiteral(value);
}

function parseDate(s: string): Date | null {
  const t = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s.trim())
    ? Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(s.trim()) || s.trim().length === 10 ? s.trim() : `${s.trim().replace(' ', 'T')}Z`)
    : NaN;
  return Number.isNaN(t) ? null : new Date(t);
}

function filterSql(c: Ctx, q: NormalizedQuery, f: NormalizedFilter, bounds: TimeBounds): string {
  const target: { sql: string; col: DatasetColumn | null } =
    typeof f.col === 'string'
      ? (() => {
          const col = c.ds.columns.get(f.col) ?? null;
          return { sql: col ? columnSql(c, col) : '', col };
        })()
      : adhocColumnRef(c, f.col);
  const type = target.col?.type_generic ?? null;
  const native = target.col?.type ?? null;
  const lit = (v: unknown) => literal(c, v, type, native);
  const x = target.sql;
  switch (f.op) {
    case 'IS NULL':
      return `${x} IS NULL`;
    case 'IS NOT NULL':
      return `${x} IS NOT NULL`;
    case 'IS TRUE':
      return `${x} IS TRUE`;
    case 'IS FALSE':
      return `${x} IS FALSE`;
    case 'IN':
    case 'NOT IN': {
      const values = Array.isArray(f.val) ? f.val : [f.val];
      const present = values.filter((v) => v !== null && v !== undefined);
      const hasNull = present.length < values.length;
      const list = present.length ? `${x} ${f.op} (${present.map(lit).join(', ')})` : null;
      if (f.op === 'IN') {
        const parts = [list, hasNull ? `${x} IS NULL` : null].filter(Boolean);
        return parts.length ? `(${parts.join(' OR ')})` : '1 = 0';
      }
      const parts = [list ? `(${list} OR ${x} IS NULL)` : null, hasNull ? `${x} IS NOT NULL` : null].filter(Boolean);
      if (list && !hasNull) return `(${list} OR ${x} IS NULL)`;
      return parts.length ? `(${parts.join(' AND ')})` : '1 = 1';
    }
    case '==':
    case '!=': {
      const v = Array.isArray(f.val) ? f.val[0] : f.val;
      if (v === null || v === undefined) return `${x} IS ${f.op === '==' ? '' : 'NOT '}NULL`;
      return `${x} ${f.op === '==' ? '=' : '<>'} ${lit(v)}`;
    }
    case '>':
    case '<':
    case '>=':
    case '<=': {
      const v = Array.isArray(f.val) ? f.val[0] : f.val;
      if (v === null || v === undefined) throw badRequest(`The filter on ${columnLabel(f.col)} needs a value.`);
      return `${x} ${f.op} ${lit(v)}`;
    }
    case 'LIKE':
    case 'NOT LIKE':
    case 'ILIKE':
    case 'NOT ILIKE': {
      const v = Array.isArray(f.val) ? f.val[0] : f.val;
      if (typeof v !== 'string') throw badRequest(`The ${f.op} filter on ${columnLabel(f.col)} needs a text pattern.`);
      const pattern = c.spec.stringLiteral(v);
      const negated = f.op.startsWith('NOT ');
      if (f.op.endsWith('ILIKE') && !c.spec.supportsIlike) return `LOWER(${x}) ${negated ? 'NOT LIKE' : 'LIKE'} LOWER(${pattern})`;
      return `${x} ${f.op} ${pattern}`;
    }
    case 'TEMPORAL_RANGE': {
      const range = resolveTimeRange(typeof f.val === 'string' ? f.val : null, q, c.now);
      if (!bounds.since && !bounds.until) Object.assign(bounds, range);
      return rangeSql(c, x, target.col, range);
    }
  }
}

function rangeSql(c: Ctx, x: string, col: DatasetColumn | null, range: TimeBounds): string {
  const parts: string[] = [];
  if (range.since) parts.push(`${x} >= ${c.spec.dttmLiteral(range.since, col?.type ?? null)}`);
  if (range.until) parts.push(`${x} < ${c.spec.dttmLiteral(range.until, col?.type ?? null)}`);
  return parts.length ? parts.join(' AND ') : '1 = 1';
}

function fromSql(c: Ctx): string {
  const rls = (c.ds.rls ?? []).map((clause) => `(${clause})`).join(' AND ');
  if (c.ds.sql !== null && c.ds.sql.trim()) {
    const inner = stripTrailingSemicolons(c.ds.sql);
    return rls ? `(\nSELECT * FROM (\n${inner}\n) AS rls_source\nWHERE ${rls}\n) AS virtual_table` : `(\n${inner}\n) AS virtual_table`;
  }
  const table = c.ds.schema ? `${quote(c, c.ds.schema)}.${quote(c, c.ds.tableName)}` : quote(c, c.ds.tableName);
  // the alias keeps the table's name, so expressions that name it (flights.delay) still resolve
  return rls ? `(SELECT * FROM ${table} WHERE ${rls}) AS ${quote(c, c.ds.tableName)}` : table;
}

function stripTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/u, '');
}

function filterColumnName(col: QueryColumn): string {
  return typeof col === 'string' ? col : columnLabel(col);
}

export interface CompileOptions {
  now?: Date;
  /** override of the time range (time comparison shifts it) */
  shift?: (d: Date) => Date;
}

/** The prefix of the internal column names of a query whose engine lets aliases shadow columns. */
const INTERNAL_ALIAS = '__rama_col_';

/** Build the SELECT for one query object. 400 for missing columns and refused expressions. */
export function compileQuery(ds: CompileDataset, q: NormalizedQuery, spec: EngineSpec, opts: CompileOptions = {}): CompiledQuery {
  const c: Ctx = { ds, spec, now: opts.now ?? new Date(), missing: new Set() };
  const shift = opts.shift ?? ((d: Date) => d);
  const dims: Dimension[] = [];
  if (q.isTimeseries && q.granularity) {
    const col = datasetColumn(c, q.granularity);
    if (col) {
      const sql = columnSql(c, col);
      dims.push({ label: DTTM_ALIAS, sql: q.timeGrain ? grainSql(c, q.timeGrain, sql) : sql, temporal: true });
    }
  }
  for (const qc of q.columns) dims.push(dimension(c, q, qc));
  const metrics = (q.metrics ?? []).map((m) => ({ label: metricLabel(m), sql: metricSql(c, m) }));

  const bounds: TimeBounds = { since: null, until: null };
  const where: string[] = [];
  const applied: { column: string }[] = [];
  const rejected: { column: string; reason: string }[] = [];
  const timeColumn = q.granularity ?? (ds.alwaysFilterMainDttm ? ds.mainDttmCol : null);
  if (q.timeRange) {
    const range = resolveTimeRange(q.timeRange, q, c.now);
    Object.assign(bounds, range);
    if (timeColumn && (range.since || range.until)) {
      const col = datasetColumn(c, timeColumn);
      if (col)
        where.push(
          rangeSql(c, columnSql(c, col), col, { since: range.since && shift(range.since), until: range.until && shift(range.until) }),
        );
    }
  }
  for (const f of q.filters) {
    const name = filterColumnName(f.col);
    if (typeof f.col === 'string' && !ds.columns.has(f.col)) {
      rejected.push({ column: name, reason: 'not_in_datasource' });
      continue;
    }
    if (f.op === 'TEMPORAL_RANGE') {
      const range = resolveTimeRange(typeof f.val === 'string' ? f.val : null, q, c.now);
      if (!bounds.since && !bounds.until) Object.assign(bounds, range);
      const target =
        typeof f.col === 'string' ? { sql: columnSql(c, ds.columns.get(f.col)!), col: ds.columns.get(f.col)! } : adhocColumnRef(c, f.col);
      where.push(
        rangeSql(c, target.sql, target.col, { since: range.since && shift(range.since), until: range.until && shift(range.until) }),
      );
      if (!applied.some((a) => a.column === '__time_range')) applied.push({ column: '__time_range' });
      continue;
    }
    where.push(filterSql(c, q, f, bounds));
    applied.push({ column: name });
  }
  if (q.where.trim()) where.push(guard(c, q.where, 'where', 'extras.where'));
  const having = q.having.trim() ? [guard(c, q.having, 'having', 'extras.having')] : [];

  const orderby = q.orderby.map(([target, asc]) => `${orderSql(c, q, target, dims, metrics)} ${asc ? 'ASC' : 'DESC'}`);
  if (!orderby.length && metrics.length && q.metrics !== null) orderby.push(`${metrics[0].sql} ${q.orderDesc ? 'DESC' : 'ASC'}`);

  if (c.missing.size) throw badRequest(`Columns missing in dataset: [${[...c.missing].map((m) => `'${m}'`).join(', ')}]`);
  if (!dims.length && !metrics.length && q.metrics !== null) throw badRequest('Empty query? The query needs columns or metrics.');

  const from = fromSql(c);
  const grouped = q.metrics !== null && dims.length > 0;
  const selected = [...dims.map((d) => ({ sql: d.sql, label: d.label })), ...metrics];
  // where the engine lets a SELECT alias shadow a column (ClickHouse), the query names its columns
  // internally and an outer SELECT gives them their labels
  const internal = c.spec.selectAliasesShadowColumns === true;
  const alias = (i: number, label: string) => quote(c, internal ? `${INTERNAL_ALIAS}${i}` : label);
  const selectList = selected.map((x, i) => `${x.sql} AS ${alias(i, x.label)}`);
  const lines = [`SELECT ${selectList.length ? selectList.join(',\n       ') : '*'}`, `FROM ${from}`];
  const labelled = (sql: string) =>
    internal && selected.length
      ? `SELECT ${selected.map((x, i) => `${alias(i, x.label)} AS ${quote(c, x.label)}`).join(', ')}\nFROM (\n${sql}\n) AS rama_labelled`
      : sql;

  const seriesDims = seriesDimensions(c, q, dims);
  if (q.seriesLimit > 0 && seriesDims.length && q.metrics !== null) {
    const limitMetric = q.seriesLimitMetric ? metricSql(c, q.seriesLimitMetric) : metrics[0]?.sql;
    if (c.missing.size) throw badRequest(`Columns missing in dataset: [${[...c.missing].map((m) => `'${m}'`).join(', ')}]`);
    const inner = [
      `SELECT ${seriesDims.map((d, i) => `${d.sql} AS ${quote(c, `series__${i}`)}`).join(', ')}`,
      `FROM ${from}`,
      where.length ? `WHERE ${where.join('\n  AND ')}` : '',
      `GROUP BY ${seriesDims.map((d) => d.sql).join(', ')}`,
      limitMetric ? `ORDER BY ${limitMetric} ${q.orderDesc ? 'DESC' : 'ASC'}` : '',
      `LIMIT ${q.seriesLimit}`,
    ].filter(Boolean);
    // null-safe: a series whose value is NULL is a series too
    const on = seriesDims
      .map((d, i) => {
        const s = `series_limit.${quote(c, `series__${i}`)}`;
        return nullSafeEqualsSql(c.spec, d.sql, s);
      })
      .join(' AND ');
    lines.push(`JOIN (\n${inner.join('\n')}\n) AS series_limit ON ${on}`);
  }
  if (where.length) lines.push(`WHERE ${where.join('\n  AND ')}`);
  if (grouped) lines.push(`GROUP BY ${dims.map((d) => d.sql).join(', ')}`);
  if (having.length) lines.push(`HAVING ${having.join(' AND ')}`);
  if (q.isRowcount) {
    // the row count of the whole answer (capped at the row limit), for server-side pagination
    return {
      sql: `SELECT COUNT(*) AS ${quote(c, 'rowcount')}\nFROM (\n${lines.join('\n')}\nLIMIT ${q.rowLimit}\n) AS rowcount_qry`,
      columnLabels: [],
      metricLabels: ['rowcount'],
      temporalLabels: new Set(),
      appliedFilters: applied,
      rejectedFilters: rejected,
      bounds,
    };
  }
  if (orderby.length) lines.push(`ORDER BY ${orderby.join(', ')}`);
  lines.push(`LIMIT ${q.rowLimit}`);
  if (q.rowOffset) lines.push(`OFFSET ${q.rowOffset}`);

  return {
    sql: labelled(lines.join('\n')),
    columnLabels: dims.map((d) => d.label),
    metricLabels: metrics.map((m) => m.label),
    temporalLabels: new Set(dims.filter((d) => d.temporal).map((d) => d.label)),
    appliedFilters: applied,
    rejectedFilters: rejected,
    bounds,
  };
}

/** The dimensions that define a series (for the series limit): the given ones, else all but the x-axis. */
function seriesDimensions(c: Ctx, q: NormalizedQuery, dims: Dimension[]): Dimension[] {
  if (q.seriesColumns.length) {
    const labels = new Set(q.seriesColumns.map(columnLabel));
    const found = dims.filter((d) => labels.has(d.label));
    return found.length ? found : q.seriesColumns.map((sc) => dimension(c, q, sc));
  }
  return dims.filter((d) => !d.temporal && !d.axis);
}

function orderSql(
  c: Ctx,
  q: NormalizedQuery,
  target: QueryMetric | QueryColumn,
  dims: Dimension[],
  metrics: { label: string; sql: string }[],
): string {
  if (typeof target === 'string') {
    const m = metrics.find((x) => x.label === target);
    if (m) return m.sql;
    const d = dims.find((x) => x.label === target);
    if (d) return d.sql;
    if (c.ds.metrics.has(target)) return metricSql(c, target);
    const col = datasetColumn(c, target);
    return col ? columnSql(c, col) : '';
  }
  // an object with an aggregate, or SQL that is not an axis or series column, orders as a metric;
  // ORDER BY reads the same text either way, only the guard's wording differs
  const obj = target as { expressionType?: string; columnType?: string; timeGrain?: string | null };
  if (obj.expressionType === 'SIMPLE' || (obj.expressionType === 'SQL' && !obj.columnType && !obj.timeGrain)) {
    return adhocMetricSql(c, target as AdhocMetric);
  }
  return dimension(c, q, target as AdhocColumn).sql;
}
