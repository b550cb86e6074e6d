/**
 * A time table's cells (pure), as the BI server's table computes them from the rows' series over
 * time (oldest first): a sparkline (optionally of the ratio to `timeRatio` periods before), a time
 * comparison of the latest value with the one `timeLag` periods before, the latest value's share of
 * the latest total of all rows, or the average of the latest `timeLag` periods; a value coloured
 * from the column's bounds.
 */
import { t } from '../../i18n';
import type { TimeTableColumn } from '@rama/shared';

/** The peer's accessible pair: red below, blue above, grey between. */
export const BOUND_COLORS = ['#ca0020', '#0571b0'] as const;

export const intOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number.parseInt(v, 10) : Number.NaN;
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

/** The sparkline's points: the values, or each one's ratio to the value `timeRatio` periods before (null where that is 0 or missing). */
export function sparklineData(values: readonly (number | null)[], column: TimeTableColumn): (number | null)[] {
  const ratio = intOf(column.timeRatio);
  if (!ratio || ratio <= 0) return [...values];
  const out: (number | null)[] = [];
  for (let i = ratio; i < values.length; i++) {
    const before = values[i - ratio];
    const now = values[i];
    out.push(before && now !== null ? now / before : null);
  }
  return out;
}

export interface CellValue {
  value: number | null;
  error?: string;
}

/**
 * The value of a comparison, contribution or average cell. `values` is the row's series (oldest
 * first); `latestTotal` is the sum of every row's latest value (contribution).
 */
export function cellValue(values: readonly (number | null)[], column: TimeTableColumn, latestTotal: number): CellValue {
  const n = values.length;
  if (n === 0) return { value: null };
  const recent = values[n - 1];
  if (column.colType === 'time') {
    const lag = intOf(column.timeLag) ?? 0;
    if (Math.abs(lag) >= n) {
      return { value: null, error: t('visualizations:timeTable.lagTooLarge', { lag: String(lag), length: String(n) }) };
    }
    // a negative lag counts from the oldest period
    const lagged = lag < 0 ? values[-lag - 1] : values[n - 1 - lag];
    if (lagged === null || recent === null) return { value: null };
    switch (column.comparisonType) {
      case 'diff':
        return { value: recent - lagged };
      case 'perc':
        return { value: recent / lagged };
      case 'perc_change':
        return { value: recent / lagged - 1 };
      default:
        return { value: lagged };
    }
  }
  if (column.colType === 'contrib') return { value: recent === null || latestTotal === 0 ? null : recent / latestTotal };
  if (column.colType === 'avg') {
    const lag = intOf(column.timeLag);
    // without a number of periods, the average of them all
    const window = values.slice(lag && lag > 0 ? Math.max(0, n - lag) : 0).filter((v): v is number => v !== null);
    return { value: window.length ? window.reduce((a, b) => a + b, 0) / window.length : null };
  }
  return { value: recent };
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const [x, y] = [hexToRgb(a), hexToRgb(b)];
  const c = x.map((v, i) => Math.round(v + (y[i] - v) * Math.min(1, Math.max(0, t))));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** The value's colour from the column's bounds: a red–grey–blue scale with both, a threshold with one, none without. */
export function colorFromBounds(value: number | null, bounds: TimeTableColumn['bounds']): string | null {
  if (value === null || !Array.isArray(bounds)) return null;
  const [min, max] = bounds;
  const [low, high] = BOUND_COLORS;
  if (min !== null && min !== undefined && max !== null && max !== undefined) {
    const mid = (min + max) / 2;
    if (max === min) return value >= max ? high : low;
    return value <= mid ? mix(low, '#808080', (value - min) / (mid - min)) : mix('#808080', high, (value - mid) / (max - mid));
  }
  if (min !== null && min !== undefined) return value >= min ? high : low;
  if (max !== null && max !== undefined) return value < max ? high : low;
  return null;
}
