/**
 * What every chart type shares for cross-filtering and drilling (issue 13 parts 4 and 5): a clicked
 * element's dimension values → the cross-filter it asks for and the drill filters of a right
 * click, the toggle rule (clicking the only selected value again clears the filter; a table
 * adds and removes values), whether an element is part of the selection, and the raw value
 * behind a series name of a pivoted reply. Pure.
 */
import { FLAT_COLUMN_SEPARATOR, GenericDataType, NULL_STRING, unescapeSeparator, type ExploreDatasource } from '@rama/shared';
import type { ChartContextPoint } from './types';

/** A chart's cross-filter: per dataset column, the values selected. */
export type CrossFilterValues = Record<string, unknown[]>;

export type PointFilter = ChartContextPoint['filters'][number];

/** One dimension of a clicked element: the dataset column, its raw value, and how the chart shows it. */
export interface DimensionValue {
  col: string;
  val: unknown;
  formattedVal: string;
}

/** Unselected elements are drawn at this opacity while a selection holds. */
export const DIMMED_OPACITY = 0.3;

/**
 * The dataset column a groupby entry filters on: a physical column's name. An adhoc (SQL)
 * column has no column another chart could filter by, so it takes no part in cross-filters.
 */
export function dimensionColumn(column: unknown): string | null {
  return typeof column === 'string' && column !== '' ? column : null;
}

/** Two values are the same selection when equal, or equal as text (a number from a URL, a label parsed back). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return String(a) === String(b);
}

const includesValue = (list: readonly unknown[], v: unknown): boolean => list.some((x) => sameValue(x, v));

/** The text of a value where no chart format applies. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return NULL_STRING;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** `{col: [val]}` for a clicked element (the element's values, one per dimension). */
export function crossFilterOf(values: readonly DimensionValue[]): CrossFilterValues | null {
  if (!values.length) return null;
  const out: CrossFilterValues = {};
  for (const v of values) out[v.col] = [v.val];
  return out;
}

/** The cross-filter's label on the dashboard: the clicked element's values as the chart shows them. */
export const crossFilterLabel = (values: readonly DimensionValue[]): string => values.map((v) => v.formattedVal).join(', ');

/** The drill filters of a right click: `col == val` per dimension of the element. */
export function pointFilters(values: readonly DimensionValue[]): PointFilter[] {
  return values.map((v): PointFilter => ({ col: v.col, op: '==', val: v.val, formattedVal: v.formattedVal }));
}

/** Does `a` select exactly what `b` selects (same columns, same values)? */
export function sameCrossFilter(a: CrossFilterValues | null, b: CrossFilterValues | null): boolean {
  const ka = Object.keys(a ?? {}).filter((k) => (a?.[k]?.length ?? 0) > 0);
  const kb = Object.keys(b ?? {}).filter((k) => (b?.[k]?.length ?? 0) > 0);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => {
    const va = a?.[k] ?? [];
    const vb = b?.[k] ?? [];
    return va.length === vb.length && va.every((v) => includesValue(vb, v)) && vb.every((v) => includesValue(va, v));
  });
}

/**
 * The toggle rule of a click on a chart element: clicking what is already the whole selection
 * clears the cross-filter (null); anything else replaces the selection with the clicked element.
 */
export function toggleCrossFilter(current: CrossFilterValues | null, clicked: CrossFilterValues): CrossFilterValues | null {
  return sameCrossFilter(current, clicked) ? null : clicked;
}

/**
 * A table's click on a cell: the value joins its column's selection, or leaves it when it was
 * selected; other columns keep theirs. Nothing left selected → null (the filter clears).
 */
export function toggleCrossFilterValue(current: CrossFilterValues | null, col: string, val: unknown): CrossFilterValues | null {
  const out: CrossFilterValues = {};
  for (const [k, vals] of Object.entries(current ?? {})) if (vals.length) out[k] = [...vals];
  const list = out[col] ?? [];
  out[col] = includesValue(list, val) ? list.filter((x) => !sameValue(x, val)) : [...list, val];
  if (!out[col].length) delete out[col];
  return Object.keys(out).length ? out : null;
}

/**
 * Is an element with these values part of the selection? null when the selection says nothing
 * about any of its columns (nothing to highlight or dim); otherwise every one of its columns the
 * selection names must hold its value.
 */
export function isSelected(crossFilter: CrossFilterValues | null, values: readonly { col: string; val: unknown }[]): boolean | null {
  if (!crossFilter) return null;
  let concerned = false;
  for (const v of values) {
    const selected = crossFilter[v.col];
    if (!selected?.length) continue;
    concerned = true;
    if (!includesValue(selected, v.val)) return false;
  }
  return concerned ? true : null;
}

/** Does the selection name any of these columns (so the chart shows what is selected)? */
export function concernsColumns(crossFilter: CrossFilterValues | null, columns: readonly (string | null)[]): boolean {
  if (!crossFilter) return false;
  return columns.some((c) => c !== null && (crossFilter[c]?.length ?? 0) > 0);
}

// ---- series names of a pivoted reply -------------------------------------------------------------

/** A flattened series name's levels (`AVG(delay), SEA, AA` → three), escaped separators kept inside a level. */
export function seriesNameLevels(name: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < name.length; i++) {
    if (name[i] === '\\' && name[i + 1] === ',') {
      current += '\\,';
      i += 1;
      continue;
    }
    if (name.startsWith(FLAT_COLUMN_SEPARATOR, i)) {
      parts.push(current);
      current = '';
      i += FLAT_COLUMN_SEPARATOR.length - 1;
      continue;
    }
    current += name[i];
  }
  parts.push(current);
  return parts.map(unescapeSeparator);
}

/** A column's generic type from the dataset (null when unknown). */
export function columnTypeOf(datasource: ExploreDatasource | null, col: string): GenericDataType | null {
  const c = datasource?.columns?.find((x) => x.column_name === col);
  if (!c) return null;
  if (c.is_dttm) return GenericDataType.TEMPORAL;
  return typeof c.type_generic === 'number' ? (c.type_generic as GenericDataType) : null;
}

/**
 * The value behind one level of a series name, as the server wrote it (Python's str(): `<NULL>`,
 * `2.5`, `True`, `2023-01-01 00:00:00`), typed back by the column so the filter compares like
 * with like. Unknown types stay text.
 */
export function valueFromLabel(label: string, type: GenericDataType | null): unknown {
  if (label === NULL_STRING) return null;
  if (type === GenericDataType.NUMERIC) {
    const n = Number(label);
    return label.trim() !== '' && Number.isFinite(n) ? n : label;
  }
  if (type === GenericDataType.BOOLEAN) return label === 'True' ? true : label === 'False' ? false : label;
  if (type === GenericDataType.TEMPORAL) {
    const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d{1,3})?\d*$/.exec(label);
    const t = m ? Date.parse(`${m[1]}T${m[2]}${m[3] ?? ''}Z`) : Number.NaN;
    return Number.isNaN(t) ? label : t;
  }
  return label;
}

/**
 * The groupby values of a data series of a pivoted reply (`<metric>, <g1>, <g2>` or, with the
 * metric level dropped, `<g1>, <g2>`): the last `groupby.length` levels of the reply's column name
 * (or of its `label_map` entry when the reply lists the levels), each typed back by its column,
 * with the level's text. null when the name has fewer levels than there are dimensions.
 */
export function seriesGroupValues(
  seriesColumn: string,
  groupbyLabels: readonly string[],
  datasource: ExploreDatasource | null,
  labelMap?: Record<string, string[]>,
): { label: string; value: unknown }[] | null {
  if (!groupbyLabels.length) return [];
  const mapped = labelMap?.[seriesColumn];
  const levels = mapped && mapped.length > 1 ? mapped : seriesNameLevels(seriesColumn);
  if (levels.length < groupbyLabels.length) return null;
  const own = levels.slice(levels.length - groupbyLabels.length);
  return own.map((label, i) => ({ label, value: valueFromLabel(label, columnTypeOf(datasource, groupbyLabels[i])) }));
}
