/**
 * The helpers a handlebars chart's template may call: the BI server's own (dateFormat, stringify,
 * formatNumber, parseJson, t, tn), the common comparison, text and arithmetic helpers its templates
 * use from just-handlebars-helpers, and groupBy. Every helper returns plain text (escaped by `{{ }}`)
 * except newLineToBr, which escapes its input first. Registered on an isolated instance only.
 */
import { t } from '../../i18n';
import type { HelperDelegate, HelperOptions } from 'handlebars';
import { getNumberFormatter, getTimeFormatter } from '@rama/shared';

type Helpers = Record<string, HelperDelegate>;

const isOptions = (v: unknown): v is HelperOptions => typeof v === 'object' && v !== null && 'hash' in v;
/** The positional arguments of a helper call (the last argument is Handlebars' options). */
const positional = (args: unknown[]): unknown[] => (args.length && isOptions(args[args.length - 1]) ? args.slice(0, -1) : args);

const MOMENT_TOKENS: [RegExp, string][] = [
  [/YYYY/g, '%Y'],
  [/YY/g, '%y'],
  [/MMMM/g, '%B'],
  [/MMM/g, '%b'],
  [/MM/g, '%m'],
  [/DD/g, '%d'],
  [/dddd/g, '%A'],
  [/ddd/g, '%a'],
  [/HH/g, '%H'],
  [/hh/g, '%I'],
  [/mm/g, '%M'],
  [/ss/g, '%S'],
  [/A/g, '%p'],
];

/** A moment/dayjs format (`YYYY-MM-DD`, the BI server's helper) as a d3 time format; d3 formats pass as they are. */
export function momentToD3(format: string): string {
  if (format.includes('%')) return format;
  // placeholders keep one token's output from being read as another token
  let out = format;
  const parts: string[] = [];
  for (const [re, d3] of MOMENT_TOKENS) {
    out = out.replace(re, () => {
      parts.push(d3);
      return `\u0000${parts.length - 1}\u0000`;
    });
  }
  return out.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => parts[Number(i)]);
}

const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function templateHelpers(escape: (s: string) => string, safe: (s: string) => unknown): Helpers {
  const helpers: Helpers = {
    dateFormat: (value: unknown, options: HelperOptions) => {
      if (value === null || value === undefined || value === '') return '';
      const format = typeof options?.hash?.format === 'string' ? options.hash.format : 'YYYY-MM-DD';
      return getTimeFormatter(momentToD3(format))(value instanceof Date ? value : (value as number | string));
    },
    stringify: (value: unknown, options?: unknown) => {
      if (options === undefined) throw new Error(t('visualizations:handlebars.stringifyNeedsObject', { example: '`stringify myObj`' }));
      return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
        ? JSON.stringify(value)
        : String(value);
    },
    formatNumber: (value: unknown, options: HelperOptions) => {
      if (value === null || value === undefined || value === '') return '';
      const n = toNumber(value);
      if (Number.isNaN(n)) return String(value);
      const { format, locale } = options?.hash ?? {};
      if (typeof format === 'string' && format) return getNumberFormatter(format)(n);
      if (typeof locale === 'string' && locale) return n.toLocaleString(locale);
      return getNumberFormatter()(n);
    },
    parseJson: (value: unknown) => JSON.parse(String(value)) as unknown,
    t: (...args: unknown[]) => text(positional(args)[0]),
    tn: (...args: unknown[]) => {
      const [singular, plural, count] = positional(args);
      return toNumber(count) === 1 || plural === undefined ? text(singular) : text(plural);
    },
    eq: (a: unknown, b: unknown) => a === b,
    eqw: (a: unknown, b: unknown) => a == b, // the point of the helper: loose equality
    neq: (a: unknown, b: unknown) => a !== b,
    neqw: (a: unknown, b: unknown) => a != b, // the point of the helper: loose equality
    lt: (a: unknown, b: unknown) => toNumber(a) < toNumber(b),
    lte: (a: unknown, b: unknown) => toNumber(a) <= toNumber(b),
    gt: (a: unknown, b: unknown) => toNumber(a) > toNumber(b),
    gte: (a: unknown, b: unknown) => toNumber(a) >= toNumber(b),
    not: (a: unknown) => !a,
    and: (...args: unknown[]) => positional(args).every(Boolean),
    or: (...args: unknown[]) => positional(args).some(Boolean),
    ifx: (cond: unknown, a: unknown, b: unknown) => (cond ? a : isOptions(b) ? '' : b),
    coalesce: (...args: unknown[]) => positional(args).find((v) => v !== null && v !== undefined && v !== '') ?? '',
    empty: (v: unknown) => (Array.isArray(v) ? v.length === 0 : !v),
    count: (v: unknown) => (Array.isArray(v) ? v.length : 0),
    includes: (list: unknown, v: unknown) => arrayOf(list).includes(v),
    join: (list: unknown, sep: unknown) =>
      arrayOf(list)
        .map(text)
        .join(typeof sep === 'string' ? sep : ', '),
    first: (list: unknown) => arrayOf(list)[0],
    last: (list: unknown) => arrayOf(list).at(-1),
    lowercase: (s: unknown) => text(s).toLowerCase(),
    uppercase: (s: unknown) => text(s).toUpperCase(),
    capitalizeFirst: (s: unknown) => text(s).charAt(0).toUpperCase() + text(s).slice(1),
    capitalizeEach: (s: unknown) => text(s).replace(/\b\w/g, (c) => c.toUpperCase()),
    excerpt: (s: unknown, length: unknown) => {
      const n = Number.isFinite(toNumber(length)) ? toNumber(length) : 50;
      return text(s).length > n ? `${text(s).slice(0, n)}...` : text(s);
    },
    newLineToBr: (s: unknown) => safe(escape(text(s)).replace(/\r?\n/g, '<br>')),
    sum: (a: unknown, b: unknown) => toNumber(a) + toNumber(b),
    difference: (a: unknown, b: unknown) => toNumber(a) - toNumber(b),
    multiplication: (a: unknown, b: unknown) => toNumber(a) * toNumber(b),
    division: (a: unknown, b: unknown) => toNumber(a) / toNumber(b),
    remainder: (a: unknown, b: unknown) => toNumber(a) % toNumber(b),
    ceil: (a: unknown) => Math.ceil(toNumber(a)),
    floor: (a: unknown) => Math.floor(toNumber(a)),
    abs: (a: unknown) => Math.abs(toNumber(a)),
    /** `{{#groupBy data by="region"}}{{value}}: {{#each items}}…{{/each}}{{/groupBy}}` */
    groupBy: (list: unknown, options: HelperOptions) => {
      const by = options?.hash?.by;
      if (typeof by !== 'string') return '';
      const groups = new Map<unknown, unknown[]>();
      for (const item of arrayOf(list)) {
        const key =
          item !== null && typeof item === 'object' && Object.hasOwn(item, by) ? (item as Record<string, unknown>)[by] : undefined;
        const group = groups.get(key) ?? [];
        group.push(item);
        groups.set(key, group);
      }
      return [...groups.entries()].map(([value, items]) => options.fn({ value, items })).join('');
    },
  };
  return helpers;
}
