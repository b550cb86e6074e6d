import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import rison from 'rison';
import { getClientError, isCsrfFailure, type ClientError } from '@rama/shared';
import { sharedText } from '../i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestArgs {
  url: string;
  method?: HttpMethod;
  /** JSON body. */
  body?: unknown;
  /** Rison-encoded into the `q` query parameter. */
  q?: unknown;
  /** Plain query parameters. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** A 401 on this call is an expected answer (login, bootstrap), not an ended session. */
  skipSessionCheck?: boolean;
  timeoutMs?: number;
  /** Parse the reply text (e.g. losslessly, so big integers survive); JSON.parse by default. */
  parse?: (text: string) => unknown;
  /** Aborts the call (the user pressed Stop); the AbortError is rethrown as it is, not as a RequestFailure. */
  signal?: AbortSignal;
}

/**
 * A client error in the reader's language: the shared catalogue's fixed messages (network error,
 * status texts, timeout hints) are looked up in messages.json; a server's message comes translated
 * from the server, and a database's own text stays as it is.
 */
export function inLanguage(error: ClientError): ClientError {
  return { ...error, message: sharedText('messages', error.message), hints: error.hints.map((h) => sharedText('messages', h)) };
}

/** Thrown by `request`; carries the message the user sees. */
export class RequestFailure extends Error {
  readonly clientError: ClientError;

  constructor(clientError: ClientError) {
    const shown = inLanguage(clientError);
    super(shown.message);
    this.name = 'RequestFailure';
    this.clientError = shown;
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
const CSRF_HEADER = 'X-CSRFToken';
const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'DELETE']);

let csrfToken: Promise<string | null> | null = null;

/**
 * An embedded dashboard's guest token (issue 25): sent in its header on every call; a 401 then goes
 * to `onUnauthorized` instead of the login page (a guest has no login). Null outside `/embedded/`.
 */
let guest: { header: string; token: string; onUnauthorized: () => void } | null = null;

/** Use this guest token from now on (the host sends a fresh one before the last expires). */
export function setGuestToken(header: string, token: string, onUnauthorized: () => void): void {
  guest = { header, token, onUnauthorized };
}

/** The guest token header of the next request, or none. */
export function guestTokenHeaders(): Record<string, string> {
  return guest ? { [guest.header]: guest.token } : {};
}

/** Forget the CSRF token (after login or logout the session, and so the token, changes). */
export function resetCsrfToken(): void {
  csrfToken = null;
}

async function fetchCsrfToken(): Promise<string | null> {
  const res = await fetch('/api/v1/security/csrf_token/', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) return null;
  const json = (await res.json()) as { result?: unknown };
  return typeof json.result === 'string' ? json.result : null;
}

/** The session's CSRF token (fetched once, shared); null when there is none. */
export function getCsrfToken(): Promise<string | null> {
  if (!csrfToken) {
    csrfToken = fetchCsrfToken().catch(() => null);
    // A missing token (logged out, network blip) is fetched again next time.
    void csrfToken.then((token) => {
      if (token === null) csrfToken = null;
    });
  }
  return csrfToken;
}

export function encodeRison(value: unknown): string {
  return rison.encode(value);
}

export function buildUrl(url: string, q?: unknown, params?: RequestArgs['params']): string {
  const parts: string[] = [];
  if (q !== undefined) parts.push(`q=${encodeURIComponent(encodeRison(q))}`);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}` : url;
}

function parseBody(text: string, parse: (text: string) => unknown = JSON.parse): unknown {
  if (!text) return null;
  try {
    return parse(text);
  } catch {
    return text;
  }
}

/** Where an ended session goes: the login page, coming back here afterwards. */
function handleSessionEnded(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith('/login')) return;
  window.location.assign(`/login/?next=${encodeURIComponent(pathname + search)}`);
}

async function send(args: RequestArgs, token: string | null): Promise<Response> {
  const method = args.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...guestTokenHeaders() };
  if (args.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token && MUTATING.has(method)) headers[CSRF_HEADER] = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), args.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const stop = () => controller.abort();
  args.signal?.addEventListener('abort', stop);
  if (args.signal?.aborted) controller.abort();
  try {
    return await fetch(buildUrl(args.url, args.q, args.params), {
      method,
      headers,
      credentials: 'same-origin',
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (args.signal?.aborted) throw new DOMException('The request was stopped', 'AbortError');
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    throw new RequestFailure(getClientError({ kind: aborted ? 'timeout' : 'network' }));
  } finally {
    clearTimeout(timer);
    args.signal?.removeEventListener('abort', stop);
  }
}

/**
 * The one fetch wrapper: adds the CSRF header to state-changing calls, retries once with a fresh
 * token when the server rejects the token, sends an ended session (401) to the login page, and
 * turns every failure into a `RequestFailure` with the message the user sees.
 */
const LARGE_REPLY_CHARS = 1_000_000;

export async function request<T>(args: RequestArgs): Promise<T> {
  return (await requestWithStatus<T>(args)).body;
}

/** `request`, also telling which success status answered (a 202 means "accepted, not done"). */
export async function requestWithStatus<T>(args: RequestArgs): Promise<{ status: number; body: T }> {
  const mutating = MUTATING.has(args.method ?? 'GET');
  // a guest has no session, so no CSRF token either (its token travels in a header a form cannot set)
  let res = await send(args, mutating && !guest ? await getCsrfToken() : null);
  let text = await res.text();
  if (!res.ok && mutating && isCsrfFailure(res.status, text)) {
    resetCsrfToken();
    res = await send(args, await getCsrfToken());
    text = await res.text();
    if (!res.ok && isCsrfFailure(res.status, text)) throw new RequestFailure(getClientError({ kind: 'csrf' }));
  }
  // large replies leave a user-timing mark, so the result grid benchmark can time from the body's arrival
  if (text.length > LARGE_REPLY_CHARS) performance.mark('rama:large-reply', { detail: args.url });
  const body = parseBody(text, args.parse);
  if (!res.ok) {
    if (res.status === 401 && !args.skipSessionCheck) {
      if (guest) guest.onUnauthorized();
      else handleSessionEnded();
    }
    throw new RequestFailure(getClientError({ kind: 'response', status: res.status, body }));
  }
  return { status: res.status, body: body as T };
}

function isClientError(value: unknown): value is ClientError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string' &&
    'hints' in value &&
    Array.isArray(value.hints)
  );
}

/** Any failure (RTK Query error, thrown error) as the ClientError the user sees. */
export function toClientError(error: unknown): ClientError {
  if (error instanceof RequestFailure) return error.clientError;
  if (isClientError(error)) return error;
  const message =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : null;
  return inLanguage(getClientError({ kind: 'response', status: 0, body: message ? { message } : null }));
}

const ramaBaseQuery: BaseQueryFn<RequestArgs, unknown, ClientError> = async (args) => {
  try {
    return { data: await request<unknown>(args) };
  } catch (error) {
    return { error: toClientError(error) };
  }
};

/** RTK Query root; each feature injects its endpoints (`databases/databaseApi.ts`, `security/securityApi.ts`, ...). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: ramaBaseQuery,
  tagTypes: ['Session', 'Database', 'DatabaseMetadata', 'User', 'Role'],
  endpoints: () => ({}),
});

/** `{result: T}` → T */
export function unwrapResult<T>(reply: { result: T }): T {
  return reply.result;
}

/** The message of an RTK Query error (ours are always ClientError). */
export function errorMessage(error: unknown): string {
  return toClientError(error).message;
}
