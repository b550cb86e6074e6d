/**
 * The dashboard page's address (spec section 2 "URL parameters read"): the parameters a permalink
 * keeps and the address a permalink opens (the path itself is `dashboardPath` in @rama/shared).
 */
import { DASHBOARD_URL_PARAMS, dashboardPath, type DashboardPermalinkValue } from '@rama/shared';
import { ACTIVE_TABS_PARAM } from './tabsState';

/** The page's own state in the address, which a permalink carries in its own fields instead. */
const NOT_KEPT = new Set<string>([
  ACTIVE_TABS_PARAM,
  DASHBOARD_URL_PARAMS.edit,
  DASHBOARD_URL_PARAMS.permalinkKey,
  DASHBOARD_URL_PARAMS.nativeFiltersKey,
  DASHBOARD_URL_PARAMS.focusedChart,
]);

/** The address's parameters a permalink keeps (standalone, uiConfig, show_filters, …), as pairs. */
export function permalinkUrlParams(search: string): [string, string][] {
  return [...new URLSearchParams(search)].filter(([key]) => !NOT_KEPT.has(key));
}

/** `search` with `name` set to `value`, or removed when `value` is null; '' or '?…'. */
export function withSearchParam(search: string, name: string, value: string | null): string {
  const q = new URLSearchParams(search);
  if (value === null) q.delete(name);
  else q.set(name, value);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** Where a permalink opens: the dashboard with the kept parameters, its active tabs and its anchor. */
export function permalinkTarget(permalink: DashboardPermalinkValue): string {
  const { state } = permalink;
  const q = new URLSearchParams();
  for (const [key, value] of state.urlParams ?? []) if (!NOT_KEPT.has(key)) q.append(key, value);
  if (state.activeTabs?.length) q.set(ACTIVE_TABS_PARAM, state.activeTabs.join(','));
  const search = q.toString();
  const anchor = state.anchor ? `#${encodeURIComponent(state.anchor)}` : '';
  return `${dashboardPath({ id: Number(permalink.dashboardId) })}${search ? `?${search}` : ''}${anchor}`;
}

/** The component id in the address's hash (`#CHART-abc`), or null. */
export function anchorFromHash(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /^[\w-]{1,200}$/.test(id) ? id : null;
}
