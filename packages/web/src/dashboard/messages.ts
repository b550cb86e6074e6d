import { t } from '../i18n';

/**
 * The dashboard page's texts (spec section 8 "Dashboards"; the shared ones are DASHBOARD_MESSAGES in
 * '@rama/shared'), each read in the current language where it is shown.
 */
export const DashboardMessage = {
  get NO_CHART_DEFINITION() {
    return t('dashboard:msg.noChartDefinition');
  },
  get GENERIC() {
    return t('dashboard:msg.generic');
  },
  get NOT_FOUND() {
    return t('dashboard:msg.notFound');
  },
  get EMPTY_VIEW() {
    return t('dashboard:msg.emptyView');
  },
  get EMPTY_EDIT() {
    return t('dashboard:msg.emptyEdit');
  },
  get EMPTY_TAB() {
    return t('dashboard:msg.emptyTab');
  },
  get PERMALINK_COPIED() {
    return t('dashboard:msg.permalinkCopied');
  },
  get PERMALINK_FAILED() {
    return t('dashboard:msg.permalinkFailed');
  },
  get REFRESHING() {
    return t('dashboard:msg.refreshing');
  },
  get LINK_COPIED() {
    return t('dashboard:msg.linkCopied');
  },
  get DOWNLOADING_WORKBOOK() {
    return t('dashboard:msg.downloadingWorkbook');
  },
  /** The Excel workbook's failure, with the error's own words. */
  workbookFailed: (error: string) => t('dashboard:msg.workbookFailed', { error }),
};
