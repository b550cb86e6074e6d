/**
 * The template engine proper: Jinja syntax interpreted by @huggingface/jinja (no code execution),
 * with allow-listed macros, SQL escaping of macro values and budgets. It runs inside a render
 * executor (template-executor.ts, a child process: see template.ts); tests may call it directly.
 *
 * Escaping rule. Every value that reaches the output through `{{ }}` is classified:
 * - 'clean': written by the analyst (template literals, the template parameters JSON, numbers):
 *   output as is;
 * - 'user': anything else, macro values first (user name, URL parameters, filter values) and
 *   everything computed from them (`url_param('x')|upper`, `url_param('x')[:3]`): escaped for use
 *   inside a single-quoted SQL literal (quotes doubled, backslashes too for 'backslash' engines,
 *   NUL removed), exactly once, at output;
 * - 'sql': text that is SQL already (where_in's list, a block's rendered output): output as is.
 * Macros return raw values, so `'{{ filter_values('x')[0] }}'` and `{{ where_in(filter_values('x')) }}`
 * are both escaped exactly once. The classification fails safe: a value of unknown origin is 'user'.
 *
 * Budgets (a runaway template is an error, never an out-of-memory): range() size, list size, total
 * loop iterations, interpreter steps, nesting depth and string size (every value and the output) are
 * capped, and the operations that can allocate far more than their inputs (join, tojson, indent,
 * replace, split, stringifying a list) are checked before they run.
 */
import { Environment, Interpreter, parse, tokenize } from '@huggingface/jinja';
import { DEFAULT_LIMITS, type EngineLimits } from './template-limits.js';

export { DEFAULT_LIMITS, type EngineLimits };

export type Escaping = 'standard' | 'backslash';

export interface EngineContext {
  params: Record<string, unknown>;
  username: string | null;
  userId: number | null;
  email: string | null;
  urlParams: Record<string, string>;
  filters: Array<{ col: string; op: string; val: unknown }>;
  escaping: Escaping;
  /** a chart query's time bounds (`YYYY-MM-DD HH:MM:SS`, UTC) as `from_dttm` / `to_dttm`; null when open */
  fromDttm?: string | null;
  toDttm?: string | null;
}

/** A template that cannot be rendered; the message is for the user. */
export class TemplateRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}

/**
 * Names the template writes to the output (or joins into text with `~`) without a value: not a
 * parameter, macro, global, loop variable or `set` target. The BI server renders such a name as
 * itself (Jinja's DebugUndefined) and then refuses the query naming it (MISSING_TEMPLATE_PARAMS_ERROR);
 * `{{ x | default('a') }}`, `{% if x is defined %}` and `{% if x %}` are not outputs and pass.
 */
export class UndefinedParametersError extends TemplateRenderError {
  constructor(readonly names: string[]) {
    super(undefinedParametersMessage(names));
    this.name = 'UndefinedParametersError';
  }
}

/** The BI server's wording (ngettext: one parameter, or several), names quoted as its format_list does. */
export function undefinedParametersMessage(names: readonly string[]): string {
  const list = names.map((n) => `"${n.replaceAll('"', '\\"')}"`).join(', ');
  return names.length === 1
    ? `The parameter ${list} in your query is undefined.`
    : `The following parameters in your query are undefined: ${list}.`;
}

/** A budget exceeded; the message is for the user. */
class BudgetError extends Error {}

/** Escape text for use inside a SQL literal delimited by `quote` (NUL removed, quotes doubled, backslashes too where they escape). */
export function escapeSqlText(text: string, escaping: Escaping, quote = "'"): string {
  let t = text.includes('\0') ? text.replaceAll('\0', '') : text;
  if (escaping !== 'standard') t = t.replaceAll('\\', '\\\\');
  return t.replaceAll(quote, quote + quote);
}

// ---------------------------------------------------------------------------------------------
// The library's runtime values. Only Template, Environment, Interpreter, tokenize and parse are
// exported, so the value classes are taken from values the Environment creates.

interface RV {
  type: string;
  value: unknown;
  toString(): string;
  __bool__(): { value: boolean };
  readonly builtins: ReadonlyMap<string, RV>;
}
type FnImpl = (args: RV[], scope: Environment) => RV;
interface Node {
  type: string;
  [key: string]: unknown;
}
interface Token {
  type: string;
  value: string;
}
interface InterpreterInternals {
  evaluate(node: Node | undefined, env: Environment): RV;
  evaluateBlock(statements: Node[], env: Environment): RV;
  evaluateBinaryExpression(node: Node, env: Environment): RV;
  evaluateFilterStatement(node: Node, env: Environment): RV;
  applyFilter(operand: RV, filter: Node, env: Environment): RV;
  evaluateArguments(args: Node[], env: Environment): [RV[], Map<string, RV>];
}

const probe = new Environment();
let probeSeq = 0;
const ctorOf = <T>(v: unknown) => (probe.set(`v${probeSeq++}`, v) as unknown as { constructor: T }).constructor;
const StringValue = ctorOf<new (v: string) => RV>('');
const IntegerValue = ctorOf<new (v: number) => RV>(1);
const FloatValue = ctorOf<new (v: number) => RV>(1.5);
const BooleanValue = ctorOf<new (v: boolean) => RV>(true);
const NullValue = ctorOf<new () => RV>(null);
const ArrayValue = ctorOf<new (v: RV[]) => RV>([]);
const ObjectValue = ctorOf<new (v: Map<string, RV>) => RV>({});
const FunctionValue = ctorOf<new (v: FnImpl) => RV>(() => 0);

/** SQL NULL: falsy and `is none` like None, but rendered as NULL (current_user_id() without a user). */
class SqlNull extends NullValue {}

const base = Interpreter.prototype as unknown as InterpreterInternals;
const STATEMENTS = new Set(['Program', 'If', 'For', 'Set', 'Macro', 'CallStatement', 'FilterStatement', 'Break', 'Continue', 'Comment']);
const CONTAINERS = new Set(['ArrayValue', 'TupleValue', 'ObjectValue', 'KeywordArgumentsValue', 'NamespaceValue']);
/** values whose text can hold no quote, backslash or NUL */
const SCALARS = new Set(['IntegerValue', 'FloatValue', 'BooleanValue', 'NullValue', 'UndefinedValue']);
/** filters that leave escaped text escaped (applied to a block holding macro values) */
const BLOCK_SAFE_FILTERS = new Set(['upper', 'lower', 'title', 'capitalize', 'trim', 'indent', 'string', 'safe']);
const VALUE_NODE = '\u0000Value';
const RESERVED = new Set([
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
const MACROS = ['current_username', 'current_user_id', 'current_user_email', 'url_param', 'filter_values', 'get_filters', 'where_in'];
const LINE_MARK = `\u0000line:${Math.random().toString(36).slice(2)}:`;

const isContainer = (v: RV) => CONTAINERS.has(v.type);
const itemsOf = (v: RV): RV[] => (Array.isArray(v.value) ? (v.value as RV[]) : [...(v.value as Map<string, RV>).values()]);
const sizeOf = (v: RV): number => (Array.isArray(v.value) ? v.value.length : (v.value as Map<string, RV>).size);
const valueNode = (v: RV): Node => ({ type: VALUE_NODE, value: v });
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

type Status = 'clean' | 'user' | 'sql' | 'sqlUser';

/** The render in progress (one at a time per process: rendering is synchronous). */
let active: Render | null = null;
const limitsNow = () => active?.limits ?? DEFAULT_LIMITS;

function tooLong(): BudgetError {
  return new BudgetError(`A value in the template would be longer than ${limitsNow().maxChars} characters.`);
}
function tooMany(): BudgetError {
  return new BudgetError(`A list in the template would have more than ${limitsNow().maxListItems} items.`);
}

/** Characters a value's text or JSON form takes at most (about), stopping early past `budget`. */
function estimateText(v: RV, budget: number): number {
  if (v.type === 'StringValue') return (v.value as string).length + 2;
  if (!isContainer(v)) return 24;
  let total = 0;
  const seen = new Set<RV>();
  const stack: RV[] = [v];
  while (stack.length > 0 && total <= budget) {
    const x = stack.pop() as RV;
    if (x.type === 'StringValue') total += (x.value as string).length + 4;
    else if (!isContainer(x)) total += 24;
    else if (!seen.has(x)) {
      seen.add(x);
      total += 2;
      if (x.value instanceof Map) {
        for (const [k, item] of x.value as Map<string, RV>) {
          total += k.length + 6;
          stack.push(item);
        }
      } else for (const item of x.value as RV[]) stack.push(item);
    }
  }
  return total;
}

function checkText(v: RV, factor = 1, extra = 0): void {
  const max = limitsNow().maxChars;
  if (estimateText(v, max) * factor + extra > max) throw tooLong();
}

// String methods that can allocate far more than their input are checked first. The library
// builds the builtins of a string lazily (a getter); the wrapped getter adds the checks.
(() => {
  const proto = StringValue.prototype as object;
  const desc = Object.getOwnPropertyDescriptor(proto, 'builtins');
  if (!desc?.get) throw new Error('@huggingface/jinja: StringValue.builtins not found');
  const getter = desc.get;
  const wrapped = new WeakSet<object>();
  const countOf = (s: string, part: string, stopAt: number) => {
    let n = 0;
    for (let i = s.indexOf(part); i >= 0 && n <= stopAt; i = s.indexOf(part, i + part.length)) n++;
    return n;
  };
  Object.defineProperty(proto, 'builtins', {
    configurable: true,
    get(this: RV) {
      const map = getter.call(this) as Map<string, RV>;
      if (wrapped.has(map)) return map;
      wrapped.add(map);
      const s = this.value as string;
      const replace = map.get('replace');
      if (replace) {
        map.set(
          'replace',
          new FunctionValue((args, scope) => {
            const [from, to] = args;
            if (from?.type === 'StringValue' && to?.type === 'StringValue') {
              const f = from.value as string;
              const t = to.value as string;
              const max = limitsNow().maxChars;
              if (t.length > f.length) {
                const n = f === '' ? s.length + 1 : countOf(s, f, max);
                if (s.length + n * (t.length - f.length) > max) throw tooLong();
              }
            }
            return (replace.value as FnImpl)(args, scope);
          }),
        );
      }
      const split = map.get('split');
      if (split) {
        map.set(
          'split',
          new FunctionValue((args, scope) => {
            const sep = args[0];
            const max = limitsNow().maxListItems;
            const parts =
              sep?.type === 'StringValue' && sep.value !== '' ? countOf(s, sep.value as string, max) + 1 : (s.match(/\S+/g)?.length ?? 0);
            if (parts > max) throw tooMany();
            return (split.value as FnImpl)(args, scope);
          }),
        );
      }
      return map;
    },
  });
})();

// ---------------------------------------------------------------------------------------------

/** Where each `{{`, `{%` and `{#` tag starts (1-based line), in source order, as the lexer sees them. */
function scanTags(src: string): Array<{ kind: string; line: number }> {
  const tags: Array<{ kind: string; line: number }> = [];
  let line = 1;
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (c === '\n') line++;
    if (c !== '{' || (src[i + 1] !== '{' && src[i + 1] !== '%' && src[i + 1] !== '#')) {
      i++;
      continue;
    }
    const kind = src.slice(i, i + 2);
    const start = i;
    const startLine = line;
    i += 2;
    if (kind === '{#') {
      const end = src.indexOf('#}', i);
      const stop = end < 0 ? n : end + 2;
      for (; i < stop; i++) if (src[i] === '\n') line++;
      tags.push({ kind, line: startLine });
      continue;
    }
    let depth = 0;
    while (i < n) {
      const ch = src[i];
      if (ch === '\n') line++;
      if (ch === "'" || ch === '"') {
        i++;
        while (i < n && src[i] !== ch) {
          if (src[i] === '\\') i++;
          if (src[i] === '\n') line++;
          i++;
        }
        i++;
        continue;
      }
      if (kind === '{%' && ch === '%' && src[i + 1] === '}') {
        i += 2;
        break;
      }
      if (kind === '{{' && ch === '}' && src[i + 1] === '}' && depth <= 0) {
        i += 2;
        break;
      }
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      i++;
    }
    // the lexer's preprocessing drops {% generation %} tags
    if (kind === '{%' && /^\{%-?\s*(end)?generation\s*-?%\}$/.test(src.slice(start, i))) continue;
    tags.push({ kind, line: startLine });
  }
  return tags;
}

const TAG_OF_TOKEN: Record<string, string> = { OpenExpression: '{{', OpenStatement: '{%', Comment: '{#' };

/** The line of every token (the line its tag starts on), or null when the scan and the lexer disagree. */
function tokenLines(src: string, tokens: Token[]): number[] | null {
  const tags = scanTags(src);
  const lines: number[] = [];
  let k = 0;
  let line = 1;
  for (const t of tokens) {
    const kind = TAG_OF_TOKEN[t.type];
    if (kind) {
      const tag = tags[k++];
      if (!tag || tag.kind !== kind) return null;
      line = tag.line;
    }
    lines.push(line);
  }
  return k === tags.length ? lines : null;
}

/** The first line whose inclusion makes the lexer fail with `message` (lexer errors carry no position). */
function lexerErrorLine(src: string, message: string): number | null {
  const lines = src.split('\n');
  if (lines.length > 20_000) return null;
  const fails = (n: number) => {
    try {
      tokenize(lines.slice(0, n).join('\n'));
      return false;
    } catch (e) {
      return (e as Error).message === message;
    }
  };
  if (!fails(lines.length)) return null;
  let lo = 1;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fails(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function userMessage(e: unknown, phase: 'parse' | 'run'): string {
  if (e instanceof BudgetError) return e.message;
  const err = e instanceof Error ? e : new Error(String(e));
  if (err instanceof RangeError) {
    if (/call stack/i.test(err.message)) return 'The template nests too deeply (a macro that calls itself?).';
    if (/invalid (string|array) length/i.test(err.message)) return 'A value in the template is too large.';
  }
  if (err instanceof TypeError)
    return phase === 'parse'
      ? 'Unexpected end of the template (a tag is not closed?)'
      : `An expression could not be evaluated (${err.message})`;
  const message = err.message.replace(/^Parser Error: /, '').slice(0, 500);
  return message || 'The template could not be rendered.';
}

const at = (line: number | null | undefined, message: string) => (line ? `line ${line}: ${message}` : message);

// ---------------------------------------------------------------------------------------------

class Render {
  readonly status = new WeakMap<object, Status>();
  /** values returned by the evaluations in progress, each evaluation's own from its mark on */
  private readonly kids: RV[] = [];
  private readonly loops: Array<{ body: unknown; chars: number }> = [];
  private readonly cleanMemo = new WeakMap<object, { epoch: number; clean: boolean }>();
  private epoch = 0;
  private steps = 0;
  private depth = 0;
  private iterations = 0;
  line = 0;
  /** an undefined value → the name it was looked up by */
  private readonly undefinedNames = new WeakMap<object, string>();
  /** names written to the output without a value, in order of first use */
  readonly undefinedUsed: string[] = [];

  /** Note an undefined value that reaches the output (or text) under the name it was looked up by. */
  private useUndefined(v: RV): void {
    const name = v.type === 'UndefinedValue' ? this.undefinedNames.get(v) : undefined;
    if (name !== undefined && !this.undefinedUsed.includes(name)) this.undefinedUsed.push(name);
  }

  constructor(
    readonly ctx: EngineContext,
    readonly limits: EngineLimits,
  ) {}

  // --- classification ------------------------------------------------------------------------

  tag(v: RV, s: Status): RV {
    if (!SCALARS.has(v.type) && !this.status.has(v)) this.status.set(v, s);
    return v;
  }

  /** Tag a new value and whatever inside it has no status yet (scalars need none). */
  tagDeep(v: RV, s: Status): RV {
    if (!isContainer(v)) return this.tag(v, s);
    const stack = [v];
    while (stack.length > 0) {
      const x = stack.pop() as RV;
      if (SCALARS.has(x.type) || this.status.has(x)) continue;
      this.status.set(x, s);
      if (isContainer(x)) for (const item of itemsOf(x)) stack.push(item);
    }
    return v;
  }

  /** Can this value's text go out as is (and can values computed from it)? Containers: all of their contents. */
  isClean(v: RV): boolean {
    if (SCALARS.has(v.type)) return true;
    const s = this.status.get(v);
    if (s !== 'clean' && s !== 'sql') return false;
    if (!isContainer(v)) return true;
    const memo = this.cleanMemo.get(v);
    if (memo && memo.epoch === this.epoch) return memo.clean;
    let clean = true;
    const seen = new Set<RV>();
    const stack = [v];
    while (clean && stack.length > 0) {
      const x = stack.pop() as RV;
      if (seen.has(x) || SCALARS.has(x.type)) continue;
      seen.add(x);
      const xs = this.status.get(x);
      if (xs !== 'clean' && xs !== 'sql') clean = false;
      else if (isContainer(x)) for (const item of itemsOf(x)) stack.push(item);
    }
    this.cleanMemo.set(v, { epoch: this.epoch, clean });
    return clean;
  }

  userString(s: string): RV {
    return this.tag(new StringValue(s.includes('\0') ? s.replaceAll('\0', '') : s), 'user');
  }

  /** A user-supplied JS value (filters, URL parameters) as a runtime value, all of it 'user'. */
  fromUser(v: unknown, depth = 0): RV {
    if (typeof v === 'string') return this.userString(v);
    if (typeof v === 'number') return Number.isInteger(v) ? new IntegerValue(v) : Number.isFinite(v) ? new FloatValue(v) : new NullValue();
    if (typeof v === 'boolean') return new BooleanValue(v);
    if (Array.isArray(v) && depth < 8) {
      if (v.length > this.limits.maxListItems) throw tooMany();
      return this.tag(new ArrayValue(v.map((x) => this.fromUser(x, depth + 1))), 'user');
    }
    if (v !== null && typeof v === 'object' && depth < 8) {
      const entries = Object.entries(v);
      if (entries.length > this.limits.maxListItems) throw tooMany();
      return this.tag(new ObjectValue(new Map(entries.map(([k, x]) => [k, this.fromUser(x, depth + 1)]))), 'user');
    }
    return new NullValue();
  }

  /** A runtime value as a plain JS value (to copy a default as user data). */
  toJs(v: RV, depth = 0): unknown {
    if (v.type === 'StringValue' || SCALARS.has(v.type)) return v.value ?? null;
    if (depth > 8) return null;
    if (Array.isArray(v.value)) return (v.value as RV[]).map((x) => this.toJs(x, depth + 1));
    if (v.value instanceof Map) return Object.fromEntries([...(v.value as Map<string, RV>)].map(([k, x]) => [k, this.toJs(x, depth + 1)]));
    return null;
  }

  /** Text of a statement's value for the output, escaped when it is not the analyst's or SQL already. */
  outputText(node: Node, v: RV): { text: string; user: boolean } {
    if (v instanceof SqlNull) return { text: 'NULL', user: false };
    if (v.type === 'NullValue' || v.type === 'UndefinedValue') {
      this.useUndefined(v);
      return { text: '', user: false };
    }
    if (isContainer(v)) checkText(v);
    const text = v.toString();
    const s = this.status.get(v);
    if (STATEMENTS.has(node.type) || s === 'sql' || s === 'sqlUser') return { text, user: s !== 'sql' && !SCALARS.has(v.type) };
    if (this.isClean(v)) return { text, user: false };
    return { text: escapeSqlText(text, this.ctx.escaping), user: true };
  }

  // --- interpreter hooks ---------------------------------------------------------------------

  evaluate(it: Interpreter, node: Node | undefined, env: Environment): RV {
    if (!node) return base.evaluate.call(it, node, env);
    if (node.type === VALUE_NODE) return node.value as RV;
    if (++this.steps > this.limits.maxSteps) throw new BudgetError(`The template needs more than ${this.limits.maxSteps} steps to render.`);
    if (++this.depth > this.limits.maxDepth) throw new BudgetError('The template nests too deeply (a macro that calls itself?).');
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      if (callee.type === 'Identifier' && env.lookupVariable(callee.value as string).type === 'UndefinedValue') {
        throw new Error(`Unknown function ${String(callee.value)}`);
      }
    }
    const isFor = node.type === 'For';
    if (isFor) this.loops.push({ body: node.body, chars: 0 });
    const mark = this.kids.length;
    let r: RV;
    try {
      r = base.evaluate.call(it, node, env);
    } catch (e) {
      this.kids.length = mark;
      throw e;
    } finally {
      this.depth--;
      if (isFor) this.loops.pop();
    }
    this.checkSize(r);
    if (node.type === 'Identifier' && r.type === 'UndefinedValue') this.undefinedNames.set(r, String(node.value));
    if (node.type === 'Set' && (node.assignee as Node).type === 'MemberExpression') this.epoch++;
    if (!SCALARS.has(r.type) && !this.status.has(r)) {
      // a new value: the analyst's if everything it was computed from is
      if (STATEMENTS.has(node.type)) this.status.set(r, this.kidsClean(mark) ? 'sql' : 'sqlUser');
      // a name whose value has no status yet comes from inside the library (loop, macro, keys of a mapping): fail safe
      else if (node.type === 'Identifier') this.tagDeep(r, 'user');
      else this.tagDeep(r, this.kidsClean(mark) ? 'clean' : 'user');
    }
    this.kids.length = mark;
    this.kids.push(r);
    return r;
  }

  private kidsClean(mark: number): boolean {
    for (let i = mark; i < this.kids.length; i++) if (!this.isClean(this.kids[i])) return false;
    return true;
  }

  checkSize(r: RV): void {
    if (r.type === 'StringValue') {
      if ((r.value as string).length > this.limits.maxChars) throw tooLong();
    } else if (isContainer(r) && sizeOf(r) > this.limits.maxListItems) throw tooMany();
  }

  evaluateBlock(it: Interpreter, statements: Node[], env: Environment): RV {
    const loop = this.loops.at(-1);
    const isIteration = loop !== undefined && loop.body === statements;
    if (isIteration && ++this.iterations > this.limits.maxLoopIterations) {
      throw new BudgetError(`The template runs more than ${this.limits.maxLoopIterations} loop iterations.`);
    }
    const savedLine = this.line;
    let out = '';
    let user = false;
    for (const st of statements) {
      if (st.type === 'Comment' && typeof st.value === 'string' && st.value.startsWith(LINE_MARK)) {
        this.line = Number(st.value.slice(LINE_MARK.length));
        continue;
      }
      const v = this.evaluate(it, st, env);
      const piece = this.outputText(st, v);
      out += piece.text;
      user ||= piece.user;
      if (out.length > this.limits.maxChars)
        throw new BudgetError(`The rendered query would be longer than ${this.limits.maxChars} characters.`);
    }
    if (isIteration) {
      loop.chars += out.length;
      if (loop.chars > this.limits.maxChars)
        throw new BudgetError(`The rendered query would be longer than ${this.limits.maxChars} characters.`);
    }
    this.line = savedLine;
    const r = this.tag(new StringValue(out), user ? 'sqlUser' : 'sql');
    this.kids.push(r);
    return r;
  }

  /** Operands that a binary operator turns into text (`~`, `+`, `==`) are size-checked first. */
  evaluateBinaryExpression(it: Interpreter, node: Node, env: Environment): RV {
    const op = (node.operator as Token).value;
    if (op !== '~' && op !== '+' && op !== '==' && op !== '!=') return base.evaluateBinaryExpression.call(it, node, env);
    let left = this.evaluate(it, node.left as Node, env);
    let right = this.evaluate(it, node.right as Node, env);
    if (op === '~') {
      // an undefined name joined into text is written out as the BI server's DebugUndefined writes it
      for (const v of [left, right]) this.useUndefined(v);
      if (this.undefinedNames.has(left)) left = this.tag(new StringValue(''), 'clean');
      if (this.undefinedNames.has(right)) right = this.tag(new StringValue(''), 'clean');
    }
    if (op === '+' && Array.isArray(left.value) && Array.isArray(right.value)) {
      if (sizeOf(left) + sizeOf(right) > this.limits.maxListItems) throw tooMany();
    } else if (estimateText(left, this.limits.maxChars) + estimateText(right, this.limits.maxChars) > this.limits.maxChars) throw tooLong();
    return base.evaluateBinaryExpression.call(it, { ...node, left: valueNode(left), right: valueNode(right) }, env);
  }

  applyFilter(it: Interpreter, operand: RV, filter: Node, env: Environment): RV {
    const call = filter.type === 'CallExpression';
    const name = String(call ? (filter.callee as Node).value : filter.value);
    if (name !== 'join' && name !== 'tojson' && name !== 'indent' && name !== 'string')
      return base.applyFilter.call(it, operand, filter, env);
    let args: RV[] = [];
    let kwargs = new Map<string, RV>();
    if (call) [args, kwargs] = base.evaluateArguments.call(it, filter.args as Node[], env);
    const max = this.limits.maxChars;
    const intArg = (v: RV | undefined, dflt: number) => (v?.type === 'IntegerValue' ? (v.value as number) : dflt);
    if (name === 'join') {
      const sep = args[0] ?? kwargs.get('separator');
      const sepLen = sep?.type === 'StringValue' ? (sep.value as string).length : 0;
      const items = Array.isArray(operand.value) ? (operand.value as RV[]) : [];
      const n = operand.type === 'StringValue' ? (operand.value as string).length : items.length;
      let total = operand.type === 'StringValue' ? n : 0;
      for (let i = 0; i < items.length && total <= max; i++) total += estimateText(items[i], max);
      if (total + Math.max(0, n - 1) * sepLen > max) throw tooLong();
    } else if (name === 'indent') {
      const width = intArg(args[0] ?? kwargs.get('width'), 4);
      if (width > 1000) throw new BudgetError('indent() is limited to a width of 1000.');
      const text = operand.type === 'StringValue' ? (operand.value as string) : '';
      const lines = text.split('\n').length;
      if (text.length + lines * Math.max(0, width) > max) throw tooLong();
    } else if (isContainer(operand)) {
      const indent = intArg(kwargs.get('indent'), 0);
      if (indent > 16) throw new BudgetError('tojson() is limited to an indent of 16.');
      const ascii = kwargs.get('ensure_ascii')?.value === true ? 6 : 1;
      checkText(operand, (1 + Math.max(0, indent)) * ascii);
    }
    if (!call) return base.applyFilter.call(it, operand, filter, env);
    const pre: Node[] = [
      ...args.map(valueNode),
      ...[...kwargs].map(([key, v]) => ({
        type: 'KeywordArgumentExpression',
        key: { type: 'Identifier', value: key },
        value: valueNode(v),
      })),
    ];
    return base.applyFilter.call(it, operand, { ...filter, args: pre }, env);
  }

  /** `{% filter f %}…{% endfilter %}`: a block holding escaped macro values takes only filters that keep it escaped. */
  evaluateFilterStatement(it: Interpreter, node: Node, env: Environment): RV {
    const rendered = this.evaluateBlock(it, node.body as Node[], env);
    const filter = node.filter as Node;
    const name = String(filter.type === 'CallExpression' ? (filter.callee as Node).value : filter.value);
    if (this.status.get(rendered) === 'sqlUser' && !BLOCK_SAFE_FILTERS.has(name)) {
      throw new Error(`The "${name}" filter cannot be applied to a block that contains macro values.`);
    }
    return this.applyFilter(it, rendered, filter, env);
  }

  // --- macros and globals --------------------------------------------------------------------

  fn(impl: FnImpl): RV {
    return this.tag(new FunctionValue(impl), 'clean');
  }

  /** Positional and keyword arguments by name; unknown keywords are refused. */
  bind(fn: string, args: RV[], names: string[], ignored: string[] = []): Map<string, RV> {
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

  stringArg(fn: string, v: RV | undefined, what: string): string {
    if (v?.type !== 'StringValue') throw new Error(`${fn}() expects the ${what} as a string`);
    return v.value as string;
  }

  given = (v: RV | undefined): v is RV => v !== undefined && v.type !== 'NullValue' && v.type !== 'UndefinedValue';

  /** A value the analyst passed as a default, copied as user data (so it is escaped like the rest). */
  asUser = (v: RV): RV => this.fromUser(this.toJs(v));

  filtersOn(column: string) {
    return this.ctx.filters.filter((f) => f && f.col === column);
  }

  globals(): Record<string, RV> {
    const ctx = this.ctx;
    const cacheKeys = ['add_to_cache_keys'];
    return {
      current_username: this.fn((args) => {
        this.bind('current_username', args, [], cacheKeys);
        return ctx.username === null ? new NullValue() : this.userString(ctx.username);
      }),
      current_user_email: this.fn((args) => {
        this.bind('current_user_email', args, [], cacheKeys);
        return ctx.email === null ? new NullValue() : this.userString(ctx.email);
      }),
      current_user_id: this.fn((args) => {
        this.bind('current_user_id', args, [], cacheKeys);
        const id = ctx.userId;
        return typeof id === 'number' && Number.isSafeInteger(id) ? new IntegerValue(id) : new SqlNull();
      }),
      url_param: this.fn((args) => {
        const a = this.bind('url_param', args, ['param', 'default'], cacheKeys);
        const name = this.stringArg('url_param', a.get('param'), 'parameter name');
        if (Object.prototype.hasOwnProperty.call(ctx.urlParams, name)) return this.userString(String(ctx.urlParams[name]));
        const dflt = a.get('default');
        return this.given(dflt) ? this.asUser(dflt) : new NullValue();
      }),
      filter_values: this.fn((args) => {
        const a = this.bind('filter_values', args, ['column', 'default'], ['remove_filter']);
        const column = this.stringArg('filter_values', a.get('column'), 'column');
        const values: unknown[] = [];
        for (const f of this.filtersOn(column)) {
          const op = String(f.op).toUpperCase();
          if (op !== 'IN' && op !== '==') continue;
          for (const v of Array.isArray(f.val) ? f.val : [f.val]) {
            if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) values.push(v);
          }
        }
        const dflt = a.get('default');
        if (values.length === 0 && this.given(dflt)) return this.tag(new ArrayValue([this.asUser(dflt)]), 'user');
        return this.fromUser(values);
      }),
      get_filters: this.fn((args) => {
        const a = this.bind('get_filters', args, ['column', 'remove_filter']);
        const column = this.stringArg('get_filters', a.get('column'), 'column');
        return this.fromUser(this.filtersOn(column).map((f) => ({ op: f.op, col: f.col, val: f.val ?? null })));
      }),
      where_in: this.fn((args) => {
        const a = this.bind('where_in', args, ['values', 'mark']);
        const list = a.get('values');
        if (!list || !Array.isArray(list.value)) throw new Error('where_in() expects a list');
        const markArg = a.get('mark');
        const mark = markArg === undefined ? "'" : this.stringArg('where_in', markArg, 'mark');
        if (mark !== "'" && mark !== '"') throw new Error(`where_in() accepts the marks ' and " only`);
        const parts: string[] = [];
        let size = 2;
        let user = false;
        for (const item of list.value as RV[]) {
          let text: string;
          if (item.type === 'StringValue') {
            text = mark + escapeSqlText(item.value as string, ctx.escaping, mark) + mark;
            user ||= !this.isClean(item);
          } else if (item.type === 'IntegerValue' || item.type === 'FloatValue') {
            if (!Number.isFinite(item.value as number)) throw new Error('where_in() items must be finite numbers');
            text = item.toString();
          } else if (item.type === 'BooleanValue') text = item.value ? 'TRUE' : 'FALSE';
          else if (item.type === 'NullValue' || item.type === 'UndefinedValue') text = 'NULL';
          else throw new Error('where_in() items must be strings, numbers, booleans or None');
          size += text.length + 2;
          if (size > this.limits.maxChars) throw tooLong();
          parts.push(text);
        }
        // an empty list would be a syntax error in most engines; (NULL) matches nothing
        return this.tag(new StringValue(`(${parts.length > 0 ? parts.join(', ') : 'NULL'})`), user ? 'sqlUser' : 'sql');
      }),
      range: this.fn((args) => {
        if (args.length < 1 || args.length > 3 || args.some((x) => x.type !== 'IntegerValue'))
          throw new Error('range() expects 1 to 3 integers');
        const n = args.map((x) => x.value as number);
        const [start, stop, step] = n.length === 1 ? [0, n[0], 1] : [n[0], n[1], n[2] ?? 1];
        if (step === 0) throw new Error('range() step must not be zero');
        const count = Math.max(0, Math.ceil((stop - start) / step));
        if (count > this.limits.maxRangeItems) throw new BudgetError(`range() is limited to ${this.limits.maxRangeItems} items`);
        const items: RV[] = [];
        for (let i = 0; i < count; i++) items.push(new IntegerValue(start + i * step));
        return this.tagDeep(new ArrayValue(items), 'clean');
      }),
      raise_exception: this.fn((args) => {
        throw new Error(args[0]?.type === 'StringValue' ? (args[0].value as string).slice(0, 300) : 'raise_exception() was called');
      }),
    };
  }

  run(source: string): string {
    const limits = this.limits;
    if (source.length > limits.maxChars) throw new TemplateRenderError(`The template is longer than ${limits.maxChars} characters.`);
    let tokens: Token[];
    try {
      // Jinja's defaults: no trim_blocks / lstrip_blocks (a newline after a tag stays, as SQL expects)
      tokens = tokenize(source) as Token[];
    } catch (e) {
      const message = userMessage(e, 'parse');
      throw new TemplateRenderError(at(lexerErrorLine(source, (e as Error).message), message));
    }
    const lines = tokenLines(source, tokens);
    tokens.forEach((t, i) => {
      if (t.type === 'Identifier' && t.value.startsWith('_'))
        throw new TemplateRenderError(at(lines?.[i], 'Names starting with "_" are not allowed in templates.'));
    });
    // a comment carrying the line before every tag: the interpreter learns where it is as it goes
    const marked: Token[] = [];
    const markedLines: number[] = [];
    tokens.forEach((t, i) => {
      if (lines && (t.type === 'OpenStatement' || t.type === 'OpenExpression')) {
        marked.push({ type: 'Comment', value: LINE_MARK + lines[i] });
        markedLines.push(lines[i]);
      }
      marked.push(t);
      markedLines.push(lines?.[i] ?? 0);
    });
    let program: ReturnType<typeof parse>;
    try {
      program = parse(marked as Parameters<typeof parse>[0]);
    } catch (e) {
      // parse again, watching which token the parser read last
      let last = 0;
      const watched = new Proxy(marked, {
        get(target, prop, receiver) {
          if (typeof prop === 'string' && /^\d+$/.test(prop)) last = Number(prop);
          return Reflect.get(target, prop, receiver);
        },
      });
      try {
        parse(watched as unknown as Parameters<typeof parse>[0]);
      } catch {
        // the same error
      }
      const line = lines ? markedLines[Math.min(last, markedLines.length - 1)] : null;
      throw new TemplateRenderError(at(line, userMessage(e, 'parse')));
    }

    const env = new Environment();
    const set = (name: string, v: RV) => env.setVariable(name, v as unknown as Parameters<Environment['setVariable']>[1]);
    for (const [name, v] of [
      ['true', true],
      ['false', false],
      ['none', null],
      ['True', true],
      ['False', false],
      ['None', null],
    ] as const) {
      this.tag(env.set(name, v) as unknown as RV, 'clean');
    }
    for (const [name, v] of Object.entries(this.globals())) set(name, v);
    for (const [name, v] of [
      ['from_dttm', this.ctx.fromDttm],
      ['to_dttm', this.ctx.toDttm],
    ] as const) {
      set(name, typeof v === 'string' ? this.userString(v) : new NullValue());
    }
    for (const [name, value] of Object.entries(this.ctx.params ?? {})) {
      if (RESERVED.has(name) || MACROS.includes(name))
        throw new TemplateRenderError(`The template parameter "${name}" has the name of a built-in and cannot be used.`);
      this.tagDeep(env.set(name, value) as unknown as RV, 'clean');
    }

    const it = new Interpreter(env);
    const hooks = it as unknown as InterpreterInternals;
    hooks.evaluate = (node, e) => this.evaluate(it, node, e);
    hooks.evaluateBlock = (statements, e) => this.evaluateBlock(it, statements, e);
    hooks.evaluateBinaryExpression = (node, e) => this.evaluateBinaryExpression(it, node, e);
    hooks.applyFilter = (operand, filter, e) => this.applyFilter(it, operand, filter, e);
    hooks.evaluateFilterStatement = (node, e) => this.evaluateFilterStatement(it, node, e);
    let out: RV;
    try {
      out = it.run(program) as unknown as RV;
    } catch (e) {
      throw new TemplateRenderError(at(this.line, userMessage(e, 'run')));
    }
    if (this.undefinedUsed.length > 0) throw new UndefinedParametersError([...this.undefinedUsed]);
    return String(out.value);
  }
}

/**
 * Render a template. Synchronous; throws TemplateRenderError with a message for the user (the
 * template line where known). Runs in the render executor; not to be called on the server's main
 * thread with untrusted input (the budgets bound memory, not every pathological allocation).
 */
export function renderTemplate(source: string, ctx: EngineContext, limits: EngineLimits = DEFAULT_LIMITS): string {
  const escaping: Escaping = ctx.escaping === 'standard' ? 'standard' : 'backslash';
  const render = new Render(
    { ...ctx, escaping, filters: Array.isArray(ctx.filters) ? ctx.filters : [], urlParams: ctx.urlParams ?? {} },
    { ...DEFAULT_LIMITS, ...limits },
  );
  active = render;
  try {
    return render.run(source);
  } finally {
    active = null;
  }
}
