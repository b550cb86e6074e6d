/**
 * Explore opened from a dashboard's "Edit chart" (spec: Explore keeps the dashboard's filters), as
 * the peer does: the filters and cross-filters the dashboard applies to the chart (its
 * `extra_form_data`) become the chart's own controls — filters as adhoc filters marked `isExtra`
 * (shown as dashboard filters, left out when the chart is saved), the time range, time column and
 * time grain into their controls — and `dashboardId` names the dashboard the save dialog offers.
 */
import type { AdhocFilter, ExtraFormData, QueryFormData, QueryObjectFilter } from '@rama/shared';
import { newOptionName } from './controls/metrics';
import { t } from '../i18n';
import { operatorIdOf, type ControlAdhocFilter, type SimpleAdhocFilter } from './controls/filters';

/**
 * The peer's tooltip on a filter inherited from the dashboard, in the user's language. (The
 * English constant stays for the one caller in controls/ until it calls the function.)
 */
export const dashboardFilterTitle = (): string => t('explore:message.dashboardFilter');
export const DASHBOARD_FILTER_TITLE = "This filter was inherited from the dashboard's context. It won't be saved when saving the chart."; // i18n-ignore: English kept for controls/AdhocFilterControl until it calls dashboardFilterTitle()

function fromQueryFilter(f: QueryObjectFilter): SimpleAdhocFilter | null {
  if (typeof f.col !== 'string' || !f.col) return null;
  const operatorId = operatorIdOf(f.op);
  if (!operatorId) return null;
  const out: SimpleAdhocFilter = {
    expressionType: 'SIMPLE',
    subject: f.col,
    operator: f.op,
    operatorId,
    clause: 'WHERE',
    isExtra: true,
    filterOptionName: newOptionName('filter'),
  };
  if (f.val !== undefined) out.comparator = f.val;
  return out;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The chart's form data with what the dashboard applies to it written into its controls; no
 * `extra_form_data` is left (Explore's own controls now hold it, and the user may change them).
 */
export function formDataWithDashboardContext(formData: QueryFormData, dashboardId: number): QueryFormData {
  const extra = (formData.extra_form_data ?? {}) as ExtraFormData;
  const own = (Array.isArray(formData.adhoc_filters) ? formData.adhoc_filters : []) as ControlAdhocFilter[];
  const timeRange = text(extra.time_range);
  let filters: ControlAdhocFilter[] = timeRange
    ? own.map((f) =>
        f.expressionType === 'SIMPLE' && operatorIdOf(f.operator, f.operatorId) === 'TEMPORAL_RANGE' ? { ...f, comparator: timeRange } : f,
      )
    : [...own];
  const timeColumn = text(extra.granularity_sqla) ?? text(extra.time_column);
  if (timeRange && !filters.some((f) => f.expressionType === 'SIMPLE' && operatorIdOf(f.operator, f.operatorId) === 'TEMPORAL_RANGE')) {
    const column = timeColumn ?? text(formData.granularity_sqla);
    if (column)
      filters.push({
        expressionType: 'SIMPLE',
        subject: column,
        operator: 'TEMPORAL_RANGE',
        operatorId: 'TEMPORAL_RANGE',
        comparator: timeRange,
        clause: 'WHERE',
        isExtra: true,
        filterOptionName: newOptionName('filter'),
      });
  }
  for (const f of extra.filters ?? []) {
    const converted = fromQueryFilter(f);
    if (converted) filters.push(converted);
  }
  for (const f of (extra.adhoc_filters ?? []) as AdhocFilter[])
    filters.push({
      ...(f as unknown as ControlAdhocFilter),
      isExtra: true,
      filterOptionName: newOptionName('filter'),
    } as ControlAdhocFilter);
  filters = filters.map((f) => ({ ...f }));
  const out: QueryFormData = { ...formData, adhoc_filters: filters, dashboardId };
  delete out.extra_form_data;
  if (timeRange) out.time_range = timeRange;
  if (timeColumn) out.granularity_sqla = timeColumn;
  const grain = text(extra.time_grain_sqla);
  if (grain) out.time_grain_sqla = grain;
  return out;
}

/** Filters the dashboard put there are not part of the chart: saving leaves them out. */
export function withoutDashboardFilters(formData: QueryFormData): QueryFormData {
  if (!Array.isArray(formData.adhoc_filters)) return formData;
  const kept = (formData.adhoc_filters as { isExtra?: boolean }[]).filter((f) => !f?.isExtra);
  return kept.length === formData.adhoc_filters.length ? formData : { ...formData, adhoc_filters: kept };
}

/** The dashboard Explore was opened from (the save dialog offers it), or null. */
export function dashboardIdOf(formData: QueryFormData): number | null {
  const id = Number(formData.dashboardId);
  return Number.isInteger(id) && id > 0 ? id : null;
}
