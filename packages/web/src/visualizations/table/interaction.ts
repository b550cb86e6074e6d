/**
 * Cross-filters and drilling on the table (pure): a click on a dimension cell adds its value to
 * the column's selection or takes it out (several values may be selected, in several columns);
 * a right click drills on the row's dimension values.
 */
import { sameValue, toggleCrossFilterValue, type CrossFilterValues, type DimensionValue } from '../crossFilter';
import { cellText } from './tableModel';
import type { TableColumn } from './types';

/** Is this cell's value selected in its column's cross-filter? */
export function isCellSelected(crossFilter: CrossFilterValues | null, column: TableColumn, value: unknown): boolean {
  const col = column.dimension?.col;
  if (!crossFilter || !col) return false;
  return (crossFilter[col] ?? []).some((v) => sameValue(v, value));
}

/**
 * A click on a cell: the new cross-filter and its label (the selected values as the table shows
 * them), or null when the column does not cross-filter.
 */
export function tableCellClick(
  crossFilter: CrossFilterValues | null,
  columns: readonly TableColumn[],
  column: TableColumn,
  value: unknown,
): { filters: CrossFilterValues | null; label?: string } | null {
  if (!column.dimension?.crossFilter) return null;
  const filters = toggleCrossFilterValue(crossFilter, column.dimension.col, value ?? null);
  if (!filters) return { filters: null };
  const byCol = new Map(columns.filter((c) => c.dimension).map((c) => [c.dimension?.col, c]));
  const label = Object.entries(filters)
    .flatMap(([col, vals]) => vals.map((v) => (byCol.has(col) ? cellText(byCol.get(col) as TableColumn, v) : String(v))))
    .join(', ');
  return { filters, label };
}

/** The row's dimension values, in column order: the filters of a right click on it. */
export function rowDimensionValues(columns: readonly TableColumn[], row: Record<string, unknown>): DimensionValue[] {
  return columns.flatMap((c) =>
    c.dimension ? [{ col: c.dimension.col, val: row[c.key] ?? null, formattedVal: cellText(c, row[c.key]) }] : [],
  );
}
