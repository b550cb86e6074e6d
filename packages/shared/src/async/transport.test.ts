import { describe, expect, it } from 'vitest';
import {
  ASYNC_POLLING_DELAY_MS,
  LISTENER_RETRY_MAX,
  LISTENER_RETRY_STEP_MS,
  WEBSOCKET_MAX_RECONNECTS,
  WEBSOCKET_RECONNECT_DELAY_MS,
} from './constants.js';
import { asyncWebsocketUrl, IDLE_TRANSPORT, nextTransport, type AsyncTransport, type TransportInput } from './transport.js';

/** Run inputs from a state; the states and effects along the way. */
function run(state: AsyncTransport, inputs: TransportInput[]) {
  const effects: string[] = [];
  for (const input of inputs) {
    const step = nextTransport(state, input);
    state = step.state;
    effects.push(step.effect.type);
  }
  return { state, effects };
}

describe('async delivery constants (§9)', () => {
  it('polls every 500 ms, reconnects 6 times 2.5 s apart, retries a listener-less event 6 times in 100 ms steps', () => {
    expect(ASYNC_POLLING_DELAY_MS).toBe(500);
    expect([WEBSOCKET_MAX_RECONNECTS, WEBSOCKET_RECONNECT_DELAY_MS]).toEqual([6, 2500]);
    expect([LISTENER_RETRY_MAX, LISTENER_RETRY_STEP_MS]).toEqual([6, 100]);
  });
});

describe('transport: websocket with up to 6 reconnects at 2.5 s, then polling (§4 Async delivery)', () => {
  it('opens the websocket when the first job is accepted, and only then', () => {
    const first = nextTransport(IDLE_TRANSPORT, { type: 'jobAccepted', websocketAvailable: true });
    expect(first.state).toEqual({ kind: 'websocket', open: false, reconnects: 0 });
    expect(first.effect).toEqual({ type: 'connect' });
    const second = nextTransport(first.state, { type: 'jobAccepted', websocketAvailable: true });
    expect(second).toEqual({ state: first.state, effect: { type: 'none' } });
  });

  it('polls from the start where the browser has no websocket', () => {
    expect(nextTransport(IDLE_TRANSPORT, { type: 'jobAccepted', websocketAvailable: false })).toEqual({
      state: { kind: 'polling' },
      effect: { type: 'startPolling' },
    });
  });

  it('a closed socket is reconnected after 2.5 s', () => {
    const opened = run(IDLE_TRANSPORT, [{ type: 'jobAccepted', websocketAvailable: true }, { type: 'socketOpened' }]);
    const closed = nextTransport(opened.state, { type: 'socketClosed', refused: false });
    expect(closed.effect).toEqual({ type: 'scheduleReconnect', delayMs: 2500 });
    expect(nextTransport(closed.state, { type: 'reconnectDue' })).toEqual({
      state: { kind: 'websocket', open: false, reconnects: 1 },
      effect: { type: 'connect' },
    });
  });

  it('a socket that never opens is tried 6 more times, then the client falls back to polling for good', () => {
    const failOnce: TransportInput[] = [{ type: 'socketClosed', refused: false }, { type: 'reconnectDue' }];
    const inputs: TransportInput[] = [{ type: 'jobAccepted', websocketAvailable: true }];
    for (let i = 0; i < 7; i++) inputs.push(...failOnce);
    const { state, effects } = run(IDLE_TRANSPORT, inputs);
    expect(effects.filter((e) => e === 'connect')).toHaveLength(1 + 6);
    expect(effects.at(-1)).toBe('startPolling');
    expect(state).toEqual({ kind: 'polling' });
    // polling stays: a late socket event or another job changes nothing
    expect(nextTransport(state, { type: 'socketClosed', refused: false }).state).toEqual({ kind: 'polling' });
    expect(nextTransport(state, { type: 'jobAccepted', websocketAvailable: true }).effect).toEqual({ type: 'none' });
  });

  it('a socket the server refuses after opening (policy violation) counts as failed', () => {
    const refusedOnce: TransportInput[] = [{ type: 'socketOpened' }, { type: 'socketClosed', refused: true }, { type: 'reconnectDue' }];
    const inputs: TransportInput[] = [{ type: 'jobAccepted', websocketAvailable: true }];
    for (let i = 0; i < 7; i++) inputs.push(...refusedOnce);
    expect(run(IDLE_TRANSPORT, inputs).state).toEqual({ kind: 'polling' });
  });

  it('a connection that worked starts the count again (a server restart does not use up the retries)', () => {
    const waiting = run(IDLE_TRANSPORT, [
      { type: 'jobAccepted', websocketAvailable: true },
      { type: 'socketClosed', refused: false },
      { type: 'reconnectDue' },
      { type: 'socketClosed', refused: false },
      { type: 'reconnectDue' },
    ]);
    expect(waiting.state).toEqual({ kind: 'websocket', open: false, reconnects: 2 });
    const afterWorking = run(waiting.state, [{ type: 'socketOpened' }, { type: 'socketClosed', refused: false }]);
    expect(afterWorking.state).toEqual({ kind: 'waiting', reconnects: 0 });
  });

  it('a reconnect that is not due (no closed socket) changes nothing', () => {
    expect(nextTransport(IDLE_TRANSPORT, { type: 'reconnectDue' }).state).toEqual(IDLE_TRANSPORT);
  });
});

describe('websocket address', () => {
  it('is ws: on http and wss: on https, resuming after the last event id', () => {
    expect(asyncWebsocketUrl('http:', 'localhost:8088', '/api/v1/async_event/ws', null)).toBe('ws://localhost:8088/api/v1/async_event/ws');
    expect(asyncWebsocketUrl('https:', 'bi.example.com', '/api/v1/async_event/ws', '1700000000000-3')).toBe(
      'wss://bi.example.com/api/v1/async_event/ws?last_id=1700000000000-3',
    );
  });
});
