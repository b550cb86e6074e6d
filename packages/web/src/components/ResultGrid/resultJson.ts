/**
 * Results JSON without losing big integers: safe integers → number, unsafe integers → bigint,
 * other numbers → number (sql-editor.md §7: "parsed safely for large numbers").
 *
 * lossless-json does this in JavaScript and takes seconds on a 100k-row result. Instead, the
 * unsafe integer literals (found by a scan that skips strings) are rewritten as marked strings,
 * the native JSON.parse does the work, and the marked strings become bigints. lossless-json
 * remains the fallback when the text already holds the marker.
 */
import { parse } from 'lossless-json';

/** Integers beyond 2^53 have 17+ digits, or 16 starting with 9: the cheap test for the fast path. */
const MAYBE_UNSAFE = /\d{17}|9\d{15}/;
const INTEGER_TEXT = /^-?\d+$/;
const MARK = '\u0000rama-bigint:';
const MARK_JSON = '\\u0000rama-bigint:';

/** A JSON number's text as the result grid wants it. */
export function jsonNumber(text: string): number | bigint {
  const n = Number(text);
  return INTEGER_TEXT.test(text) && !Number.isSafeInteger(n) ? BigInt(text) : n;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** The text with every unsafe integer literal outside strings written as a marked string, or null if none. */
function markUnsafeIntegers(text: string): string | null {
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // jump to the closing quote: one not preceded by an odd run of backslashes
      let q = text.indexOf('"', i + 1);
      for (;;) {
        if (q < 0) return null; // invalid JSON: let the parser report it
        let slashes = 0;
        while (text.charCodeAt(q - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
        q = text.indexOf('"', q + 1);
      }
      i = q + 1;
    } else if (c === 45 /* - */ || isDigit(c)) {
      const start = i;
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const next = text.charCodeAt(i);
      if (next === 46 || next === 101 || next === 69) {
        // fraction or exponent: a plain number
        i++;
        while (i < n && (isDigit(text.charCodeAt(i)) || '+-eE'.includes(text[i]))) i++;
      } else if (i - start >= 16 && !Number.isSafeInteger(Number(text.slice(start, i)))) {
        parts.push(text.slice(copied, start), `"${MARK_JSON}${text.slice(start, i)}"`);
        copied = i;
      }
    } else i++;
  }
  if (parts.length === 0) return null;
  parts.push(text.slice(copied));
  return parts.join('');
}

/** Replaces marked strings with bigints, in place. */
function restoreBigInts(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v === 'object' && v !== null) restoreBigInts(v);
      else if (typeof v === 'string' && v.startsWith(MARK)) value[i] = BigInt(v.slice(MARK.length));
    }
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const v = record[key];
      if (typeof v === 'object' && v !== null) restoreBigInts(v);
      else if (typeof v === 'string' && v.startsWith(MARK)) record[key] = BigInt(v.slice(MARK.length));
    }
  }
  return value;
}

export function parseResultJson(text: string): unknown {
  if (!MAYBE_UNSAFE.test(text)) return JSON.parse(text);
  if (text.includes(MARK_JSON) || text.includes(MARK)) return parse(text, null, jsonNumber);
  const marked = markUnsafeIntegers(text);
  return marked === null ? JSON.parse(text) : restoreBigInts(JSON.parse(marked));
}
