/**
 * One render: the library's lexer, parser and interpreter, the interpreter's methods hooked (see
 * bridge.ts) to classify every value (taint.ts), keep the budgets (budgets.ts), note names used
 * without a value and follow the template line for messages (lines.ts).
 */
import { Environment, Interpreter, parse, tokenize } from '@huggingface/jinja';
import { DEFAULT_LIMITS, type EngineLimits } from '../template-limits.js';
import {
  base,
  hookInterpreter,
  isContainer,
  NullValue,
  SCALARS,
  SqlNull,
  STATEMENTS,
  StringValue,
  VALUE_NODE,
  valueNode,
} from './bridge.js';
import type { Node, RV, Token } from './bridge.js';
import { Budgets, checkText, inProgress } from './budgets.js';
import type { EngineContext, Escaping } from './context.js';
import { at, TemplateRenderError, UndefinedParametersError, userMessage } from './errors.js';
import { lexerErrorLine, tokenLines } from './lines.js';
import { MACROS, macroGlobals, RESERVED } from './macros.js';
import { escapeSqlText, Taint } from './taint.js';

/** filters that leave escaped text escaped (applied to a block holding macro values) */
const BLOCK_SAFE_FILTERS = new Set(['upper', 'lower', 'title', 'capitalize', 'trim', 'indent', 'string', 'safe']);
const LINE_MARK = `\u0000line:${Math.random().toString(36).slice(2)}:`;

class Render {
  readonly taint: Taint;
  readonly budgets: Budgets;
  line = 0;
  /** an undefined value → the name it was looked up by */
  private readonly undefinedNames = new WeakMap<object, string>();
  /** names written to the output without a value, in order of first use */
  readonly undefinedUsed: string[] = [];

  constructor(
    readonly ctx: EngineContext,
    readonly limits: EngineLimits,
  ) {
    this.taint = new Taint(limits.maxListItems);
    this.budgets = new Budgets(limits);
  }

  /** Note an undefined value that reaches the output (or text) under the name it was looked up by. */
  private useUndefined(v: RV): void {
    const name = v.type === 'UndefinedValue' ? this.undefinedNames.get(v) : undefined;
    if (name !== undefined && !this.undefinedUsed.includes(name)) this.undefinedUsed.push(name);
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
    const s = this.taint.status.get(v);
    if (STATEMENTS.has(node.type) || s === 'sql' || s === 'sqlUser') return { text, user: s !== 'sql' && !SCALARS.has(v.type) };
    if (this.taint.isClean(v)) return { text, user: false };
    return { text: escapeSqlText(text, this.ctx.escaping), user: true };
  }

  // --- interpreter hooks ---------------------------------------------------------------------

  evaluate(it: Interpreter, node: Node | undefined, env: Environment): RV {
    if (!node) return base.evaluate.call(it, node, env);
    if (node.type === VALUE_NODE) return node.value as RV;
    this.budgets.enter();
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      if (callee.type === 'Identifier' && env.lookupVariable(callee.value as string).type === 'UndefinedValue') {
        throw new Error(`Unknown function ${String(callee.value)}`);
      }
    }
    const isFor = node.type === 'For';
    if (isFor) this.budgets.enterLoop(node);
    const mark = this.taint.mark();
    let r: RV;
    try {
      r = base.evaluate.call(it, node, env);
    } catch (e) {
      this.taint.forget(mark);
      throw e;
    } finally {
      this.budgets.leave(isFor);
    }
    this.budgets.checkSize(r);
    if (node.type === 'Identifier' && r.type === 'UndefinedValue') this.undefinedNames.set(r, String(node.value));
    this.taint.settle(node, r, mark);
    return r;
  }

  evaluateBlock(it: Interpreter, statements: Node[], env: Environment): RV {
    const loop = this.budgets.block(statements);
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
      this.budgets.output(out.length);
    }
    if (loop) this.budgets.loopOutput(loop, out.length);
    this.line = savedLine;
    const r = this.taint.tag(new StringValue(out), user ? 'sqlUser' : 'sql');
    this.taint.produced(r);
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
      if (this.undefinedNames.has(left)) left = this.taint.tag(new StringValue(''), 'clean');
      if (this.undefinedNames.has(right)) right = this.taint.tag(new StringValue(''), 'clean');
    }
    this.budgets.checkBinary(op, left, right);
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
    this.budgets.checkFilter(name, operand, args, kwargs);
    if (!call) return base.applyFilter.call(it, operand, filter, env);
    // the arguments, evaluated once, go to the library as values
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
    if (this.taint.status.get(rendered) === 'sqlUser' && !BLOCK_SAFE_FILTERS.has(name)) {
      throw new Error(`The "${name}" filter cannot be applied to a block that contains macro values.`);
    }
    return this.applyFilter(it, rendered, filter, env);
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
      this.taint.tag(env.set(name, v) as unknown as RV, 'clean');
    }
    for (const [name, v] of Object.entries(macroGlobals(this.ctx, this.limits, this.taint, this.budgets))) set(name, v);
    for (const [name, v] of [
      ['from_dttm', this.ctx.fromDttm],
      ['to_dttm', this.ctx.toDttm],
    ] as const) {
      set(name, typeof v === 'string' ? this.taint.userString(v) : new NullValue());
    }
    for (const [name, value] of Object.entries(this.ctx.params ?? {})) {
      if (RESERVED.has(name) || MACROS.includes(name))
        throw new TemplateRenderError(`The template parameter "${name}" has the name of a built-in and cannot be used.`);
      this.taint.tagDeep(env.set(name, value) as unknown as RV, 'clean');
    }

    const it = new Interpreter(env);
    hookInterpreter(it, {
      evaluate: (node, e) => this.evaluate(it, node, e),
      evaluateBlock: (statements, e) => this.evaluateBlock(it, statements, e),
      evaluateBinaryExpression: (node, e) => this.evaluateBinaryExpression(it, node, e),
      applyFilter: (operand, filter, e) => this.applyFilter(it, operand, filter, e),
      evaluateFilterStatement: (node, e) => this.evaluateFilterStatement(it, node, e),
    });
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
  inProgress.limits = render.limits;
  try {
    return render.run(source);
  } finally {
    inProgress.limits = null;
  }
}
