/**
 * The paired t-test's query: the metrics on the legacy time axis (`__timestamp`) by the groups; the
 * sort metric joins the metrics and orders the rows when "Sort descending" is on, as the BI
 * server's plugin asks. Each group's series is tested against the control group in the browser.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';
import { withSortMetric } from '../legacyControls.js';

export const buildPairedTTestQuery: BuildQuery = (fd) => {
  const { metrics, orderby } = withSortMetric(fd, uniqueMetrics(ensureArray<QueryMetric>(fd.metrics)));
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics,
    columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)),
    orderby,
    is_timeseries: true,
  };
  return buildQueryContext(fd, [q]);
};
