import type { FastifyRequest } from 'fastify';
import { invalidFields } from '../http/errors.js';

export type Fields = Record<string, unknown>;

/** A form may carry its CSRF token in the body; the CSRF check has read it, it is not a field. */
const CSRF_FIELD = 'csrf_token';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The fields of a tab-state body. The web client posts forms whose every value is JSON text
 * (`sql="SELECT 2"`, `expanded=true`); a JSON body carries the same keys with plain values.
 */
export function bodyFields(req: FastifyRequest): Fields {
  const body: unknown = req.body;
  if (body === undefined || body === null || body === '') return {};
  if (!isRecord(body)) throw invalidFields({ body: ['The request body must be an object.'] });
  const entries = Object.entries(body).filter(([key]) => key !== CSRF_FIELD);
  if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) return Object.fromEntries(entries);
  const out: Fields = {};
  const errors: Record<string, string[]> = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string') {
      errors[key] = ['Only one value is allowed.'];
      continue;
    }
    try {
      out[key] = JSON.parse(value);
    } catch {
      errors[key] = ['Not a valid JSON value.'];
    }
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
  return out;
}

/** A required field holding a JSON object (`queryEditor`, `table`); JSON bodies may send it as JSON text too. */
export function objectField(fields: Fields, name: string): Record<string, unknown> {
  let value = fields[name];
  if (value === undefined || value === null) throw invalidFields({ [name]: ['Missing data for required field.'] });
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalidFields({ [name]: ['Not a valid JSON value.'] });
    }
  }
  if (!isRecord(value)) throw invalidFields({ [name]: ['Must be a JSON object.'] });
  return value;
}

/**
 * Reads typed values out of decoded fields, collecting one message per bad field (named with
 * `prefix`, e.g. `queryEditor.dbId`); `undefined` means "not sent".
 */
export class FieldReader {
  readonly errors: Record<string, string[]> = {};

  constructor(
    private readonly src: Fields,
    private readonly prefix = '',
  ) {}

  private fail(key: string, message: string): undefined {
    (this.errors[this.prefix + key] ??= []).push(message);
    return undefined;
  }

  has(key: string): boolean {
    return Object.hasOwn(this.src, key) && this.src[key] !== undefined;
  }

  /** Record a message for each of `keys` that was not sent. */
  requireKeys(...keys: string[]): void {
    for (const key of keys) if (!this.has(key)) this.fail(key, 'Missing data for required field.');
  }

  string(key: string, opts: { maxLength: number; nullable?: boolean; nonEmpty?: boolean }): string | null | undefined {
    const v = this.src[key];
    if (v === undefined) return undefined;
    if (v === null) return opts.nullable ? null : this.fail(key, 'Field may not be null.');
    if (typeof v !== 'string') return this.fail(key, 'Not a valid string.');
    if (v.length > opts.maxLength) return this.fail(key, `Longer than maximum length ${opts.maxLength}.`);
    if (opts.nonEmpty && !v.trim()) return this.fail(key, 'Field cannot be empty.');
    return v;
  }

  /** A catalog or schema name: nullable, and an empty name means none (form posts send null as ''). */
  name(key: string, maxLength: number): string | null | undefined {
    const v = this.string(key, { maxLength, nullable: true });
    return v === '' ? null : v;
  }

  integer(key: string, opts: { min: number; nullable?: boolean }): number | null | undefined {
    const v = this.src[key];
    if (v === undefined) return undefined;
    if (v === null) return opts.nullable ? null : this.fail(key, 'Field may not be null.');
    const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return this.fail(key, 'Not a valid integer.');
    if (n < opts.min) return this.fail(key, `Must be greater than or equal to ${opts.min}.`);
    return n;
  }

  boolean(key: string): boolean | undefined {
    const v = this.src[key];
    if (v === undefined) return undefined;
    if (v === true || v === 1) return true;
    if (v === false || v === 0) return false;
    return this.fail(key, 'Not a valid boolean.');
  }

  /** Text that the client keeps as a JSON string (template parameters); an object is stored as its JSON. */
  jsonText(key: string, maxLength: number): string | null | undefined {
    const v = this.src[key];
    if (v === undefined || v === null) return v;
    const text = typeof v === 'string' ? v : isRecord(v) ? JSON.stringify(v) : this.fail(key, 'Not a valid string.');
    if (text !== undefined && text.length > maxLength) return this.fail(key, `Longer than maximum length ${maxLength}.`);
    return text;
  }

  /** A JSON object, sent as an object or as its JSON text; returns the text to store (null → `{}`). */
  jsonObject(key: string, maxLength: number): string | undefined {
    let v = this.src[key];
    if (v === undefined) return undefined;
    if (v === null) return '{}';
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        return this.fail(key, 'Not a valid JSON object.');
      }
    }
    if (!isRecord(v)) return this.fail(key, 'Not a valid JSON object.');
    const text = JSON.stringify(v);
    return text.length > maxLength ? this.fail(key, `Longer than maximum length ${maxLength}.`) : text;
  }

  /** 400 with every collected message. */
  check(): void {
    if (Object.keys(this.errors).length) throw invalidFields(this.errors);
  }
}
