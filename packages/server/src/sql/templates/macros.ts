/**
 * The allow-listed macros and globals a template may call. Macros return raw values tagged
 * 'user' (see taint.ts), so `'{{ filter_values('x')[0] }}'` and `{{ where_in(filter_values('x')) }}`
 * are both escaped exactly once.
 */
import type { EngineLimits } from '../template-limits.js';
import { ArrayValue, FunctionValue, IntegerValue, NullValue, SqlNull, StringValue, type FnImpl, type RV } from './bridge.js';
import { tooLong, type Budgets } from './budgets.js';
import type { EngineContext } from './context.js';
import { escapeSqlText, type Taint } from './taint.js';

/** Names a template parameter may not take: Jinja's constants and globals, and the time bounds. */
export const RESERVED = new Set([
  'true',
  'false',
  'none',
  'True',
  'False',
  'None',
  'range',
  'namespace',
  'raise_exception',
  'strftime_now',
  'loop',
  'caller',
  'varargs',
  'kwargs',
  'from_dttm',
  'to_dttm',
]);
export const MACROS = [
  'current_username',
  'current_user_id',
  'current_user_email',
  'url_param',
  'filter_values',
  'get_filters',
  'where_in',
];

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Positional and keyword arguments by name; unknown keywords are refused. */
function bind(fn: string, args: RV[], names: string[], ignored: string[] = []): Map<string, RV> {
  const out = new Map<string, RV>();
  let positional = args;
  const last = args.at(-1);
  if (last?.type === 'KeywordArgumentsValue') {
    positional = args.slice(0, -1);
    for (const [k, v] of last.value as Map<string, RV>) {
      if (names.includes(k)) out.set(k, v);
      else if (!ignored.includes(k)) throw new Error(`${fn}() got an unexpected keyword argument '${k}'`);
    }
  }
  if (positional.length > names.length) throw new Error(`${fn}() takes at most ${plural(names.length, 'argument')}`);
  positional.forEach((v, i) => {
    if (out.has(names[i])) throw new Error(`${fn}() got multiple values for argument '${names[i]}'`);
    out.set(names[i], v);
  });
  return out;
}

function stringArg(fn: string, v: RV | undefined, what: string): string {
  if (v?.type !== 'StringValue') throw new Error(`${fn}() expects the ${what} as a string`);
  return v.value as string;
}

const given = (v: RV | undefined): v is RV => v !== undefined && v.type !== 'NullValue' && v.type !== 'UndefinedValue';

/** The macros and globals of one render, over its context, classification and budgets. */
export function macroGlobals(ctx: EngineContext, limits: EngineLimits, taint: Taint, budgets: Budgets): Record<string, RV> {
  const fn = (impl: FnImpl): RV => taint.tag(new FunctionValue(impl), 'clean');
  /** A value the analyst passed as a default, copied as user data (so it is escaped like the rest). */
  const asUser = (v: RV): RV => taint.fromUser(taint.toJs(v));
  const filtersOn = (column: string) => ctx.filters.filter((f) => f && f.col === column);
  const cacheKeys = ['add_to_cache_keys'];
  return {
    current_username: fn((args) => {
      bind('current_username', args, [], cacheKeys);
      return ctx.username === null ? new NullValue() : taint.userString(ctx.username);
    }),
    current_user_email: fn((args) => {
      bind('current_user_email', args, [], cacheKeys);
      return ctx.email === null ? new NullValue() : taint.userString(ctx.email);
    }),
    current_user_id: fn((args) => {
      bind('current_user_id', args, [], cacheKeys);
      const id = ctx.userId;
      return typeof id === 'number' && Number.isSafeInteger(id) ? new IntegerValue(id) : new SqlNull();
    }),
    url_param: fn((args) => {
      const a = bind('url_param', args, ['param', 'default'], cacheKeys);
      const name = stringArg('url_param', a.get('param'), 'parameter name');
      if (Object.prototype.hasOwnProperty.call(ctx.urlParams, name)) return taint.userString(String(ctx.urlParams[name]));
      const dflt = a.get('default');
      return given(dflt) ? asUser(dflt) : new NullValue();
    }),
    filter_values: fn((args) => {
      const a = bind('filter_values', args, ['column', 'default'], ['remove_filter']);
      const column = stringArg('filter_values', a.get('column'), 'column');
      const values: unknown[] = [];
      for (const f of filtersOn(column)) {
        const op = String(f.op).toUpperCase();
        if (op !== 'IN' && op !== '==') continue;
        for (const v of Array.isArray(f.val) ? f.val : [f.val]) {
          if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) values.push(v);
        }
      }
      const dflt = a.get('default');
      if (values.length === 0 && given(dflt)) return taint.tag(new ArrayValue([asUser(dflt)]), 'user');
      return taint.fromUser(values);
    }),
    get_filters: fn((args) => {
      const a = bind('get_filters', args, ['column', 'remove_filter']);
      const column = stringArg('get_filters', a.get('column'), 'column');
      return taint.fromUser(filtersOn(column).map((f) => ({ op: f.op, col: f.col, val: f.val ?? null })));
    }),
    where_in: fn((args) => {
      const a = bind('where_in', args, ['values', 'mark']);
      const list = a.get('values');
      if (!list || !Array.isArray(list.value)) throw new Error('where_in() expects a list');
      const markArg = a.get('mark');
      const mark = markArg === undefined ? "'" : stringArg('where_in', markArg, 'mark');
      if (mark !== "'" && mark !== '"') throw new Error(`where_in() accepts the marks ' and " only`);
      const parts: string[] = [];
      let size = 2;
      let user = false;
      for (const item of list.value as RV[]) {
        let text: string;
        if (item.type === 'StringValue') {
          text = mark + escapeSqlText(item.value as string, ctx.escaping, mark) + mark;
          user ||= !taint.isClean(item);
        } else if (item.type === 'IntegerValue' || item.type === 'FloatValue') {
          if (!Number.isFinite(item.value as number)) throw new Error('where_in() items must be finite numbers');
          text = item.toString();
        } else if (item.type === 'BooleanValue') text = item.value ? 'TRUE' : 'FALSE';
        else if (item.type === 'NullValue' || item.type === 'UndefinedValue') text = 'NULL';
        else throw new Error('where_in() items must be strings, numbers, booleans or None');
        size += text.length + 2;
        if (size > limits.maxChars) throw tooLong();
        parts.push(text);
      }
      // an empty list would be a syntax error in most engines; (NULL) matches nothing
      return taint.tag(new StringValue(`(${parts.length > 0 ? parts.join(', ') : 'NULL'})`), user ? 'sqlUser' : 'sql');
    }),
    range: fn((args) => {
      if (args.length < 1 || args.length > 3 || args.some((x) => x.type !== 'IntegerValue'))
        throw new Error('range() expects 1 to 3 integers');
      const n = args.map((x) => x.value as number);
      const [start, stop, step] = n.length === 1 ? [0, n[0], 1] : [n[0], n[1], n[2] ?? 1];
      if (step === 0) throw new Error('range() step must not be zero');
      const count = Math.max(0, Math.ceil((stop - start) / step));
      budgets.checkRange(count);
      const items: RV[] = [];
      for (let i = 0; i < count; i++) items.push(new IntegerValue(start + i * step));
      return taint.tagDeep(new ArrayValue(items), 'clean');
    }),
    raise_exception: fn((args) => {
      throw new Error(args[0]?.type === 'StringValue' ? (args[0].value as string).slice(0, 300) : 'raise_exception() was called');
    }),
  };
}
