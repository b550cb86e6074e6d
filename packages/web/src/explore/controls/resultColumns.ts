/**
 * The columns a chart's result will have, read from its form data: what the column config and
 * conditional formatting controls offer. Raw-records tables list `all_columns`; aggregated charts
 * list their dimensions, then their metrics (percentage metrics as `%label`, as the table names them).
 * A table comparing with time shifts lists each metric's comparison columns (`Main m`, `# m` …) instead.
 */
import { tableTimeShifts, type ExploreDatasource } from '@rama/shared';
import { comparedColumns } from '../../visualizations/table/timeComparison';
import { columnKey, columnKind, columnList, findColumn, type ColumnKind } from './columns';
import { metricKey, metricList } from './metrics';

export interface ResultColumn {
  name: string;
  kind: ColumnKind;
  isMetric: boolean;
}

export function resultColumnsOf(formData: Record<string, unknown>, datasource: ExploreDatasource | null): ResultColumn[] {
  const columns = datasource?.columns ?? [];
  const out: ResultColumn[] = [];
  const seen = new Set<string>();
  const add = (name: string, kind: ColumnKind, isMetric: boolean) => {
    if (!name || seen.has(name)) return;
    seen.add(name);
    out.push({ name, kind, isMetric });
  };
  const raw = formData.query_mode === 'raw';
  const dims = raw ? columnList(formData.all_columns) : [...columnList(formData.groupby), ...columnList(formData.columns)];
  for (const c of dims) {
    const found = findColumn(columns, c);
    add(columnKey(c), found ? columnKind(found) : 'expression', false);
  }
  if (!raw) {
    const metrics = [...metricList(formData.metrics), ...metricList(formData.metric)].map(metricKey);
    const shifts = formData.viz_type === 'table' ? tableTimeShifts(formData) : [];
    const names = shifts.length
      ? comparedColumns(
          [...metrics, ...metrics.flatMap((m) => shifts.map((s) => `${m}__${s}`))],
          [],
          metrics,
          shifts,
          formData.comparison_type,
        ).names
      : metrics;
    for (const name of names) add(name, 'numeric', true);
    for (const m of metricList(formData.percent_metrics)) add(`%${metricKey(m)}`, 'numeric', true);
  }
  return out;
}
