/**
 * Columns as the column controls hold them: a datasource column's name or an adhoc column
 * (`{sqlExpression, label, expressionType: 'SQL'}`), in the BI server's shapes.
 */
import { GenericDataType, type AdhocColumn, type ControlConfig, type ExploreDatasourceColumn, type QueryColumn } from '@rama/shared';

export type ColumnFilter = NonNullable<ControlConfig['columnFilter']>;

export function isAdhocColumn(value: unknown): value is AdhocColumn {
  return typeof value === 'object' && value !== null && 'sqlExpression' in value;
}

/** Whether a column may go into a control with this filter (groupable, temporal, numeric, filterable). */
export function columnMatches(column: ExploreDatasourceColumn, filter: ColumnFilter | undefined): boolean {
  switch (filter ?? 'all') {
    case 'groupable':
      return column.groupby;
    case 'temporal':
      return column.is_dttm || column.type_generic === GenericDataType.TEMPORAL;
    case 'numeric':
      return column.type_generic === GenericDataType.NUMERIC;
    case 'filterable':
      return column.filterable;
    case 'all':
      return true;
  }
}

/** The datasource's columns a control offers, in the dataset's order. */
export function columnsFor(columns: readonly ExploreDatasourceColumn[], filter: ColumnFilter | undefined): ExploreDatasourceColumn[] {
  return columns.filter((c) => columnMatches(c, filter));
}

export type ColumnKind = 'numeric' | 'string' | 'temporal' | 'boolean' | 'unknown' | 'expression';

/** The type icon a column shows: # numbers, abc text, a clock for dates. */
export function columnKind(column: Pick<ExploreDatasourceColumn, 'type_generic' | 'is_dttm'> | null | undefined): ColumnKind {
  if (!column) return 'unknown';
  if (column.is_dttm) return 'temporal';
  switch (column.type_generic) {
    case GenericDataType.NUMERIC:
      return 'numeric';
    case GenericDataType.STRING:
      return 'string';
    case GenericDataType.TEMPORAL:
      return 'temporal';
    case GenericDataType.BOOLEAN:
      return 'boolean';
    default:
      return 'unknown';
  }
}

/** An adhoc column's label: the one given, else its SQL. */
export function adhocColumnLabel(column: AdhocColumn): string {
  return column.label?.trim() || column.sqlExpression;
}

/** What a column chip shows: the verbose name of a dataset column, the label of an adhoc one. */
export function columnLabel(column: QueryColumn, columns: readonly ExploreDatasourceColumn[] = []): string {
  if (isAdhocColumn(column)) return adhocColumnLabel(column);
  const found = columns.find((c) => c.column_name === column);
  return found?.verbose_name || column;
}

/** The key two columns are the same by: the name, else the label. */
export function columnKey(column: QueryColumn): string {
  return isAdhocColumn(column) ? adhocColumnLabel(column) : column;
}

/** An adhoc column from custom SQL; the label is the SQL unless one is given. */
export function adhocColumn(sqlExpression: string, label?: string | null): AdhocColumn {
  const sql = sqlExpression.trim();
  return { sqlExpression: sql, label: label?.trim() || sql, expressionType: 'SQL' };
}

/** Spec section 5: duplicate columns are removed and empty column names dropped. */
export function cleanColumns(columns: readonly unknown[]): QueryColumn[] {
  const seen = new Set<string>();
  const out: QueryColumn[] = [];
  for (const c of columns) {
    let col: QueryColumn | null = null;
    if (typeof c === 'string' && c.trim()) col = c;
    else if (isAdhocColumn(c) && typeof c.sqlExpression === 'string' && c.sqlExpression.trim()) col = c;
    if (col === null) continue;
    const key = columnKey(col);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(col);
  }
  return out;
}

/** The control's value as a list (a single column control holds one or null). */
export function columnList(value: unknown): QueryColumn[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return cleanColumns(list);
}

/** The dataset column a value names, if any (adhoc columns have none). */
export function findColumn(columns: readonly ExploreDatasourceColumn[], name: unknown): ExploreDatasourceColumn | undefined {
  return typeof name === 'string' ? columns.find((c) => c.column_name === name) : undefined;
}
