/**
 * What the save modal sends and says (spec section 4 "Saving a chart", section 7 "Charts",
 * section 8 save messages). Pure, so the payload and the messages are unit-tested.
 */
import { withoutDashboardFilters } from './dashboardContext';
import type { ChartCreate, QueryContext, QueryFormData } from '@rama/shared';
import { t } from '../i18n';

export type SaveAction = 'overwrite' | 'saveas';

export interface SaveInput {
  action: SaveAction;
  sliceName: string;
  formData: QueryFormData;
  datasourceId: number;
  datasourceType: string;
  /** buildQuery(formData); null when the viz type has no definition */
  queryContext: QueryContext | null;
  /** the dashboards the saved chart is already on (kept when overwriting) */
  currentDashboardIds: number[];
  /** the dashboard picked in the modal (created first when new) */
  dashboardId: number | null;
}

/** Form data as stored: no chart id (a copy is another chart), no dashboard context (nor the dashboard's filters). */
export function formDataToSave(formData: QueryFormData): QueryFormData {
  const out: Record<string, unknown> = { ...withoutDashboardFilters(formData) };
  for (const key of ['slice_id', 'url_params', 'extra_form_data', 'dashboardId', 'force']) delete out[key];
  return out as QueryFormData;
}

export function chartSavePayload(input: SaveInput): ChartCreate {
  const formData = formDataToSave(input.formData);
  const dashboards = input.action === 'overwrite' ? [...input.currentDashboardIds] : [];
  if (input.dashboardId !== null && !dashboards.includes(input.dashboardId)) dashboards.push(input.dashboardId);
  const queryContext = input.queryContext
    ? { ...input.queryContext, form_data: formData, force: false, result_format: 'json', result_type: 'full' }
    : null;
  return {
    slice_name: input.sliceName.trim(),
    viz_type: formData.viz_type,
    params: JSON.stringify(formData),
    query_context: queryContext ? JSON.stringify(queryContext) : null,
    datasource_id: input.datasourceId,
    datasource_type: input.datasourceType,
    dashboards,
  };
}

export interface SavedDashboard {
  title: string;
  /** created by this save */
  created: boolean;
}

/** The success toasts of a save, in order, in the user's language. */
export function saveMessages(action: SaveAction, sliceName: string, dashboard: SavedDashboard | null): string[] {
  const out = [t(action === 'overwrite' ? 'explore:message.overwritten' : 'explore:message.saved', { name: sliceName })];
  if (dashboard)
    out.push(
      dashboard.created
        ? t('explore:message.dashboardCreated', { dashboard: dashboard.title, name: sliceName })
        : t('explore:message.addedToDashboard', { name: sliceName, dashboard: dashboard.title }),
    );
  return out;
}

/** Overwriting needs a saved chart the user may change (spec section 6: owner, or admin). */
export function canOverwrite(slice: { owners: number[] } | null, userId: number, isAdmin: boolean): boolean {
  if (!slice) return false;
  return isAdmin || slice.owners.includes(userId);
}

/** The dashboards the save modal offers: those the user owns (admins: every one). */
export function dashboardListQuery(userId: number, isAdmin: boolean) {
  return {
    filters: isAdmin ? [] : [{ col: 'owners', opr: 'rel_m_m', value: userId }],
    order_column: 'changed_on_delta_humanized',
    order_direction: 'desc' as const,
    page: 0,
    page_size: 100,
  };
}
