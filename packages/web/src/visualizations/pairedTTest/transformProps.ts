/**
 * Paired t-test: per metric, each group's series over time (the reply pivoted on `__timestamp`),
 * the headers of the group columns, and the test's parameters from the controls.
 */
import type { ChartPropsInput } from '../types';
import { displayNameOf, firstQuery, num } from '../echarts/utils';
import { labelsOf, pivotLegacyTimeseries, toContribution } from '../legacyTimeseries';
import type { TTestOptions, TTestSeries } from './tTestTable';

export interface PairedTTestProps extends TTestOptions {
  /** the group columns' names as headers */
  groups: string[];
  /** one table per metric */
  tables: { metric: string; title: string; series: TTestSeries[] }[];
}

export function transformProps(input: ChartPropsInput): PairedTTestProps {
  const { formData: fd, queriesData, datasource } = input;
  const { data, label_map } = firstQuery(queriesData);
  const labels = labelsOf(fd.groupby, fd.metrics);
  let pivot = pivotLegacyTimeseries(data, labels.groups, labels.metrics);
  if (fd.contribution === true) pivot = toContribution(pivot);
  return {
    groups: labels.groups.map((g) => datasource?.verbose_map?.[g] ?? g),
    tables: labels.metrics.map((metric) => ({
      metric,
      title: displayNameOf(metric, datasource, label_map),
      series: pivot.series.filter((s) => s.metric === metric).map((s) => ({ group: s.groupLabels, values: s.values })),
    })),
    alpha: num(fd.significance_level, 0.05),
    pValuePrecision: num(fd.pvalue_precision, 6),
    liftPrecision: num(fd.liftvalue_precision, 4),
  };
}
