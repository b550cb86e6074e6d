import type { ErrorType, ErrorLevel } from '@rama/shared';
import { ErrorType as ET } from '@rama/shared';

/** An error whose status and body go to the client as they are (no stack, no internals). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
    this.name = 'HttpError';
  }
}

export function errorsBody(message: string, errorType: ErrorType, level: ErrorLevel = 'error', extra: Record<string, unknown> = {}) {
  return { errors: [{ message, error_type: errorType, level, extra }] };
}

/** 404 — the same answer for a missing object and one the user may not see. */
export const notFound = (what = 'Not found') => new HttpError(404, { message: what });
export const unauthorized = (message = 'Not authorized') => new HttpError(401, { message });
export const forbidden = (message: string) => new HttpError(403, { message });
/** 400 with per-field messages: `{"message": {"field": ["..."]}}` */
export const invalidFields = (fields: Record<string, string[]>) => new HttpError(400, { message: fields });
export const badRequest = (message: string) => new HttpError(400, { message });
export const typedError = (status: number, message: string, errorType: ErrorType, extra: Record<string, unknown> = {}) =>
  new HttpError(status, errorsBody(message, errorType, 'error', extra));

export { ET as ErrorTypes };
