/**
 * The URL parameters the dashboard page reads (spec section 2 "URL parameters read": standalone,
 * edit, force, a UI-config bitmask; standalone modes None 0, HideNav 1, HideNavAndTitle 2, Report 3).
 */
import { DASHBOARD_STANDALONE, UI_CONFIG_BITS } from './types.js';

export type StandaloneMode = 0 | 1 | 2 | 3;

export interface DashboardUrlParams {
  standalone: StandaloneMode;
  uiConfig: { hideTitle: boolean; hideTabs: boolean; hideNav: boolean; hideChartControls: boolean };
  edit: boolean;
  focusedChartId: number | null;
  force: boolean;
  nativeFiltersKey: string | null;
  permalinkKey: string | null;
}

export const DASHBOARD_URL_PARAMS = {
  standalone: 'standalone',
  uiConfig: 'uiConfig',
  edit: 'edit',
  focusedChart: 'focused_chart',
  force: 'force',
  nativeFiltersKey: 'native_filters_key',
  permalinkKey: 'permalink_key',
} as const;

function isTrue(value: string | null): boolean {
  return value !== null && ['true', '1'].includes(value.trim().toLowerCase());
}

/** `standalone=1|2|3` (or `true` for 1, as the BI server reads it); anything else is 0. */
function standaloneMode(value: string | null): StandaloneMode {
  if (value === null) return DASHBOARD_STANDALONE.None;
  const text = value.trim().toLowerCase();
  if (text === 'true') return DASHBOARD_STANDALONE.HideNav;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 3 && text !== '' ? (n as StandaloneMode) : DASHBOARD_STANDALONE.None;
}

function nonEmpty(value: string | null): string | null {
  return value !== null && value.trim() !== '' ? value.trim() : null;
}

/**
 * Reads a dashboard URL's query string. The UI config comes from the `uiConfig` bitmask (hide
 * title 1, tabs 2, nav 4, chart controls 8); standalone HideNav also hides the nav, and
 * HideNavAndTitle and Report the title as well. `edit` asks for edit mode (the page grants it only
 * with edit permission).
 */
export function parseDashboardUrlParams(search: string): DashboardUrlParams {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const standalone = standaloneMode(params.get(DASHBOARD_URL_PARAMS.standalone));
  const bits = Number(params.get(DASHBOARD_URL_PARAMS.uiConfig));
  const mask = Number.isInteger(bits) && bits > 0 ? bits : 0;
  const focused = Number(params.get(DASHBOARD_URL_PARAMS.focusedChart));
  return {
    standalone,
    uiConfig: {
      hideTitle: (mask & UI_CONFIG_BITS.hideTitle) !== 0 || standalone >= DASHBOARD_STANDALONE.HideNavAndTitle,
      hideTabs: (mask & UI_CONFIG_BITS.hideTabs) !== 0,
      hideNav: (mask & UI_CONFIG_BITS.hideNav) !== 0 || standalone >= DASHBOARD_STANDALONE.HideNav,
      hideChartControls: (mask & UI_CONFIG_BITS.hideChartControls) !== 0,
    },
    edit: isTrue(params.get(DASHBOARD_URL_PARAMS.edit)),
    focusedChartId: Number.isInteger(focused) && focused > 0 ? focused : null,
    force: isTrue(params.get(DASHBOARD_URL_PARAMS.force)),
    nativeFiltersKey: nonEmpty(params.get(DASHBOARD_URL_PARAMS.nativeFiltersKey)),
    permalinkKey: nonEmpty(params.get(DASHBOARD_URL_PARAMS.permalinkKey)),
  };
}

function decodedKey(pair: string): string {
  const raw = pair.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The query string without parameter `name` (every occurrence), the others left exactly as written
 * (so rison values keep their readable form): '?a=1&b=2' minus 'a' is '?b=2'; nothing left is ''.
 */
export function withoutParam(search: string, name: string): string {
  const body = search.startsWith('?') ? search.slice(1) : search;
  const kept = body.split('&').filter((pair) => pair !== '' && decodedKey(pair) !== name);
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * The parameters of a dashboard's address that are the page's own (the BI server's reserved URL
 * parameters): everything else reaches the charts' queries as `url_params`, so a chart's SQL may
 * read it with `{{ url_param('name') }}` (the embedding SDK's `urlParams` arrive this way).
 */
export const RESERVED_DASHBOARD_URL_PARAMS: ReadonlySet<string> = new Set([
  ...Object.values(DASHBOARD_URL_PARAMS),
  'show_filters',
  'expand_filters',
  'preselect_filters',
  'tab',
  'activeTabs',
]);

/** At most this many parameters, each name and value at most 1,000 characters, reach the queries. */
const MAX_URL_PARAMS = 50;

/** The parameters of a dashboard address passed to its charts' queries as `url_params`. */
export function chartUrlParams(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [key, value] of new URLSearchParams(search)) {
    if (RESERVED_DASHBOARD_URL_PARAMS.has(key) || key.length > 1000 || value.length > 1000 || key in out) continue;
    if (++n > MAX_URL_PARAMS) break;
    out[key] = value;
  }
  return out;
}
