/** Asynchronous delivery constants (charts spec section 9, "Async polling delay…"). */

/** Polling GET /api/v1/async_event/ runs every 500 ms (the polling delay default). */
export const ASYNC_POLLING_DELAY_MS = 500;
/** A closed websocket is reconnected up to 6 times… */
export const WEBSOCKET_MAX_RECONNECTS = 6;
/** …2.5 s apart, then the client falls back to polling. */
export const WEBSOCKET_RECONNECT_DELAY_MS = 2500;
/** An event that arrives before its listener is retried up to 6 times… */
export const LISTENER_RETRY_MAX = 6;
/** …at growing steps of 100 ms (100, 200, … 600 ms), then a warning is logged. */
export const LISTENER_RETRY_STEP_MS = 100;

/** GET: the polling endpoint. */
export const ASYNC_EVENT_POLLING_PATH = '/api/v1/async_event/';
/** The websocket endpoint (docs/decisions.md, "Asynchronous chart queries"). */
export const ASYNC_EVENT_WEBSOCKET_PATH = '/api/v1/async_event/ws';
/** The cookie naming the browser's event channel (signed, HttpOnly). */
export const ASYNC_TOKEN_COOKIE = 'async-token';
/** Where the web client keeps the last event id it saw, so a reload does not replay old events. */
export const LAST_ASYNC_EVENT_ID_KEY = 'last_async_event_id';
/** The policy-violation close code: the websocket's token is missing or invalid. */
export const WEBSOCKET_CLOSE_REFUSED = 1008;
