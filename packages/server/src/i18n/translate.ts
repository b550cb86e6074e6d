/**
 * Server messages in the user's language (issue 30 item 4): a finished English message — as the
 * server composed it — is looked up in the catalogue (messages.ts), first as it is, then against the
 * catalogue's templates (`Dataset {0} not found`), compiled once to regexes. Whatever the catalogue
 * does not know (a database's own error text, a message built elsewhere) passes through unchanged;
 * a lookup never throws and its work is bounded by the message's length.
 */
import type { Language } from '@rama/shared';
import { MESSAGES } from './messages.js';

/** a message longer than this is only looked up as it is (a template match would cost too much) */
const MAX_TEMPLATE_INPUT = 4000;
/** a template with several placeholders is tried on shorter messages only (its regex backtracks) */
const MAX_MULTI_PLACEHOLDER_INPUT = 1000;

const PLACEHOLDER = /\{(\d+)\}/g;

/** The placeholders of a catalogue text, sorted (`{1} of {0}` → "0,1"): a translation keeps all of them. */
export function placeholders(text: string): string {
  return [...text.matchAll(PLACEHOLDER)]
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b)
    .join(',');
}

/** A message worth translating has a word outside its placeholders (`{0}: {1}` has none). */
export function needsTranslation(english: string): boolean {
  return /\p{L}{2}/u.test(english.replace(PLACEHOLDER, ''));
}

interface Template {
  /** the literal text before the first placeholder and after the last: cheap checks before the regex */
  prefix: string;
  suffix: string;
  /** the placeholder numbers, in the order they appear in the English */
  order: number[];
  regex: RegExp;
  /** total length of the literal text: a longer (more specific) template is tried first */
  weight: number;
  fr: string;
  de: string;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let compiled: Template[] | null = null;

function templates(): Template[] {
  if (compiled) return compiled;
  const out: Template[] = [];
  for (const [en, [fr, de]] of Object.entries(MESSAGES)) {
    const parts = en.split(PLACEHOLDER);
    if (parts.length === 1 || !needsTranslation(en)) continue;
    // parts: literal, number, literal, number, …, literal
    const literals = parts.filter((_, i) => i % 2 === 0);
    const order = parts.filter((_, i) => i % 2 === 1).map(Number);
    const source = literals.map(escapeRegex).join('([^]*?)');
    out.push({
      prefix: literals[0],
      suffix: literals[literals.length - 1],
      order,
      regex: new RegExp(`^${source}$`),
      weight: literals.join('').length,
      fr,
      de,
    });
  }
  compiled = out.sort((a, b) => b.weight - a.weight);
  return compiled;
}

function fillIn(template: string, values: Map<number, string>): string {
  return template.replace(PLACEHOLDER, (whole, n: string) => values.get(Number(n)) ?? whole);
}

/**
 * A catalogue text in `language` with its placeholders filled in (`{0}` → values[0]): for texts the
 * server composes in a language it knows beforehand (a report e-mail). English, or a text the
 * catalogue lacks, is filled in as it is.
 */
export function localize(english: string, language: Language, ...values: (string | number)[]): string {
  const entry = language !== 'en' && Object.hasOwn(MESSAGES, english) ? MESSAGES[english] : null;
  const text = entry ? entry[language === 'fr' ? 0 : 1] : english;
  return fillIn(text, new Map(values.map((v, i) => [i, String(v)])));
}

/**
 * The message in `language`, or the message itself when the catalogue does not know it. A part a
 * template filled in is looked up too (`…tile (timed out).`), one level deep.
 */
export function translateMessage(message: string, language: Language): string {
  return translate(message, language, true);
}

function translate(message: string, language: Language, parts: boolean): string {
  if (language === 'en' || typeof message !== 'string' || !message) return message;
  try {
    if (Object.hasOwn(MESSAGES, message)) return MESSAGES[message][language === 'fr' ? 0 : 1];
    if (message.length > MAX_TEMPLATE_INPUT) return message;
    for (const t of templates()) {
      if (t.order.length > 1 && message.length > MAX_MULTI_PLACEHOLDER_INPUT) continue;
      if (message.length < t.weight || !message.startsWith(t.prefix) || !message.endsWith(t.suffix)) continue;
      const m = t.regex.exec(message);
      if (!m) continue;
      const values = new Map<number, string>(t.order.map((n, i) => [n, parts ? translate(m[i + 1], language, false) : m[i + 1]]));
      return fillIn(language === 'fr' ? t.fr : t.de, values);
    }
  } catch {
    // a lookup never breaks a reply: the English message goes out
  }
  return message;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** per-field messages (`{"name": ["…"], "metrics": {"0": ["…"]}}`): every string translated, keys kept */
function translateFields(value: unknown, language: Language, depth: number): unknown {
  if (typeof value === 'string') return translateMessage(value, language);
  if (depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => translateFields(v, language, depth + 1));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translateFields(v, language, depth + 1)]));
  return value;
}

/** Whether a reply body is one of the error shapes: `{message}` or `{errors: [{message}]}`. */
export function isErrorBody(body: unknown): body is Record<string, unknown> {
  return isRecord(body) && ('message' in body || Array.isArray(body.errors));
}

/**
 * An error reply's body with its messages in `language`: `{message: string}`,
 * `{message: {field: [strings]}}` and `{errors: [{message, …}]}`. Everything else (status, field
 * names, error_type, extra) stays as it is; the body given is not changed (it may be shared).
 */
export function translateErrorBody<T>(body: T, language: Language): T {
  if (language === 'en' || !isErrorBody(body)) return body;
  try {
    const out: Record<string, unknown> = { ...body };
    if (typeof body.message === 'string') out.message = translateMessage(body.message, language);
    else if (isRecord(body.message)) out.message = translateFields(body.message, language, 0);
    if (Array.isArray(body.errors)) {
      out.errors = body.errors.map((e: unknown) =>
        isRecord(e) && typeof e.message === 'string' ? { ...e, message: translateMessage(e.message, language) } : e,
      );
    }
    return out as T;
  } catch {
    return body;
  }
}
