/**
 * What the timeseries family (transformProps.ts) and the mixed chart (mixedTimeseries/querySeries.ts)
 * both read the same way: the kind of series a viz type draws, the reply's x column, and a series'
 * value for ordering.
 */
import type { QueryFormData } from '@rama/shared';
import { bool, columnLabel, str } from '../utils';

export interface SeriesKind {
  type: 'line' | 'bar' | 'scatter';
  smooth: boolean;
  step: 'start' | 'middle' | 'end' | false;
  area: boolean;
}

const STEPS = ['start', 'middle', 'end'] as const;

/** What each viz type draws; the generic timeseries and area charts read `seriesType`. */
export function seriesKindOf(formData: QueryFormData): SeriesKind {
  const vizType = formData.viz_type;
  const chosen = str(formData.seriesType, '');
  const kind = (type: SeriesKind['type'], extra: Partial<SeriesKind> = {}): SeriesKind => ({
    type,
    smooth: false,
    step: false,
    area: false,
    ...extra,
  });
  const fromChoice = (fallback: string, allowed: string[]): SeriesKind => {
    const s = allowed.includes(chosen) ? chosen : fallback;
    if (s === 'bar' || s === 'scatter') return kind(s);
    if (s === 'smooth') return kind('line', { smooth: true });
    if ((STEPS as readonly string[]).includes(s)) return kind('line', { step: s as SeriesKind['step'] });
    return kind('line');
  };
  switch (vizType) {
    case 'echarts_timeseries_bar':
      return kind('bar');
    case 'echarts_timeseries_scatter':
      return kind('scatter');
    case 'echarts_timeseries_smooth':
      return kind('line', { smooth: true });
    case 'echarts_timeseries_step':
      return fromChoice('start', [...STEPS]);
    case 'echarts_area':
      return { ...fromChoice('line', ['line', 'smooth', ...STEPS]), area: true };
    case 'echarts_timeseries': {
      const k = fromChoice('line', ['line', 'scatter', 'smooth', 'bar', ...STEPS]);
      return { ...k, area: k.type === 'line' && bool(formData.area, false) };
    }
    default:
      return kind('line');
  }
}

/** The reply's x column: the legacy `__timestamp`, else the x axis's label, else the first column. */
export function xColumnOf(formData: QueryFormData, colnames: string[]): string | null {
  if (colnames.includes('__timestamp')) return '__timestamp';
  const x = columnLabel(formData.x_axis ?? formData.granularity_sqla);
  if (x && colnames.includes(x)) return x;
  return colnames[0] ?? null;
}

/** A series' value for ordering by `sort_series_type` (min, max, sum, avg; sum for anything else). */
export const aggregate = (values: (number | null)[], type: string): number => {
  const present = values.filter((v): v is number => v !== null);
  if (!present.length) return 0;
  if (type === 'min') return Math.min(...present);
  if (type === 'max') return Math.max(...present);
  const sum = present.reduce((a, b) => a + b, 0);
  return type === 'avg' ? sum / present.length : sum;
};
