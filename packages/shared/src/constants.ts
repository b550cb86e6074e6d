/** Business constants shared by server and web (sql-editor.md section 9, charts spec section 9). */

export const SQL_MAX_ROW_DEFAULT = 100_000;
export const DEFAULT_SQLLAB_LIMIT = 10_000;
export const ROW_LIMIT_CHOICES = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
export const QUERY_ID_LENGTH = 11;
export const EDITOR_TAB_SYNC_DEBOUNCE_MS = 5000;
export const NEW_TAB_SQL = 'SELECT ...';
export const LOG_BATCH_MAX_EVENTS = 1024;
export const LOG_BATCH_DELAY_MS = 1000;
export const LOCAL_STORAGE_QUERY_MAX_AGE_MS = 864e5;
export const LOCAL_STORAGE_QUERY_MAX_KB = 1024;

export const ToastType = {
  INFO: 'info',
  SUCCESS: 'success',
  WARNING: 'warning',
  DANGER: 'danger',
} as const;
export type ToastType = (typeof ToastType)[keyof typeof ToastType];

/** Toast durations in milliseconds: info 4 s, success 4 s, warning 6 s, danger 8 s. */
export const TOAST_DURATION_MS: Record<ToastType, number> = {
  info: 4000,
  success: 4000,
  warning: 6000,
  danger: 8000,
};

export const MODAL_DEFAULT_WIDTH = 600;
export const MODAL_MAX_WIDTH = 900;

/** Generic column types (`type_generic`, `coltypes`). */
export const GenericDataType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericDataType = (typeof GenericDataType)[keyof typeof GenericDataType];

/** Dashboard standalone modes. */
export const DashboardStandaloneMode = { NONE: 0, HIDE_NAV: 1, HIDE_NAV_AND_TITLE: 2, REPORT: 3 } as const;

/** UI-config bitmask bits. */
export const UiConfigBit = { HIDE_TITLE: 1, HIDE_TABS: 2, HIDE_NAV: 4, HIDE_CHART_CONTROLS: 8 } as const;
