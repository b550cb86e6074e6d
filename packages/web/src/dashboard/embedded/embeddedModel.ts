/**
 * The embedded dashboard page's pure rules (issue 25 part 3): the bootstrap the server injects into
 * `/embedded/{uuid}`, which handshake message may hand over the SDK's port, the UI config the
 * embedding SDK puts into the iframe's address, and what changed in a data mask.
 */
import { EMBEDDED_BOOTSTRAP_ELEMENT_ID, NATIVE_FILTER_PREFIX, type EmbeddedBootstrap } from '@rama/shared';

/** The message type of the SDK's handshake (`IFRAME_COMMS_MESSAGE_TYPE` of `@superset-ui/embedded-sdk`). */
export const EMBEDDED_COMMS_MESSAGE_TYPE = '__embedded_comms__';
export const PORT_TRANSFER_HANDSHAKE = 'port transfer';

/** The `uiConfig` bits the SDK sets (`calculateConfig`); 4 (hide nav) has no meaning without the app shell. */
export const EMBEDDED_UI_BITS = {
  hideTitle: 1,
  hideTabs: 2,
  hideChartControls: 8,
  emitDataMasks: 16,
  showRowLimitWarning: 32,
} as const;

/** Parses the JSON of `<script id="rama-embedded">`; null when it is missing or not the expected shape. */
export function parseEmbeddedBootstrap(text: string | null | undefined): EmbeddedBootstrap | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const dashboardId = Number(v.dashboard_id);
  if (typeof v.uuid !== 'string' || !v.uuid || !Number.isInteger(dashboardId) || dashboardId <= 0) return null;
  if (!Array.isArray(v.allowed_domains) || !v.allowed_domains.every((d) => typeof d === 'string')) return null;
  const header =
    typeof v.guest_token_header === 'string' && /^[A-Za-z0-9-]{1,100}$/.test(v.guest_token_header) ? v.guest_token_header : null;
  if (!header) return null;
  return { uuid: v.uuid, dashboard_id: dashboardId, allowed_domains: v.allowed_domains as string[], guest_token_header: header };
}

/** The bootstrap of the page being shown (null outside `/embedded/{uuid}`). */
export function readEmbeddedBootstrap(doc: Document = document): EmbeddedBootstrap | null {
  return parseEmbeddedBootstrap(doc.getElementById(EMBEDDED_BOOTSTRAP_ELEMENT_ID)?.textContent);
}

function originOf(domain: string): string | null {
  try {
    return new URL(domain.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * May a window of `origin` talk to the page? An empty list allows any origin (as the BI server:
 * the frame-ancestors policy is then open too); otherwise the origin must be one of the list's,
 * compared as origins (scheme, host and port; a trailing slash in the list does not matter).
 */
export function isOriginAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  if (!origin || origin === 'null') return false;
  return allowedDomains.some((d) => originOf(d) === origin);
}

/** The parts of a `message` event the handshake looks at. */
export interface HandshakeEvent {
  origin: string;
  data: unknown;
  ports: readonly MessagePort[];
  /** the window that sent it */
  source: unknown;
}

/**
 * The SDK's port, when `event` is its port transfer: `{type: '__embedded_comms__', handshake:
 * 'port transfer'}` with a port, sent by the parent window from an allowed origin. Anything else: null.
 */
export function handshakePort(event: HandshakeEvent, allowedDomains: readonly string[], parent: unknown): MessagePort | null {
  const data = event.data as { type?: unknown; handshake?: unknown } | null;
  if (!data || typeof data !== 'object' || data.type !== EMBEDDED_COMMS_MESSAGE_TYPE || data.handshake !== PORT_TRANSFER_HANDSHAKE) {
    return null;
  }
  if (event.source !== parent) return null;
  if (!isOriginAllowed(event.origin, allowedDomains)) return null;
  return event.ports[0] ?? null;
}

export interface EmbeddedUiConfig {
  hideTitle: boolean;
  hideTabs: boolean;
  hideChartControls: boolean;
  /** call the host's `observeDataMask` on every change of the data mask */
  emitDataMasks: boolean;
  /** mark charts whose rows were cut at their row limit */
  showRowLimitWarning: boolean;
  /** `show_filters` (the SDK's `filters.visible`): null when the address does not say */
  showFilters: boolean | null;
  /** `expand_filters` (the SDK's `filters.expanded`): null when the address does not say */
  expandFilters: boolean | null;
}

function flag(value: string | null): boolean | null {
  if (value === null) return null;
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return null;
}

/** Reads the iframe address as the SDK builds it: `?uiConfig=<bits>&show_filters=…&expand_filters=…&<urlParams>`. */
export function parseEmbeddedUiConfig(search: string): EmbeddedUiConfig {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const bits = Number(params.get('uiConfig'));
  const mask = Number.isInteger(bits) && bits > 0 ? bits : 0;
  const has = (bit: number) => (mask & bit) !== 0;
  return {
    hideTitle: has(EMBEDDED_UI_BITS.hideTitle),
    hideTabs: has(EMBEDDED_UI_BITS.hideTabs),
    hideChartControls: has(EMBEDDED_UI_BITS.hideChartControls),
    emitDataMasks: has(EMBEDDED_UI_BITS.emitDataMasks),
    showRowLimitWarning: has(EMBEDDED_UI_BITS.showRowLimitWarning),
    showFilters: flag(params.get('show_filters')),
    expandFilters: flag(params.get('expand_filters')),
  };
}

/**
 * Which kind of filter changed between two data masks (what `observeDataMask` reports beside the
 * mask): native filters are keyed `NATIVE_FILTER-…`, cross-filters by the emitting chart's id.
 */
export function dataMaskChange(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): { crossFiltersChanged: boolean; nativeFiltersChanged: boolean } {
  let crossFiltersChanged = false;
  let nativeFiltersChanged = false;
  for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (JSON.stringify(previous[key]) === JSON.stringify(next[key])) continue;
    if (key.startsWith(NATIVE_FILTER_PREFIX)) nativeFiltersChanged = true;
    else crossFiltersChanged = true;
  }
  return { crossFiltersChanged, nativeFiltersChanged };
}

/** Did a chart's answer stop at its row limit? (`rowcount` of the first query against `row_limit`) */
export function reachedRowLimit(rowLimit: unknown, rowCount: unknown): boolean {
  const limit = Number(rowLimit);
  const count = Number(rowCount);
  return Number.isFinite(limit) && limit > 0 && Number.isFinite(count) && count >= limit;
}
