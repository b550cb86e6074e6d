/**
 * Reading a rule's options as the web client sends them. The BI server takes them as Python
 * keyword arguments, so an absent option means its default; a value of the wrong shape is a
 * PostProcessingError naming the option instead of a crash further on.
 */
import { PostProcessingError } from './frame.js';

export type Options = Record<string, unknown>;

export function asOptions(raw: unknown): Options {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new PostProcessingError('`options` of a post processing object must be an object');
  return raw as Options;
}

/**
 * Names one option may list. Work grows with rows × names (each name is a key to read, compare or
 * group by), and a name may be listed many times over; no chart names this many columns.
 */
export const MAX_OPTION_NAMES = 1000;

function ensureNames(name: string, count: number): void {
  if (count > MAX_OPTION_NAMES) {
    throw new PostProcessingError(
      `\`${name}\` lists ${count.toLocaleString('en-US')} names, more than the limit of ${MAX_OPTION_NAMES.toLocaleString('en-US')}`,
    );
  }
}

/** A list of column names; one name alone stands for a list of one (the server's scalar_to_sequence). */
export function stringList(options: Options, name: string): string[] {
  const v = options[name];
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
    ensureNames(name, v.length);
    return v as string[];
  }
  throw new PostProcessingError(`\`${name}\` must be a list of column names`);
}

export function optString(options: Options, name: string): string | null {
  const v = options[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new PostProcessingError(`\`${name}\` must be a string`);
  return v;
}

export function optBool(options: Options, name: string, fallback: boolean): boolean {
  const v = options[name];
  if (v === undefined || v === null) return fallback;
  return Boolean(v);
}

export function optInt(options: Options, name: string, fallback: number | null): number | null {
  const v = options[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new PostProcessingError(`\`${name}\` must be an integer`);
  return v;
}

export function optRecord(options: Options, name: string): Record<string, unknown> | null {
  const v = options[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw new PostProcessingError(`\`${name}\` must be an object`);
  ensureNames(name, Object.keys(v).length);
  return v as Record<string, unknown>;
}

/**
 * Source → target column names for cum, diff and rolling: `{'y': 'y'}` replaces y, `{'y': 'y2'}`
 * adds y2. A plain list (as the client's types spell it) maps each column to itself.
 */
export function columnMap(options: Options, name: string): [string, string][] {
  const v = options[name];
  if (v === undefined || v === null) return [];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
    ensureNames(name, v.length);
    return (v as string[]).map((c) => [c, c]);
  }
  if (typeof v === 'object' && !Array.isArray(v)) {
    ensureNames(name, Object.keys(v).length);
    return Object.entries(v as Record<string, unknown>).map(([src, tgt]) => {
      if (typeof tgt !== 'string') throw new PostProcessingError(`\`${name}\` must map column names to column names`);
      return [src, tgt];
    });
  }
  throw new PostProcessingError(`\`${name}\` must map column names to column names`);
}
