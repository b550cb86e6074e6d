/**
 * The link to the page that embeds `/embedded/{uuid}` through the embedding SDK (issue 25 part 3).
 *
 * Imported by main.tsx before anything renders: the SDK posts its port once, on the iframe's load
 * event, which can come before the lazily loaded page exists. The port transfer
 * (`__embedded_comms__`, `port transfer`) is taken only from the parent window on an allowed
 * origin; a Switchboard on that port then answers the SDK's getters (through the provider the page
 * registers) and takes the guest token from every `guestToken` emit, the first and each refresh:
 * the next request carries the new one.
 */
import { Switchboard } from '@superset-ui/switchboard';
import type { EmbeddedBootstrap } from '@rama/shared';
import { setGuestToken } from '../core/api';
import { EMBEDDED_COMMS_MESSAGE_TYPE, handshakePort, readEmbeddedBootstrap } from '../dashboard/embedded/embeddedModel';

export type Size = { width: number; height: number };

/** What the SDK's `get` calls are answered with (registered by the page once the dashboard shows). */
export interface HostLinkProvider {
  getScrollSize(): Size;
  getDashboardPermalink(args: { anchor?: unknown }): Promise<string>;
  getActiveTabs(): string[];
  getDataMask(): Record<string, unknown>;
  getChartStates(): Record<string, unknown>;
  getChartDataPayloads(args: { chartId?: unknown } | undefined): Record<string, unknown>;
}

export interface HostLinkState {
  /** waiting for the SDK's port; connected; or a port transfer came from an origin that is not allowed */
  status: 'waiting' | 'connected' | 'refused';
  refusedOrigin: string | null;
  /** the latest guest token the host sent */
  token: string | null;
  /** how many tokens the host sent (a refresh counts) */
  tokens: number;
  /** the server refused the current token (401); a new token clears it */
  unauthorized: boolean;
}

let state: HostLinkState = { status: 'waiting', refusedOrigin: null, token: null, tokens: 0, unauthorized: false };
const listeners = new Set<() => void>();
let provider: HostLinkProvider | null = null;
let board: Switchboard | null = null;

function update(next: Partial<HostLinkState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeHostLink(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hostLinkState(): HostLinkState {
  return state;
}

/** The page answers the SDK's getters from now on; the returned function withdraws it. */
export function provideHostLink(next: HostLinkProvider): () => void {
  provider = next;
  return () => {
    if (provider === next) provider = null;
  };
}

/** Tell the host (fire and forget), e.g. `observeDataMask`. */
export function emitToHost(method: string, args: unknown): void {
  board?.emit(method, args);
}

/** Ask the host (a method the SDK defines, e.g. `resolvePermalinkUrl`); null when it does not answer in time. */
export async function askHost<T>(method: string, args: unknown, timeoutMs = 2_000): Promise<T | null> {
  if (!board) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([board.get<T>(method, args), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const EMPTY_SIZE: Size = { width: 0, height: 0 };

function connect(port: MessagePort, boot: EmbeddedBootstrap): void {
  const sb = new Switchboard({ port, name: 'rama-embedded', debug: false });
  board = sb;
  sb.defineMethod('guestToken', (args: { guestToken?: unknown }) => {
    const token = typeof args?.guestToken === 'string' ? args.guestToken.trim() : '';
    if (!token) return;
    setGuestToken(boot.guest_token_header, token, () => {
      if (!state.unauthorized) update({ unauthorized: true });
    });
    update({ token, tokens: state.tokens + 1, unauthorized: false });
  });
  sb.defineMethod('getScrollSize', () => provider?.getScrollSize() ?? EMPTY_SIZE);
  sb.defineMethod('getDashboardPermalink', (args: { anchor?: unknown }) => {
    if (!provider) throw new Error('the dashboard is not loaded yet');
    return provider.getDashboardPermalink(args ?? {});
  });
  sb.defineMethod('getActiveTabs', () => provider?.getActiveTabs() ?? []);
  sb.defineMethod('getDataMask', () => provider?.getDataMask() ?? {});
  sb.defineMethod('getChartStates', () => provider?.getChartStates() ?? {});
  sb.defineMethod('getChartDataPayloads', (args: { chartId?: unknown } | undefined) => provider?.getChartDataPayloads(args) ?? {});
  sb.start();
  update({ status: 'connected' });
}

function install(): void {
  if (typeof window === 'undefined' || !window.location.pathname.startsWith('/embedded/')) return;
  const boot = readEmbeddedBootstrap();
  if (!boot) return;
  const onMessage = (event: MessageEvent) => {
    if (board) return;
    const port = handshakePort(event, boot.allowed_domains, window.parent);
    if (port) {
      window.removeEventListener('message', onMessage);
      connect(port, boot);
      return;
    }
    const data = event.data as { type?: unknown } | null;
    // the SDK's handshake from a window that may not embed this dashboard: refused, and said so
    if (data && typeof data === 'object' && data.type === EMBEDDED_COMMS_MESSAGE_TYPE && event.source === window.parent) {
      console.warn(`[rama] ignoring the embedding handshake from ${event.origin}: it is not an allowed domain of this dashboard`);
      update({ status: 'refused', refusedOrigin: event.origin });
    }
  };
  window.addEventListener('message', onMessage);
}

install();
