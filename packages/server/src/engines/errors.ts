/** Turning driver errors into client-safe EngineErrors (DESIGN.md: no stack, no driver internals). */
import { EngineError, type ConnectionUri } from './types.js';

export type EngineErrorType = EngineError['errorType'];

/** Raised for a connection URI that cannot be parsed or is not allowed; the message is client-safe. */
export class UriError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UriError';
  }
}

function prop(e: unknown, key: string): unknown {
  return typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[key] : undefined;
}

export function errorMessage(e: unknown): string {
  const m = prop(e, 'message');
  return typeof m === 'string' ? m : String(e);
}

export function errorCode(e: unknown): string | undefined {
  const c = prop(e, 'code');
  return typeof c === 'string' ? c : typeof c === 'number' ? String(c) : undefined;
}

export function errorNumber(e: unknown, key: string): number | undefined {
  const v = prop(e, key);
  return typeof v === 'number' ? v : undefined;
}

/** The `errors` of an AggregateError (Node reports one per address tried, e.g. ::1 and 127.0.0.1). */
function innerErrors(e: unknown): unknown[] {
  const inner = prop(e, 'errors');
  return Array.isArray(inner) ? inner : [];
}

function hasCode(e: unknown, codes: string[]): boolean {
  const code = errorCode(e);
  if (code && codes.includes(code)) return true;
  return innerErrors(e).some((x) => hasCode(x, codes));
}

/**
 * Socket-level failures every network engine shares. Messages name only what the user typed
 * (host, port), never resolved addresses.
 */
export function networkError(e: unknown, uri: ConnectionUri, defaultPort: number): EngineError | null {
  const host = uri.host ?? 'localhost';
  const port = uri.port ?? defaultPort;
  if (hasCode(e, ['ECONNREFUSED'])) {
    return new EngineError(`Port ${port} on hostname "${host}" refused the connection.`, 'CONNECTION_PORT_CLOSED_ERROR');
  }
  if (hasCode(e, ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL'])) {
    return new EngineError(`The hostname "${host}" cannot be resolved.`, 'CONNECTION_INVALID_HOSTNAME_ERROR');
  }
  if (hasCode(e, ['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']) || /timeout|timed out/i.test(errorMessage(e))) {
    return new EngineError(`The host "${host}" might be down, and can't be reached on port ${port}.`, 'CONNECTION_DATABASE_TIMEOUT');
  }
  if (hasCode(e, ['ECONNRESET', 'EPIPE'])) {
    return new EngineError(`The connection to "${host}" was closed unexpectedly.`, 'GENERIC_DB_ENGINE_ERROR');
  }
  return null;
}

export function accessDenied(uri: ConnectionUri): EngineError {
  return new EngineError(`Either the username "${uri.username ?? ''}" or the password is incorrect.`, 'CONNECTION_ACCESS_DENIED_ERROR');
}

export function unknownDatabase(uri: ConnectionUri): EngineError {
  return new EngineError(`Unable to connect to database "${uri.database ?? ''}".`, 'CONNECTION_UNKNOWN_DATABASE_ERROR');
}

export function cancelledError(): EngineError {
  return new EngineError('The query was cancelled.', 'QUERY_CANCELLED');
}

/** First line only: drivers sometimes append context that is not for end users. */
export function firstLine(message: string): string {
  const line = message.split('\n')[0].trim();
  return line || 'The database reported an error.';
}
