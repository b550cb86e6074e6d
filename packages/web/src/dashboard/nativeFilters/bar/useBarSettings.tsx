/**
 * The filter bar's settings for editors (issue 13 parts 2 and 4): open the filter configuration,
 * the bar's orientation, cross-filtering on or off and its scoping, each saved at once through
 * the json_metadata-only PUT (spec section 7), whose reply gives the stored metadata back.
 */
import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import type { MenuProps } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../core/hooks';
import { nativeFiltersActions } from '../../state/nativeFiltersSlice';
import { NativeFilterMessage } from '../messages';
import { CrossFilterScopingModal } from './CrossFilterScopingModal';
import { useSaveMetadataKeys } from './useSaveMetadataKeys';

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
