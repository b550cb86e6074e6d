/**
 * A Handlebars interpreter: templates are parsed by the `handlebars` package and evaluated here,
 * node by node, instead of being compiled to JavaScript. Compiling builds a function from text,
 * which the app's Content Security Policy (no 'unsafe-eval') forbids, rightly; evaluating the tree
 * also means the template can reach nothing but what this file lets it:
 * - paths read only a value's own properties (never its prototype: no `constructor`, `__proto__`,
 *   inherited methods), and never call a function found in the data;
 * - only the built-in block helpers (if, unless, each, with, lookup) and the registered helpers
 *   run; any other call is refused, partials and decorators are refused;
 * - `{{ }}` output is HTML-escaped with Handlebars' own escapeExpression.
 * Semantics follow Handlebars 4 (data frames, `../` over context changes, block params, `else
 * if` chains, whitespace control by the parser), with one difference: a bare `{{name}}` prefers
 * the row's own `name` to a helper of that name, so a metric called `count` shows its value.
 */
import { t } from '../../i18n';
import Handlebars, { type HelperOptions } from 'handlebars';

type Node = hbs.AST.Node;
type Program = hbs.AST.Program;
type PathExpression = hbs.AST.PathExpression;
type Hash = hbs.AST.Hash;

export type Helper = (...args: unknown[]) => unknown;

interface DataFrame {
  root: unknown;
  index?: number;
  key?: string | number;
  first?: boolean;
  last?: boolean;
  _parent?: DataFrame;
  [name: string]: unknown;
}

interface Scope {
  /** contexts, innermost first; a new one only when a block changes the context (as Handlebars counts `../`) */
  contexts: unknown[];
  data: DataFrame;
  /** block params, innermost first */
  params: Record<string, unknown>[];
}

const MAX_DEPTH = 64;
const own = (v: unknown, key: string): boolean =>
  v !== null && v !== undefined && (typeof v === 'object' || typeof v === 'string') && Object.hasOwn(Object(v), key);

/** A property of a value: its own only; functions found in data are never handed out (nothing to call). */
export function ownProperty(value: unknown, key: string): unknown {
  if (!own(value, key)) return undefined;
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'function' ? undefined : v;
}

/** Handlebars' emptiness: falsy but not 0, or an empty list. */
const isEmpty = (v: unknown): boolean => (!v && v !== 0) || (Array.isArray(v) && v.length === 0);

function text(v: unknown, escaped: boolean): string {
  if (v instanceof Handlebars.SafeString) return v.toHTML();
  if (typeof v === 'function') return '';
  return escaped ? Handlebars.Utils.escapeExpression(v as string) : v === null || v === undefined ? '' : String(v);
}

export class TemplateInterpreter {
  constructor(private readonly helpers: Record<string, Helper>) {}

  render(ast: Program, context: unknown): string {
    return this.program(ast, { contexts: [context], data: { root: context }, params: [] }, 0);
  }

  private program(program: Program | undefined, scope: Scope, depth: number): string {
    if (!program) return '';
    if (depth > MAX_DEPTH) throw new Error(t('visualizations:handlebars.tooDeep'));
    let out = '';
    for (const node of program.body) out += this.statement(node, scope, depth);
    return out;
  }

  private statement(node: Node, scope: Scope, depth: number): string {
    switch (node.type) {
      case 'ContentStatement':
        return (node as hbs.AST.ContentStatement).value;
      case 'CommentStatement':
        return '';
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        return text(this.call(m.path, m.params, m.hash, scope, depth, null), m.escaped);
      }
      case 'BlockStatement':
        return this.block(node as hbs.AST.BlockStatement, scope, depth);
      default:
        // partials, decorators: nothing of the kind is registered, and none may be
        throw new Error(t('visualizations:handlebars.notSupported', { kind: node.type.replace('Statement', '') }));
    }
  }

  /** A mustache or a sub-expression: a helper call, or a value. */
  private call(path: Node, params: Node[], hash: Hash | undefined, scope: Scope, depth: number, block: HelperOptions | null): unknown {
    if (path.type !== 'PathExpression') return this.expression(path, scope, depth);
    const p = path as PathExpression;
    const name = this.helperName(p);
    const hasArgs = params.length > 0 || (hash?.pairs.length ?? 0) > 0;
    // a bare name the current row holds is the row's value, before any helper of that name
    if (name && !hasArgs && !block && own(scope.contexts[0], name)) return this.path(p, scope);
    if (name && Object.hasOwn(this.helpers, name)) {
      const args = params.map((e) => this.expression(e, scope, depth));
      const options = block ?? this.options(undefined, undefined, scope, depth);
      options.hash = this.hash(hash, scope, depth);
      return this.helpers[name](...args, options);
    }
    if (hasArgs) throw new Error(t('visualizations:handlebars.missingHelper', { name: p.original }));
    return this.path(p, scope);
  }

  private helperName(p: PathExpression): string | null {
    return !p.data && p.depth === 0 && p.parts.length === 1 && !/^(this|\.)/.test(p.original) ? p.parts[0] : null;
  }

  private options(program: Program | undefined, inverse: Program | undefined, scope: Scope, depth: number): HelperOptions {
    const run =
      (prog: Program | undefined) =>
      (context: unknown, opts?: { data?: DataFrame; blockParams?: unknown[] }): string =>
        this.program(prog, this.enter(scope, context, opts?.data, prog?.blockParams, opts?.blockParams), depth + 1);
    return { fn: run(program), inverse: run(inverse), hash: {}, data: scope.data } as unknown as HelperOptions;
  }

  /** The scope inside a block: the context (a new `../` level when it changed), data and block params. */
  private enter(scope: Scope, context: unknown, data?: DataFrame, names?: string[], values?: unknown[]): Scope {
    const contexts = context === scope.contexts[0] ? scope.contexts : [context, ...scope.contexts];
    const params = names?.length ? [Object.fromEntries(names.map((n, i) => [n, values?.[i]])), ...scope.params] : scope.params;
    return { contexts, data: data ?? scope.data, params };
  }

  private block(b: hbs.AST.BlockStatement, scope: Scope, depth: number): string {
    const self = scope.contexts[0];
    const name = this.helperName(b.path);
    const arg = (i: number) => (b.params[i] ? this.expression(b.params[i], scope, depth) : undefined);
    const fn = (context: unknown, data?: DataFrame, blockParams?: unknown[]) =>
      this.program(b.program, this.enter(scope, context, data, b.program?.blockParams, blockParams), depth + 1);
    const inverse = () => this.program(b.inverse, scope, depth + 1);
    const hash = () => this.hash(b.hash, scope, depth);
    switch (name) {
      case 'if':
      case 'unless': {
        const v = arg(0);
        const truthy = !((!hash().includeZero && !v) || isEmpty(v));
        return truthy === (name === 'if') ? fn(self) : inverse();
      }
      case 'with': {
        const v = arg(0);
        return isEmpty(v) ? inverse() : fn(v, undefined, [v]);
      }
      case 'each':
        return this.each(arg(0), scope, fn, inverse);
    }
    if (name && Object.hasOwn(this.helpers, name)) {
      const options = this.options(b.program, b.inverse, scope, depth);
      return text(this.call(b.path, b.params, b.hash, scope, depth, options), false);
    }
    if (b.params.length) throw new Error(t('visualizations:handlebars.missingHelper', { name: b.path.original }));
    // a section: true shows the block, a list repeats it, an object becomes its context
    const v = this.path(b.path, scope);
    if (v === true) return fn(self);
    if (isEmpty(v)) return inverse();
    if (Array.isArray(v)) return this.each(v, scope, fn, inverse);
    return fn(v);
  }

  private each(
    list: unknown,
    scope: Scope,
    fn: (context: unknown, data?: DataFrame, blockParams?: unknown[]) => string,
    inverse: () => string,
  ): string {
    const entries: [string | number, unknown][] = Array.isArray(list)
      ? list.map((v, i) => [i, v])
      : list !== null && typeof list === 'object'
        ? Object.keys(list).map((k) => [k, ownProperty(list, k)])
        : [];
    if (!entries.length) return inverse();
    return entries
      .map(([key, value], i) => {
        const data: DataFrame = { ...scope.data, _parent: scope.data, key, index: i, first: i === 0, last: i === entries.length - 1 };
        return fn(value, data, [value, key]);
      })
      .join('');
  }

  private hash(hash: Hash | undefined, scope: Scope, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const pair of hash?.pairs ?? []) out[pair.key] = this.expression(pair.value, scope, depth);
    return out;
  }

  private expression(node: Node, scope: Scope, depth: number): unknown {
    switch (node.type) {
      case 'StringLiteral':
      case 'NumberLiteral':
      case 'BooleanLiteral':
        return (node as hbs.AST.StringLiteral).value;
      case 'UndefinedLiteral':
        return undefined;
      case 'NullLiteral':
        return null;
      case 'SubExpression': {
        const s = node as hbs.AST.SubExpression;
        if (!this.helperName(s.path) || !Object.hasOwn(this.helpers, s.path.parts[0]))
          throw new Error(t('visualizations:handlebars.missingHelper', { name: s.path.original }));
        return this.call(s.path, s.params, s.hash, scope, depth, null);
      }
      case 'PathExpression':
        return this.path(node as PathExpression, scope);
      default:
        throw new Error(t('visualizations:handlebars.unexpected', { kind: node.type }));
    }
  }

  private path(p: PathExpression, scope: Scope): unknown {
    let value: unknown;
    let parts = p.parts;
    if (p.data) {
      let frame: DataFrame | undefined = scope.data;
      for (let i = 0; i < p.depth && frame; i++) frame = frame._parent;
      const [head, ...rest] = parts;
      value = head === 'root' ? frame?.root : head === '_parent' ? undefined : ownProperty(frame, head);
      parts = rest;
    } else if (p.depth === 0 && parts.length && !/^(this|\.)/.test(p.original) && scope.params.some((bp) => Object.hasOwn(bp, parts[0]))) {
      value = scope.params.find((bp) => Object.hasOwn(bp, parts[0]))![parts[0]];
      parts = parts.slice(1);
    } else {
      value = scope.contexts[Math.min(p.depth, scope.contexts.length - 1)];
    }
    for (const part of parts) value = ownProperty(value, part);
    return typeof value === 'function' ? undefined : value;
  }
}
