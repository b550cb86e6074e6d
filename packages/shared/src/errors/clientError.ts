import { ErrorType, type RamaError } from './types.js';
import { NetworkErrorMessage, STATUS_TEXT } from './messages.js';

/** What the web client shows for a failed request (sql-editor.md section 8, "General network errors"). */
export interface ClientError {
  message: string;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  errorType: string | null;
  /** Lines shown under the message (the timeout issue hints). */
  hints: string[];
  /** Per-field validation messages from a 400 `{"message": {"field": ["..."]}}`. */
  fieldErrors: Record<string, string[]> | null;
  errors: RamaError[];
}

export type ClientErrorSource =
  { kind: 'network' } | { kind: 'timeout' } | { kind: 'csrf' } | { kind: 'response'; status: number; body: unknown };

const NO_DESCRIPTION = '(no description, click to see stack trace)';
const STACK_PATTERN = /Traceback \(most recent call last\)|\n\s+at \S+.*\(.*:\d+:\d+\)/;

function base(message: string, status: number | null, errorType: string | null): ClientError {
  return { message, status, errorType, hints: [], fieldErrors: null, errors: [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function statusText(status: number): string {
  return STATUS_TEXT[status] ?? NetworkErrorMessage.UNKNOWN;
}

function readErrors(value: unknown): RamaError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((e) => ({
    message: asText(e.message) ?? '',
    error_type: (asText(e.error_type) ?? ErrorType.GENERIC_BACKEND_ERROR) as RamaError['error_type'],
    level: e.level === 'info' || e.level === 'warning' ? e.level : 'error',
    extra: isRecord(e.extra) ? e.extra : {},
  }));
}

/** `{"field": ["msg"] | "msg" | {...}}` → `{"field": ["msg"]}`; nested objects are flattened with dots. */
export function readFieldErrors(value: Record<string, unknown>, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof raw === 'string') out[name] = [raw];
    else if (Array.isArray(raw)) out[name] = raw.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)));
    else if (isRecord(raw)) Object.assign(out, readFieldErrors(raw, name));
  }
  return out;
}

/** One line naming every field problem: `sqlalchemy_uri: Invalid URI; extra: Not JSON`. */
export function formatFieldErrors(fieldErrors: Record<string, string[]>): string {
  const parts = Object.entries(fieldErrors).map(([field, msgs]) => (field === '_schema' ? msgs.join(' ') : `${field}: ${msgs.join(' ')}`));
  return parts.join('; ') || NetworkErrorMessage.INVALID_INPUT;
}

function fromBody(status: number, body: unknown): ClientError {
  if (typeof body === 'string') {
    if (STACK_PATTERN.test(body)) {
      const first = body.trim().split('\n')[0] ?? '';
      return base(`Unexpected error: ${first || NO_DESCRIPTION}`, status, ErrorType.GENERIC_BACKEND_ERROR);
    }
    return base(statusText(status), status, null);
  }
  if (!isRecord(body)) return base(statusText(status), status, null);

  if (asText(body.stack) || asText(body.stacktrace)) {
    const description = asText(body.description) ?? asText(body.message) ?? NO_DESCRIPTION;
    return base(`Unexpected error: ${description}`, status, ErrorType.GENERIC_BACKEND_ERROR);
  }
  const errors = readErrors(body.errors);
  const firstWithText = errors.find((e) => e.message);
  if (firstWithText) {
    return { ...base(firstWithText.message, status, firstWithText.error_type), errors };
  }
  const message = body.message;
  if (asText(message)) return { ...base(message as string, status, null), errors };
  if (isRecord(message)) {
    const fieldErrors = readFieldErrors(message);
    return { ...base(formatFieldErrors(fieldErrors), status, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR), fieldErrors };
  }
  const legacy = asText(body.error);
  if (legacy) return base(legacy, status, null);
  return base(statusText(status), status, null);
}

/**
 * Turn a failed request into the message the user sees: 'Failed to fetch' → 'Network error';
 * a timeout → 'Request timed out' with the two issue hints; a CSRF failure → the session-timed-out
 * message; a body with a stack trace → 'Unexpected error: ...'; else the server's error or message,
 * else the status text, else 'Unknown error'.
 */
export function getClientError(source: ClientErrorSource): ClientError {
  switch (source.kind) {
    case 'network':
      return base(NetworkErrorMessage.FAILED_TO_FETCH, null, ErrorType.FRONTEND_NETWORK_ERROR);
    case 'timeout':
      return {
        ...base(NetworkErrorMessage.TIMEOUT, null, ErrorType.FRONTEND_TIMEOUT_ERROR),
        hints: [...NetworkErrorMessage.TIMEOUT_HINTS],
      };
    case 'csrf':
      return base(NetworkErrorMessage.SESSION_TIMED_OUT, 403, ErrorType.FRONTEND_CSRF_ERROR);
    case 'response':
      return fromBody(source.status, source.body);
  }
}

/** A rejected request whose response text mentions CSRF (sql-editor.md section 8). */
export function isCsrfFailure(status: number, text: string): boolean {
  return (status === 400 || status === 403) && /csrf/i.test(text);
}
