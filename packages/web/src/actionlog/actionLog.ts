/**
 * The Action log page's rules (issue 27 item 5; the peer's Security → Action log): its filters as
 * the rison filters `GET /api/v1/log/` accepts, and how a row reads (where an event came from, its
 * JSON pretty-printed).
 */
import type { LogRecord } from '@rama/shared';
import type { ListFilter } from '../components/listState';
import { t } from '../i18n';

export interface ActionLogFilters {
  /** part of the action (event) name */
  action: string;
  userId: number | null;
  dashboardId: number | null;
  sliceId: number | null;
  /** dttm bounds, epoch milliseconds */
  from: number | null;
  to: number | null;
}

export const NO_ACTION_LOG_FILTERS: ActionLogFilters = {
  action: '',
  userId: null,
  dashboardId: null,
  sliceId: null,
  from: null,
  to: null,
};

/** The rison filters of `GET /api/v1/log/` for the page's filters. */
export function actionLogListFilters(f: ActionLogFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  const action = f.action.trim();
  if (action) filters.push({ col: 'action', opr: 'ct', value: action });
  if (f.userId !== null) filters.push({ col: 'user', opr: 'rel_o_m', value: f.userId });
  if (f.dashboardId !== null) filters.push({ col: 'dashboard_id', opr: 'eq', value: f.dashboardId });
  if (f.sliceId !== null) filters.push({ col: 'slice_id', opr: 'eq', value: f.sliceId });
  if (f.from !== null) filters.push({ col: 'dttm', opr: 'gt', value: new Date(f.from).toISOString() });
  if (f.to !== null) filters.push({ col: 'dttm', opr: 'lt', value: new Date(f.to).toISOString() });
  return filters;
}

/** The event as posted, pretty-printed; text that is not JSON stays as it is. */
export function prettyLogJson(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

/** Where the event came from (dashboard, Explore, SQL Lab: the last two are product names), from its JSON; null when it does not say. */
export function logSource(log: Pick<LogRecord, 'json'>): string | null {
  try {
    const value: unknown = JSON.parse(log.json);
    const source = value && typeof value === 'object' ? (value as { source?: unknown }).source : undefined;
    if (source === 'dashboard') return t('common:dashboard');
    if (source === 'explore') return 'Explore';
    if (source === 'sqlLab') return 'SQL Lab';
    return null;
  } catch {
    return null;
  }
}
