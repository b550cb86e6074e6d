/**
 * Dataset rules that need no database: name checks, how a refresh merges the source's columns
 * into the stored ones, the default metric, and the stored forms of currency and file names.
 */
import type { MetricCurrency } from '@rama/shared';
import type { DiscoveredColumn } from './columns.js';

/** GenericDataType.TEMPORAL */
export const TEMPORAL = 2;

/** The metric every new dataset starts with, as the BI server adds it. */
export const COUNT_METRIC = {
  metric_name: 'count',
  verbose_name: 'COUNT(*)',
  metric_type: 'count',
  expression: 'COUNT(*)',
} as const;

/** Names that occur more than once, each reported once, in first-seen order. */
export function duplicateNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const n of names) (seen.has(n) ? dup : seen).add(n);
  return [...dup];
}

/** A calculated column is defined by its SQL expression; the source knows nothing of it. */
export const isCalculated = (c: { expression: string | null }): boolean => c.expression !== null && c.expression.trim() !== '';

/** The column as stored, as far as a refresh needs it. */
export interface StoredColumn {
  id: number;
  column_name: string;
  type_generic: number | null;
  is_dttm: boolean;
  expression: string | null;
}

export interface RefreshPlan {
  /** source columns already stored: their type follows the source, everything else the user set stays */
  updates: { id: number; type: string; type_generic: number; is_dttm: boolean }[];
  inserts: DiscoveredColumn[];
  /** stored source columns the source no longer has */
  deletes: number[];
}

/**
 * A stored column marked temporal although its stored type is not: the user marked it (a date kept
 * as text, say) and a refresh must not undo that. A temporal type's flag came from the source and
 * follows it.
 */
export const userMarkedTemporal = (c: Pick<StoredColumn, 'is_dttm' | 'type_generic'>): boolean => c.is_dttm && c.type_generic !== TEMPORAL;

/**
 * Refresh rule: the source decides which physical columns exist and their types; user edits
 * (labels, descriptions, flags, formats, a user-set temporal mark) and calculated columns stay. A
 * calculated column keeps its name even when the source grows a column of that name.
 */
export function refreshPlan(stored: readonly StoredColumn[], discovered: readonly DiscoveredColumn[]): RefreshPlan {
  const byName = new Map(stored.map((c) => [c.column_name, c]));
  const sourceNames = new Set(discovered.map((c) => c.column_name));
  const plan: RefreshPlan = { updates: [], inserts: [], deletes: [] };
  for (const col of discovered) {
    const old = byName.get(col.column_name);
    if (!old) plan.inserts.push(col);
    else if (!isCalculated(old))
      plan.updates.push({ id: old.id, type: col.type, type_generic: col.type_generic, is_dttm: col.is_dttm || userMarkedTemporal(old) });
  }
  for (const old of stored) if (!isCalculated(old) && !sourceNames.has(old.column_name)) plan.deletes.push(old.id);
  return plan;
}

/** Why `main_dttm_col` cannot be the dataset's default datetime column, or null when it can. */
export function mainDttmProblem(mainDttmCol: string | null, columns: readonly { column_name: string; is_dttm: boolean }[]): string | null {
  if (mainDttmCol === null) return null;
  const col = columns.find((c) => c.column_name === mainDttmCol);
  if (!col) return `Column ${mainDttmCol} does not exist in this dataset`;
  return col.is_dttm ? null : `Column ${mainDttmCol} is not temporal: only a temporal column can be the default datetime column`;
}

export class CurrencyError extends Error {}

const POSITIONS = new Set(['prefix', 'suffix']);

/** The stored JSON text of a metric's currency: from the object, from its JSON text, or null. */
export function currencyText(value: MetricCurrency | string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new CurrencyError('Currency must be a JSON object with symbol and symbolPosition.');
    }
  }
  const c = parsed as Partial<MetricCurrency> | null;
  if (
    !c ||
    typeof c !== 'object' ||
    typeof c.symbol !== 'string' ||
    typeof c.symbolPosition !== 'string' ||
    !POSITIONS.has(c.symbolPosition)
  )
    throw new CurrencyError('Currency must be a JSON object with symbol and symbolPosition (prefix or suffix).');
  return JSON.stringify({ symbol: c.symbol, symbolPosition: c.symbolPosition });
}

/** The currency object from its stored text; text that is not a currency reads as none. */
export function parseCurrency(text: string | null): MetricCurrency | null {
  if (text === null) return null;
  try {
    return JSON.parse(currencyText(text) ?? 'null') as MetricCurrency | null;
  } catch {
    return null;
  }
}
