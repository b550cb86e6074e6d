/**
 * Country map: the metric by subdivision (ISO 3166-2 code, e.g. `US-CA`), each subdivision filled
 * along the sequential scheme from the smallest to the largest value. The shapes are not known
 * here (the United States ship with Rama; other countries are files an admin adds, loaded by the
 * component): this reads the rows, and `countryMapOption` draws them once the shapes are in.
 */
import { countryMapLabel, sequentialColor, usStateByCode, type NumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import { columnLabel, firstQuery, metricLabel, str, toNumber } from '../utils';
import { metricFormatter, verboseName } from '../valueFormats';
import { NO_DATA_COLOR } from '../geo/mapLayout';
import type { RegionFilters } from '../geo/regionInteraction';

export interface CountryMapRegion {
  /** the subdivision code as the shapes key it */
  key: string;
  value: number | null;
  fill: string;
}

export interface CountryMapChartProps {
  /** `select_country`; null when none is chosen */
  country: string | null;
  countryLabel: string;
  regions: CountryMapRegion[];
  metricName: string;
  format: NumberFormatter;
  /** the scheme and the formatted ends of the value range, for the legend; null without values */
  legend: { scheme: string; min: string; max: string } | null;
  /** per subdivision code: what a click or a right click on it filters (dashboards) */
  regionFilters: RegionFilters;
}

/**
 * A code as the shapes key it: upper case; for the United States a USPS code (`CA`) is read as its
 * ISO 3166-2 code (`US-CA`) too, since that is what many tables hold.
 */
export function subdivisionKey(country: string | null, value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const code = String(value).trim().toUpperCase();
  if (code === '') return null;
  if (country === 'usa') return usStateByCode(code)?.iso ?? code;
  return code;
}

export function transformProps(input: ChartPropsInput): CountryMapChartProps {
  const { formData: fd, datasource, queriesData } = input;
  const country = typeof fd.select_country === 'string' && fd.select_country !== '' ? fd.select_country : null;
  const entity = columnLabel(fd.entity);
  const metric = metricLabel(fd.metric);
  const { data } = firstQuery(queriesData);
  const rows = new Map<string, { value: number | null; raw: unknown }>();
  for (const row of data) {
    const raw = entity === null ? undefined : row[entity];
    const key = subdivisionKey(country, raw);
    if (key !== null) rows.set(key, { value: metric === null ? null : toNumber(row[metric]), raw });
  }
  const values = [...rows.values()].map((r) => r.value).filter((v): v is number => v !== null);
  const lo = values.length ? Math.min(...values) : 0;
  const hi = values.length ? Math.max(...values) : 0;
  const scheme = str(fd.linear_color_scheme, '');
  const fillOf = (v: number | null) => (v === null ? NO_DATA_COLOR : sequentialColor(scheme, hi === lo ? 0.5 : (v - lo) / (hi - lo)));
  const format = metricFormatter(fd.number_format, metric, datasource);
  const dimension = dimensionColumn(fd.entity);
  const regionFilters: RegionFilters = {};
  for (const [key, r] of rows) {
    const values: DimensionValue[] = dimension ? [{ col: dimension, val: r.raw ?? null, formattedVal: valueText(r.raw) }] : [];
    regionFilters[key] = { label: key, values };
  }
  return {
    country,
    countryLabel: country === null ? '' : countryMapLabel(country),
    regions: [...rows].map(([key, r]) => ({ key, value: r.value, fill: fillOf(r.value) })),
    metricName: metric === null ? '' : verboseName(metric, datasource),
    format,
    legend: values.length ? { scheme, min: format(lo), max: format(hi) } : null,
    regionFilters,
  };
}
