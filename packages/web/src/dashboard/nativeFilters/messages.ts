import { t } from '../../i18n';

/**
 * What the filter bar, the indicators and cross-filtering say (spec section 8 where it has the
 * words), each read in the current language where it is shown.
 */
export const NativeFilterMessage = {
  get REQUIRED_FILTER_WAITING() {
    return t('dashboard:msg.requiredFilterWaiting');
  },
  get CROSS_FILTER_SCOPING_FAILED() {
    return t('dashboard:msg.crossFilterScopingFailed');
  },
  get NO_FILTERS() {
    return t('dashboard:msg.noFilters');
  },
  get NO_FILTERS_EDITOR() {
    return t('dashboard:msg.noFiltersEditor');
  },
  get OPTIONS_FAILED() {
    return t('dashboard:msg.optionsFailed');
  },
  get ORIENTATION_FAILED() {
    return t('dashboard:msg.orientationFailed');
  },
};
