/**
 * One metric's t-test table (pure): per group, its p-value and lift against the control group as
 * the peer writes them (fixed decimals; 'control' on the control row), whether the difference is
 * significant at the chosen level, the colour class of each cell, and the peer's column orders.
 */
import { liftPercent, pairedTTestPValue } from './statistics';

export interface TTestSeries {
  /** the group's values as text, one per group column */
  group: string[];
  /** one per timestamp, null where the group has no value */
  values: (number | null)[];
}

export type CellStatus = 'control' | 'invalid' | 'positive' | 'negative' | '';

export interface TTestRow {
  group: string[];
  isControl: boolean;
  /** the p-value to the chosen decimals, 'NaN' when it cannot be computed, or 'control' */
  pValue: string;
  lift: string;
  significant: boolean | 'control';
  pStatus: CellStatus;
  liftStatus: CellStatus;
}

export interface TTestOptions {
  alpha: number;
  pValuePrecision: number;
  liftPrecision: number;
}

/** toFixed as the peer calls it: at most 32 places (more throws in JS: the peer caps it too). */
const fixed = (v: number, digits: number) => v.toFixed(Math.min(Math.max(0, Math.trunc(digits)), 32));

export function tTestRows(series: TTestSeries[], controlIndex: number, options: TTestOptions): TTestRow[] {
  const control = series[controlIndex];
  return series.map((s, i) => {
    if (i === controlIndex || !control) {
      return {
        group: s.group,
        isControl: true,
        pValue: 'control',
        lift: 'control',
        significant: 'control',
        pStatus: 'control',
        liftStatus: 'control',
      };
    }
    const p = pairedTTestPValue(s.values, control.values);
    const lift = liftPercent(s.values, control.values);
    const pValue = fixed(p, options.pValuePrecision);
    const liftText = fixed(lift, options.liftPrecision);
    return {
      group: s.group,
      isControl: false,
      pValue,
      lift: liftText,
      // 'NaN' <= alpha is false: an incomputable p-value is never significant
      significant: Number(pValue) <= options.alpha,
      pStatus: Number.isFinite(Number(pValue)) ? '' : 'invalid',
      liftStatus: !Number.isFinite(Number(liftText)) ? 'invalid' : Number(liftText) >= 0 ? 'positive' : 'negative',
    };
  });
}

export type TTestSortKey = { kind: 'group'; index: number } | { kind: 'pValue' } | { kind: 'lift' } | { kind: 'significant' };

/**
 * The peer's orders: the control first always; p-values ascending, lifts descending (values that
 * are not finite first), significant rows first, groups as text. `reverse` flips all but the control.
 */
export function sortTTestRows(rows: TTestRow[], key: TTestSortKey, reverse: boolean): TTestRow[] {
  const compare = (a: TTestRow, b: TTestRow): number => {
    switch (key.kind) {
      case 'group':
        return (a.group[key.index] ?? '').localeCompare(b.group[key.index] ?? '', undefined, { numeric: true });
      case 'pValue':
        return Number(a.pValue) - Number(b.pValue) || 0;
      case 'lift': {
        const x = Number(a.lift);
        const y = Number(b.lift);
        if (!Number.isFinite(x) || !Number.isFinite(y)) return Number(Number.isFinite(x)) - Number(Number.isFinite(y));
        return y - x;
      }
      case 'significant':
        return Number(b.significant === true) - Number(a.significant === true);
    }
  };
  const control = rows.filter((r) => r.isControl);
  const rest = rows.filter((r) => !r.isControl).sort((a, b) => (reverse ? -compare(a, b) : compare(a, b)));
  return [...control, ...rest];
}
