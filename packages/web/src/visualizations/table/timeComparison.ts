/**
 * The table's time comparison (aggregate mode with `time_compare`), as the BI server's table shows
 * it: for each metric the main value ("Main") and, for each time shift, the value of the shifted
 * period ("#"), the difference ("△") and the percentage change ("%"). `comparison_type` narrows
 * each shift to one calculation: difference (△), percentage change (%) or ratio. The shifted values
 * arrive as `<metric>__<offset>` columns (the chart data engine's `time_offsets`).
 */
import { tableTimeShifts } from '@rama/shared';

export { tableTimeShifts };

export const COMPARISON_PARTS = ['Main', '#', '△', '%', 'Ratio'] as const;
export type ComparisonPart = (typeof COMPARISON_PARTS)[number];
type ShiftPart = Exclude<ComparisonPart, 'Main'>;

/** The columns each shift gets, by `comparison_type` ("Actual values", the default, shows #, △ and %). */
export function shiftPartsOf(comparisonType: unknown): ShiftPart[] {
  if (comparisonType === 'absolute') return ['△'];
  if (comparisonType === 'percentage') return ['%'];
  if (comparisonType === 'ratio') return ['Ratio'];
  return ['#', '△', '%'];
}

/**
 * A comparison column's key: `Main <metric>`, and per shift `# <metric>`, `△ <metric>`,
 * `% <metric>` — the BI server's keys with one shift; with several, each shift's columns carry the
 * shift: `# <metric> (1 year ago)`.
 */
export const comparisonKey = (part: ComparisonPart, metric: string, shift: string | null = null): string =>
  shift === null || part === 'Main' ? `${part} ${metric}` : `${part} ${metric} (${shift})`;

const numberOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** The values of one metric against one shifted value in one row. */
export function comparisonValues(main: unknown, shifted: unknown): Record<ComparisonPart, number | null> {
  const a = numberOf(main);
  const b = numberOf(shifted);
  const difference = a !== null && b !== null ? a - b : null;
  return {
    Main: a,
    '#': b,
    '△': difference,
    '%': difference !== null && b !== null && b !== 0 ? difference / Math.abs(b) : null,
    Ratio: a !== null && b !== null && b !== 0 ? a / b : null,
  };
}

export interface ComparisonColumn {
  metric: string;
  part: ComparisonPart;
  /** the shift of a # / △ / % / Ratio column (null for Main) */
  shift: string | null;
  /** the shift as the header names it: only when the table compares with several */
  shiftLabel: string | null;
}

export interface ComparedColumns {
  /** the result's column names with each compared metric replaced by its comparison columns */
  names: string[];
  types: (number | undefined)[];
  /** comparison column key → its metric, part and shift */
  parts: Map<string, ComparisonColumn>;
  /** a row with the comparison columns added */
  row: (row: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The result's columns with time comparison: each metric that has a `<metric>__<offset>` column for
 * every shift becomes Main plus its shifts' columns, and the shifted columns are not shown on their own.
 */
export function comparedColumns(
  names: readonly string[],
  types: readonly (number | undefined)[],
  metrics: readonly string[],
  shifts: readonly string[],
  comparisonType: unknown = 'values',
): ComparedColumns {
  const compared = shifts.length ? metrics.filter((m) => names.includes(m) && shifts.every((s) => names.includes(`${m}__${s}`))) : [];
  const shiftedKeys = new Set(compared.flatMap((m) => shifts.map((s) => `${m}__${s}`)));
  const several = shifts.length > 1;
  const shiftParts = shiftPartsOf(comparisonType);
  const outNames: string[] = [];
  const outTypes: (number | undefined)[] = [];
  const parts = new Map<string, ComparisonColumn>();
  const add = (metric: string, part: ComparisonPart, shift: string | null) => {
    const key = comparisonKey(part, metric, several ? shift : null);
    outNames.push(key);
    outTypes.push(0);
    parts.set(key, { metric, part, shift, shiftLabel: several ? shift : null });
  };
  names.forEach((name, i) => {
    if (shiftedKeys.has(name)) return;
    if (!compared.includes(name)) {
      outNames.push(name);
      outTypes.push(types[i]);
      return;
    }
    add(name, 'Main', null);
    for (const shift of shifts) for (const part of shiftParts) add(name, part, shift);
  });
  return {
    names: outNames,
    types: outTypes,
    parts,
    row: (row) => {
      if (!compared.length) return row;
      const out = { ...row };
      for (const [key, { metric, part, shift }] of parts) {
        out[key] = part === 'Main' ? numberOf(row[metric]) : comparisonValues(row[metric], row[`${metric}__${shift}`])[part];
      }
      return out;
    },
  };
}
