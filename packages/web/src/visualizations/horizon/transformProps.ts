/**
 * Horizon chart: one band row per series (per group; per metric and group with several metrics),
 * every row on the same timestamps, with the row's label, its cross-filter values and the texts the
 * hover read-out shows.
 */
import { getNumberFormatter, getTimeFormatterForGranularity, type NumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../types';
import { dimensionColumn, type DimensionValue } from '../crossFilter';
import { displayNameOf, firstQuery, num, str } from '../echarts/utils';
import { labelsOf, pivotLegacyTimeseries, toContribution } from '../legacyTimeseries';
import { extentOf, rowValues, type HorizonScale } from './bands';

export interface HorizonRow {
  title: string;
  values: (number | null)[];
  /** what a click on the row cross-filters: its groups' physical columns */
  filters: DimensionValue[];
}

export interface HorizonChartProps {
  rows: HorizonRow[];
  /** the timestamps' text, one per point, for the read-out and the time line */
  times: string[];
  seriesHeight: number;
  /** the shared value domain of 'overall', else null (each row its own) */
  yDomain: [number, number] | null;
  colorScale: HorizonScale;
  formatValue: NumberFormatter;
}

const SCALES: HorizonScale[] = ['series', 'overall', 'change'];

export function transformProps(input: ChartPropsInput): HorizonChartProps {
  const { formData: fd, queriesData, datasource } = input;
  const { data, label_map } = firstQuery(queriesData);
  const labels = labelsOf(fd.groupby, fd.metrics);
  let pivot = pivotLegacyTimeseries(data, labels.groups, labels.metrics);
  const contribution = fd.contribution === true;
  if (contribution) pivot = toContribution(pivot);
  const colorScale = SCALES.includes(fd.horizon_color_scale as HorizonScale) ? (fd.horizon_color_scale as HorizonScale) : 'series';
  const groupby = Array.isArray(fd.groupby) ? (fd.groupby as unknown[]) : [];
  const manyMetrics = labels.metrics.length > 1;
  const rows = pivot.series.map((s): HorizonRow => {
    const metric = displayNameOf(s.metric, datasource, label_map);
    const key = manyMetrics || s.groupLabels.length === 0 ? [metric, ...s.groupLabels] : s.groupLabels;
    const filters = labels.groups.flatMap((g, i) => {
      const col = dimensionColumn(groupby.find((c) => dimensionColumn(c) === g));
      return col ? [{ col, val: s.groupValues[i], formattedVal: s.groupLabels[i] }] : [];
    });
    return { title: key.join(', '), values: rowValues(s.values, colorScale), filters };
  });
  const formatTime = getTimeFormatterForGranularity(str(fd.time_grain_sqla, '') || null);
  const own = labels.metrics.length === 1 ? (datasource?.metrics.find((m) => m.metric_name === labels.metrics[0])?.d3format ?? '') : '';
  return {
    rows,
    times: pivot.timestamps.map((t) => formatTime(t)),
    seriesHeight: Math.max(4, Math.round(num(fd.series_height, 25))),
    yDomain: colorScale === 'overall' ? extentOf(rows.flatMap((r) => r.values)) : null,
    colorScale,
    formatValue: getNumberFormatter(contribution ? '.1%' : own || 'SMART_NUMBER'),
  };
}
