/**
 * Taint tracking: every value that reaches the output through `{{ }}` is classified.
 * - 'clean': written by the analyst (template literals, the template parameters JSON, numbers):
 *   output as is;
 * - 'user': anything else, macro values first (user name, URL parameters, filter values) and
 *   everything computed from them (`url_param('x')|upper`, `url_param('x')[:3]`): escaped for use
 *   inside a single-quoted SQL literal (quotes doubled, backslashes too for 'backslash' engines,
 *   NUL removed), exactly once, at output;
 * - 'sql': text that is SQL already (where_in's list, a block's rendered output): output as is;
 *   'sqlUser' when it holds escaped macro values.
 * The classification fails safe: a value of unknown origin is 'user'.
 */
import {
  ArrayValue,
  BooleanValue,
  FloatValue,
  IntegerValue,
  isContainer,
  itemsOf,
  NullValue,
  ObjectValue,
  SCALARS,
  STATEMENTS,
  StringValue,
} from './bridge.js';
import type { Node, RV } from './bridge.js';
import { tooMany } from './budgets.js';
import type { Escaping } from './context.js';

export type Status = 'clean' | 'user' | 'sql' | 'sqlUser';

/** Escape text for use inside a SQL literal delimited by `quote` (NUL removed, quotes doubled, backslashes too where they escape). */
export function escapeSqlText(text: string, escaping: Escaping, quote = "'"): string {
  let t = text.includes('\0') ? text.replaceAll('\0', '') : text;
  if (escaping !== 'standard') t = t.replaceAll('\\', '\\\\');
  return t.replaceAll(quote, quote + quote);
}

/** One render's classification of its values. */
export class Taint {
  readonly status = new WeakMap<object, Status>();
  /** values returned by the evaluations in progress, each evaluation's own from its mark on */
  private readonly kids: RV[] = [];
  private readonly cleanMemo = new WeakMap<object, { epoch: number; clean: boolean }>();
  private epoch = 0;

  constructor(private readonly maxListItems: number) {}

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
      if (v.length > this.maxListItems) throw tooMany();
      return this.tag(new ArrayValue(v.map((x) => this.fromUser(x, depth + 1))), 'user');
    }
    if (v !== null && typeof v === 'object' && depth < 8) {
      const entries = Object.entries(v);
      if (entries.length > this.maxListItems) throw tooMany();
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

  /** Where an evaluation's own values start (see `settle`). */
  mark(): number {
    return this.kids.length;
  }

  /** The evaluation begun at `mark` failed: its values go. */
  forget(mark: number): void {
    this.kids.length = mark;
  }

  /** A value an evaluation produced (a block's output), for the evaluation around it. */
  produced(r: RV): void {
    this.kids.push(r);
  }

  /** The evaluation of `node` begun at `mark` returned `r`: a new value is classified by what it was computed from. */
  settle(node: Node, r: RV, mark: number): void {
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
  }

  private kidsClean(mark: number): boolean {
    for (let i = mark; i < this.kids.length; i++) if (!this.isClean(this.kids[i])) return false;
    return true;
  }
}
