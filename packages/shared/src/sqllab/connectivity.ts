/**
 * SQL Lab's offline state (the peer's `offline` flag): when the server cannot be reached SQL Lab
 * says so, and running queries' timers stop, until the server answers again.
 */

/** consecutive failed server calls (no reply at all) after which SQL Lab counts as offline */
export const OFFLINE_AFTER_FAILURES = 2;
/** while offline, how often SQL Lab asks the server whether it is back */
export const OFFLINE_PROBE_MS = 5000;

export interface Connectivity {
  offline: boolean;
  /** consecutive calls that got no reply */
  failures: number;
}

export type ConnectivityEvent =
  /** a call reached the server (whatever its status) */
  | 'reply'
  /** a call got no reply: network down, server gone, request aborted by a timeout */
  | 'no-reply'
  /** the browser's `offline` event */
  | 'browser-offline'
  /** the browser's `online` event: the network is back, the server still has to answer */
  | 'browser-online';

export const ONLINE: Connectivity = { offline: false, failures: 0 };

export function nextConnectivity(s: Connectivity, event: ConnectivityEvent): Connectivity {
  switch (event) {
    case 'reply':
      return s.offline || s.failures ? ONLINE : s;
    case 'no-reply': {
      const failures = s.failures + 1;
      return { offline: s.offline || failures >= OFFLINE_AFTER_FAILURES, failures };
    }
    case 'browser-offline':
      return { offline: true, failures: Math.max(s.failures, OFFLINE_AFTER_FAILURES) };
    case 'browser-online':
      return s;
  }
}
