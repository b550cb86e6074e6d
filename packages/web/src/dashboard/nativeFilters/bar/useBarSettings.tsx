/**
 * The filter bar's settings for editors (issue 13 parts 2 and 4): open the filter configuration,
 * the bar's orientation, cross-filtering on or off and its scoping, each saved at once through
 * the json_metadata-only PUT (spec section 7), whose reply gives the stored metadata back.
 */
import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { DashboardMetadata } from '@rama/shared';
import { errorMessage } from '../../../app/api';
import { useAppDispatch, useAppSelector, useToasts } from '../../../app/hooks';
import { useUpdateDashboardMutation } from '../../dashboardPageApi';
import { dashboardInfoActions, parseDashboardMetadata } from '../../state/dashboardInfoSlice';
import { nativeFiltersActions } from '../../state/nativeFiltersSlice';
import { NativeFilterMessage } from '../messages';
import { CrossFilterScopingModal } from './CrossFilterScopingModal';

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

export function useBarSettings(): { items: NonNullable<MenuProps['items']>; modal: ReactNode } {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const canEdit = useAppSelector((s) => s.dashboardInfo.dash_edit_perm);
  const orientation = useAppSelector((s) => s.dashboardInfo.filterBarOrientation);
  const crossFiltersEnabled = useAppSelector((s) => s.dashboardInfo.crossFiltersEnabled);
  const save = useSaveMetadataKeys();
  const [scoping, setScoping] = useState(false);
  if (!canEdit) return { items: [], modal: null };
  const items: NonNullable<MenuProps['items']> = [
    { key: 'edit', label: t('filterBar.addOrEdit'), onClick: () => dispatch(nativeFiltersActions.openConfig(null)) },
    { type: 'divider' },
    {
      key: 'orientation',
      label: t('filterBar.orientation'),
      children: [
        {
          key: 'VERTICAL',
          label: `${t('filterBar.vertical')}${orientation === 'VERTICAL' ? ' ✓' : ''}`,
          onClick: () => void save({ filter_bar_orientation: 'VERTICAL' }, NativeFilterMessage.ORIENTATION_FAILED),
        },
        {
          key: 'HORIZONTAL',
          label: `${t('filterBar.horizontal')}${orientation === 'HORIZONTAL' ? ' ✓' : ''}`,
          onClick: () => void save({ filter_bar_orientation: 'HORIZONTAL' }, NativeFilterMessage.ORIENTATION_FAILED),
        },
      ],
    },
    {
      key: 'cross',
      label: crossFiltersEnabled ? t('filterBar.disableCross') : t('filterBar.enableCross'),
      onClick: () => void save({ cross_filters_enabled: !crossFiltersEnabled }, NativeFilterMessage.CROSS_FILTER_SCOPING_FAILED),
    },
    { key: 'scoping', label: t('filterBar.crossScoping'), disabled: !crossFiltersEnabled, onClick: () => setScoping(true) },
  ];
  return { items, modal: scoping ? <CrossFilterScopingModal onClose={() => setScoping(false)} /> : null };
}
