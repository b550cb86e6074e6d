/**
 * The spec's Explore texts (section 8 "Charts", section 4 "Saving a chart" and "Annotation query"),
 * in the user's language: each is read from the language files when used (a getter), so a text
 * shown after the language changes is in the new language. Texts with `%s` keep the mark for
 * `formatMessage` (callers elsewhere fill it); Explore's own code calls `t()` with named values.
 */
import { t } from '../i18n';

export const ExploreMessage = {
  get STOPPED() {
    return t('explore:message.stopped');
  },
  get UNEXPECTED_STATUS() {
    return t('explore:message.unexpectedStatus', { status: '%s' });
  },
  get RENDER_FAILED() {
    return t('explore:message.renderFailed', { error: '%s' });
  },
  get LOAD_SQL_FAILED() {
    return t('explore:message.loadSqlFailed');
  },
  get GENERIC() {
    return t('explore:message.generic');
  },
  get STAR_FAILED() {
    return t('explore:message.starFailed');
  },
  get SAVE_FAILED() {
    return t('explore:message.saveFailed');
  },
  get DASHBOARDS_FETCH_FAILED() {
    return t('explore:message.dashboardsFetchFailed', { user: '%s' });
  },
  get SAVED() {
    return t('explore:message.saved', { name: '%s' });
  },
  get OVERWRITTEN() {
    return t('explore:message.overwritten', { name: '%s' });
  },
  get ANNOTATION_NETWORK() {
    return t('explore:message.annotationNetwork');
  },
  get ANNOTATION_TIMEOUT() {
    return t('explore:message.annotationTimeout');
  },
  get PERMALINK_COPIED() {
    return t('explore:message.permalinkCopied');
  },
  get PERMALINK_FAILED() {
    return t('explore:message.permalinkFailed');
  },
  get UNTITLED() {
    return t('explore:message.untitled');
  },
};

/** "Received unexpected response status (…) while fetching chart data" for a status. */
export const unexpectedStatusText = (status: number | string): string => t('explore:message.unexpectedStatus', { status: String(status) });

/** "An error occurred while loading the SQL: …" */
export const loadSqlFailedText = (error: string): string => t('explore:message.loadSqlFailedWith', { error });
