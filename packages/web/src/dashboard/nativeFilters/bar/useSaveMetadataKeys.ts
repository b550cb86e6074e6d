/**
 * Saving filter bar settings at once (issue 13 parts 2 and 4): the json_metadata-only PUT (spec
 * section 7), whose reply gives the stored metadata back. The bar's menu (useBarSettings.tsx) and
 * the cross-filter scoping dialog (CrossFilterScopingModal.tsx) both save through it.
 */
import { useTranslation } from 'react-i18next';
import type { DashboardMetadata } from '@rama/shared';
import { errorMessage } from '../../../core/api';
import { useAppDispatch, useAppSelector, useToasts } from '../../../core/hooks';
import { useUpdateDashboardMutation } from '../../../dashboards/dashboardPageApi';
import { dashboardInfoActions, parseDashboardMetadata } from '../../state/dashboardInfoSlice';

/** Saves some json_metadata keys now (on top of the saved metadata, so unsaved edits stay unsaved). */
export function useSaveMetadataKeys(): (patch: Partial<DashboardMetadata>, failure: string) => Promise<boolean> {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { addDangerToast } = useToasts();
  const id = useAppSelector((s) => s.dashboardInfo.id);
  const saved = useAppSelector((s) => s.dashboardInfo.saved?.json_metadata ?? s.dashboardInfo.json_metadata);
  const current = useAppSelector((s) => s.dashboardInfo.json_metadata);
  const [update] = useUpdateDashboardMutation();
  return async (patch, failure) => {
    try {
      const reply = await update({ id, body: { json_metadata: JSON.stringify({ ...saved, ...patch }) } }).unwrap();
      const stored = parseDashboardMetadata(reply.result.json_metadata ?? JSON.stringify({ ...saved, ...patch }));
      const picked = Object.fromEntries(Object.keys(patch).map((k) => [k, stored[k]]));
      dispatch(dashboardInfoActions.update({ json_metadata: { ...current, ...picked }, last_modified_time: reply.last_modified_time }));
      dispatch(dashboardInfoActions.markSaved(picked));
      return true;
    } catch (e) {
      addDangerToast(t('filterBar.failureWithError', { failure, error: errorMessage(e) }));
      return false;
    }
  };
}
