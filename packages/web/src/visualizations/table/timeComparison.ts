/**
 * The table's time comparison (aggregate mode with `time_compare`), as the BI server's table shows
 * it: for each metric the main value ("Main"), the value of the shifted period ("#"), the
 * difference ("△") and the percentage change ("%"). The shifted values arrive as
 * `<metric>__<offset>` columns (the chart data engine's `time_offsets`).
 */

export const COMPARISON_PARTS = ['Main', '#', '△', '%'] as const;
export type ComparisonPart = (typeof COMPARISON_PARTS)[number];

/** The first time shift of the form data (the table compares with one period). */
export function tableTimeShift(fd: Record<string, unknown>): string | null {
  const v = Array.isArray(fd.time_compare) ? fd.time_compare[0] : fd.time_compare;
  return typeof v === 'string' && v.trim() && v !== 'inherit' && v !== 'custom' ? v : null;
}

/** A comparison column's key: `Main <metric>`, `# <metric>`, `△ <metric>`, `% <metric>`. */
export const comparisonKey = (part: ComparisonPart, metric: string): string => `${part} ${metric}`;

const numberOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** The four values of one metric in one row. */
export function comparisonValues(main: unknown, shifted: unknown): Record<ComparisonPart, number | null> {
  const a = numberOf(main);
  const b = numberOf(shifted);
  const difference = a !== null && b !== null ? a - b : null;
  return {
    Main: a,
    '#': b,
    '△': difference,
    '%': difference !== null && b !== null && b !== 0 ? difference / Math.abs(b) : null,
  };
}

export interface ComparedColumns {
  /** the result's column names with each compared metric replaced by its four columns */
  names: string[];
  types: (number | undefined)[];
  /** comparison column key → its metric and part */
  parts: Map<string, { metric: string; part: ComparisonPart }>;
  /** a row with the comparison columns added */
  row: (row: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The result's columns with time comparison: each metric that has its `<metric>__<offset>` column
 * becomes Main / # / △ / %, and the shifted column itself is not shown on its own.
 */
export function comparedColumns(
  names: readonly string[],
  types: readonly (number | undefined)[],
  metrics: readonly string[],
  offset: string,
): ComparedColumns {
  const compared = metrics.filter((m) => names.includes(m) && names.includes(`${m}__${offset}`));
  const shiftedKeys = new Set(compared.map((m) => `${m}__${offset}`));
  const outNames: string[] = [];
  const outTypes: (number | undefined)[] = [];
  const parts = new Map<string, { metric: string; part: ComparisonPart }>();
  names.forEach((name, i) => {
    if (shiftedKeys.has(name)) return;
    if (!compared.includes(name)) {
      outNames.push(name);
      outTypes.push(types[i]);
      return;
    }
    for (const part of COMPARISON_PARTS) {
      const key = comparisonKey(part, name);
      outNames.push(key);
      outTypes.push(0);
      parts.set(key, { metric: name, part });
    }
  });
  return {
    names: outNames,
    types: outTypes,
    parts,
    row: (row) => {
      if (!compared.length) return row;
      const out = { ...row };
      for (const m of compared) {
        const values = comparisonValues(row[m], row[`${m}__${offset}`]);
        for (const part of COMPARISON_PARTS) out[comparisonKey(part, m)] = values[part];
      }
      return out;
    },
  };
}
