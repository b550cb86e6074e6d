/**
 * Saving the dashboard in edit mode (issue 12 part 4; spec section 4 "Saving", "Overwrite
 * confirmation"; section 7 PUT with the full body; section 8 messages): the server copy is read
 * first, and when someone saved it after this page loaded it and its values differ from the ones
 * to be written, the save stops for the user to confirm the overwrite. A successful save clears
 * unsaved changes, the undo overflow flag and edit mode, and the address becomes the dashboard's
 * path by slug without a reload.
 */
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { DASHBOARD_MESSAGES, DASHBOARD_URL_PARAMS, ErrorType, dashboardPath, withoutParam, type DashboardDetail } from '@rama/shared';
import { request, toClientError } from '../../core/api';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { sharedText, t } from '../../i18n';
import { displayName, useGetBootstrapQuery, useSession } from '../../core/session';
import type { RootState } from '../../core/state';
import { useUpdateDashboardMutation } from '../../dashboards/dashboardPageApi';
import { dashboardInfoActions, parseDashboardMetadata } from '../state/dashboardInfoSlice';
import { dashboardStateActions, type OverwriteConfirmMetadata } from '../state/dashboardStateSlice';
import { selectLayout } from '../state/layoutSlice';
import { buildSaveBody, isServerNewer, overwriteItems, serverModifiedTime, type DashboardSaveBody } from './savePayload';

/** The DASHBOARD_RBAC feature flag, as the bootstrap reports it (spec section 6: roles are sent only with it). */
export function useDashboardRbac(): boolean {
  const { data } = useGetBootstrapQuery();
  return data?.feature_flags.DASHBOARD_RBAC === true;
}

/** The message of a failed save (spec section 6 and 8). */
export function saveErrorMessage(error: unknown): string {
  const e = toClientError(error);
  // a 403 that is an expired session keeps its own message
  if (e.status === 403 && e.errorType !== ErrorType.FRONTEND_CSRF_ERROR) return sharedText('messages', DASHBOARD_MESSAGES.noSavePermission);
  // DASHBOARD_MESSAGES.saveError's words, in the current language
  return t('dashboard:msg.saveError', { detail: e.message || sharedText('messages', DASHBOARD_MESSAGES.unknownError) });
}

export interface SaveDashboard {
  /** Save what the page shows, after the overwrite check. */
  save: () => Promise<void>;
  /** The user confirmed the overwrite: write the body that was held back. */
  overwrite: () => Promise<void>;
  /** The user declined the overwrite. */
  cancelOverwrite: () => void;
  saving: boolean;
}

export function useSaveDashboard(): SaveDashboard {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const rbac = useDashboardRbac();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [updateDashboard] = useUpdateDashboardMutation();
  const saving = useAppSelector((s) => s.dashboardState.dashboardIsSaving);

  const put = useCallback(
    async (id: number, body: DashboardSaveBody) => {
      try {
        const reply = await updateDashboard({ id, body }).unwrap();
        const stored = reply.result;
        const slug = stored.slug !== undefined ? stored.slug : body.slug;
        dispatch(
          dashboardInfoActions.update({
            dashboard_title: stored.dashboard_title ?? body.dashboard_title,
            slug,
            certified_by: body.certified_by,
            certification_details: body.certification_details,
            css: body.css,
            json_metadata: parseDashboardMetadata(stored.json_metadata ?? body.json_metadata),
            last_modified_time: reply.last_modified_time ?? stored.last_modified_time,
            changed_on: new Date().toISOString(),
            changed_by_name: displayName(user),
          }),
        );
        dispatch(dashboardStateActions.saveFinished({ ok: true }));
        addSuccessToast(sharedText('messages', DASHBOARD_MESSAGES.saved));
        // spec section 2: "After a save the address is replaced with this path without reloading the page."
        const search = withoutParam(location.search, DASHBOARD_URL_PARAMS.edit);
        void navigate(`${dashboardPath({ id, slug })}${search}${location.hash}`, { replace: true });
      } catch (error) {
        dispatch(dashboardStateActions.saveFinished({ ok: false }));
        addDangerToast(saveErrorMessage(error));
      }
    },
    [dispatch, updateDashboard, user, addSuccessToast, addDangerToast, navigate, location.search, location.hash],
  );

  const save = useCallback(async () => {
    const state = store.getState();
    if (state.dashboardState.dashboardIsSaving) return;
    const info = state.dashboardInfo;
    const view = state.dashboardState;
    const body = buildSaveBody({
      dashboard_title: info.dashboard_title,
      slug: info.slug,
      owners: info.owners.map((o) => o.id),
      roles: info.roles.map((r) => r.id),
      certified_by: info.certified_by,
      certification_details: info.certification_details,
      css: view.css,
      metadata: info.json_metadata,
      colorScheme: view.colorScheme,
      labelColors: view.labelColors,
      refreshFrequency: view.refreshFrequency,
      persistRefreshFrequency: view.shouldPersistRefreshFrequency,
      expandedSlices: view.expandedSlices,
      layout: selectLayout(state),
      rbac,
    });
    dispatch(dashboardStateActions.saveStarted());
    let server: DashboardDetail;
    try {
      server = (await request<{ result: DashboardDetail }>({ url: `/api/v1/dashboard/${info.id}` })).result;
    } catch (error) {
      dispatch(dashboardStateActions.saveFinished({ ok: false }));
      addDangerToast(saveErrorMessage(error));
      return;
    }
    if (isServerNewer(info.last_modified_time, serverModifiedTime(server))) {
      const names = new Map(info.owners.map((o) => [o.id, [o.first_name, o.last_name].filter(Boolean).join(' ') || `User ${o.id}`]));
      const items = overwriteItems(server, body, { owners: names, roles: new Map(info.roles.map((r) => [r.id, r.name])) });
      if (items.length > 0) {
        const confirm: OverwriteConfirmMetadata = {
          updatedAt: server.changed_on,
          updatedBy: server.changed_by_name,
          overwriteConfirmItems: items,
          data: { ...body },
        };
        dispatch(dashboardStateActions.setOverwriteConfirm(confirm));
        return;
      }
    }
    await put(info.id, body);
  }, [store, rbac, dispatch, addDangerToast, put]);

  const overwrite = useCallback(async () => {
    const state = store.getState();
    const pending = state.dashboardState.overwriteConfirmMetadata;
    if (!pending) return;
    dispatch(dashboardStateActions.setOverwriteConfirm(null));
    dispatch(dashboardStateActions.saveStarted());
    await put(state.dashboardInfo.id, pending.data as unknown as DashboardSaveBody);
  }, [store, dispatch, put]);

  const cancelOverwrite = useCallback(() => {
    dispatch(dashboardStateActions.setOverwriteConfirm(null));
  }, [dispatch]);

  return { save, overwrite, cancelOverwrite, saving };
}
