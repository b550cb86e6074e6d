/**
 * The calendar heatmap's query, as the BI server's legacy calendar asks it: the metrics by the
 * time column truncated to the subdomain's grain (a cell), on the legacy time axis (`__timestamp`).
 */
import type { QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { ROW_LIMIT_CONTROL_DEFAULT } from '../sharedControls.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueMetrics, withExtraFormData } from '../buildQueryHelpers.js';

/** A cell's grain per subdomain (the BI server's mapping). */
export const SUBDOMAIN_GRAINS: Readonly<Record<string, string>> = {
  min: 'PT1M',
  hour: 'PT1H',
  day: 'P1D',
  week: 'P1W',
  month: 'P1M',
  year: 'P1Y',
};

export const buildCalHeatmapQuery: BuildQuery = (formData) => {
  const fd = withExtraFormData(formData);
  const base = baseQueryObject(formData);
  const subdomain = typeof fd.subdomain_granularity === 'string' ? fd.subdomain_granularity : 'min';
  const timeColumn = typeof fd.granularity_sqla === 'string' && fd.granularity_sqla !== '' ? fd.granularity_sqla : null;
  const q: QueryObject = {
    ...base,
    granularity: timeColumn,
    is_timeseries: true,
    columns: [],
    metrics: uniqueMetrics(ensureArray<QueryMetric>(fd.metrics)),
    extras: { ...base.extras, time_grain_sqla: SUBDOMAIN_GRAINS[subdomain] ?? SUBDOMAIN_GRAINS.min },
    // the legacy calendar has no row limit control and its server read up to 50,000 rows; Rama's
    // default of 1,000 would cut a year of hours short
    row_limit: base.row_limit ?? ROW_LIMIT_CONTROL_DEFAULT,
  };
  return buildQueryContext(formData, [q]);
};
