/**
 * Which transport brings job events (charts spec section 4, "Async delivery"): a websocket, opened
 * when the first job is accepted; a closed one is reconnected up to 6 times 2.5 s apart, then the
 * client falls back to polling for the rest of the page's life. Pure: (state, input) → state and
 * the one effect the client carries out.
 */
import { WEBSOCKET_MAX_RECONNECTS, WEBSOCKET_RECONNECT_DELAY_MS } from './constants.js';

export type AsyncTransport =
  /** no job yet: nothing is connected */
  | { kind: 'idle' }
  /** a socket exists; `open` once the server accepted it */
  | { kind: 'websocket'; open: boolean; reconnects: number }
  /** the socket closed; the next attempt is due after the reconnect delay */
  | { kind: 'waiting'; reconnects: number }
  | { kind: 'polling' };

export type TransportInput =
  | { type: 'jobAccepted'; websocketAvailable: boolean }
  | { type: 'socketOpened' }
  /** `refused`: the server closed it as a policy violation (no valid token): it did not work */
  | { type: 'socketClosed'; refused: boolean }
  | { type: 'reconnectDue' };

export type TransportEffect =
  { type: 'connect' } | { type: 'scheduleReconnect'; delayMs: number } | { type: 'startPolling' } | { type: 'none' };

export interface TransportStep {
  state: AsyncTransport;
  effect: TransportEffect;
}

export const IDLE_TRANSPORT: AsyncTransport = { kind: 'idle' };

const stay = (state: AsyncTransport): TransportStep => ({ state, effect: { type: 'none' } });

export function nextTransport(state: AsyncTransport, input: TransportInput): TransportStep {
  switch (input.type) {
    case 'jobAccepted':
      // the first accepted job starts the transport; later ones use what is there
      if (state.kind !== 'idle') return stay(state);
      return input.websocketAvailable
        ? { state: { kind: 'websocket', open: false, reconnects: 0 }, effect: { type: 'connect' } }
        : { state: { kind: 'polling' }, effect: { type: 'startPolling' } };
    case 'socketOpened':
      return state.kind === 'websocket' ? stay({ ...state, open: true }) : stay(state);
    case 'socketClosed': {
      if (state.kind !== 'websocket') return stay(state);
      // a connection that worked starts the count again; a refused or failed one counts
      const reconnects = state.open && !input.refused ? 0 : state.reconnects;
      return {
        state: { kind: 'waiting', reconnects },
        effect: { type: 'scheduleReconnect', delayMs: WEBSOCKET_RECONNECT_DELAY_MS },
      };
    }
    case 'reconnectDue': {
      if (state.kind !== 'waiting') return stay(state);
      const reconnects = state.reconnects + 1;
      if (reconnects > WEBSOCKET_MAX_RECONNECTS) return { state: { kind: 'polling' }, effect: { type: 'startPolling' } };
      return { state: { kind: 'websocket', open: false, reconnects }, effect: { type: 'connect' } };
    }
  }
}

/** The websocket address for a page at `protocol`//`host`, resuming after `lastId` when one is known. */
export function asyncWebsocketUrl(protocol: string, host: string, path: string, lastId: string | null): string {
  const scheme = protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${host}${path}${lastId ? `?last_id=${encodeURIComponent(lastId)}` : ''}`;
}
