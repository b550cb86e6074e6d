/**
 * Formula annotation layers draw `y = f(x)` (issue 11 part 8). The expression is typed by a user and
 * saved in form data that anyone opening the chart runs, so it is parsed here by a small grammar
 * (numbers, `x`, + - * / % ^, parentheses and a few Math functions) and evaluated over that tree;
 * nothing reaches `eval` or `Function`, and any other name is refused.
 */

type Node =
  | { kind: 'num'; value: number }
  | { kind: 'x' }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Node; right: Node }
  | { kind: 'call'; fn: string; args: Node[] };

const FUNCTIONS: Readonly<Record<string, { arity: [number, number]; fn: (...a: number[]) => number }>> = {
  abs: { arity: [1, 1], fn: Math.abs },
  sqrt: { arity: [1, 1], fn: Math.sqrt },
  cbrt: { arity: [1, 1], fn: Math.cbrt },
  log: { arity: [1, 1], fn: Math.log },
  log10: { arity: [1, 1], fn: Math.log10 },
  log2: { arity: [1, 1], fn: Math.log2 },
  exp: { arity: [1, 1], fn: Math.exp },
  sin: { arity: [1, 1], fn: Math.sin },
  cos: { arity: [1, 1], fn: Math.cos },
  tan: { arity: [1, 1], fn: Math.tan },
  floor: { arity: [1, 1], fn: Math.floor },
  ceil: { arity: [1, 1], fn: Math.ceil },
  round: { arity: [1, 1], fn: Math.round },
  pow: { arity: [2, 2], fn: Math.pow },
  min: { arity: [1, 16], fn: Math.min },
  max: { arity: [1, 16], fn: Math.max },
};

const CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, e: Math.E };

/** Long or deeply nested input is refused before it can cost much (a formula is a short thing). */
const MAX_LENGTH = 500;
const MAX_DEPTH = 64;

type Token = { t: 'num'; v: number } | { t: 'name'; v: string } | { t: 'op'; v: string };

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i));
      if (!m) throw new Error(`Unexpected '${c}' at ${i + 1}`);
      tokens.push({ t: 'num', v: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
      const name = m ? m[0] : c;
      tokens.push({ t: 'name', v: name });
      i += name.length;
    } else if (c === '*' && src[i + 1] === '*') {
      tokens.push({ t: 'op', v: '^' });
      i += 2;
    } else if ('+-*/%^(),'.includes(c)) {
      tokens.push({ t: 'op', v: c });
      i += 1;
    } else {
      throw new Error(`Unexpected '${c}' at ${i + 1}`);
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    if (this.tokens.length === 0) throw new Error('The formula is empty');
    const node = this.expr();
    if (this.pos < this.tokens.length) throw new Error(`Unexpected '${String(this.tokens[this.pos].v)}'`);
    return node;
  }

  private peekOp(...ops: string[]): string | null {
    const tok = this.tokens[this.pos];
    return tok && tok.t === 'op' && ops.includes(tok.v) ? tok.v : null;
  }

  private expect(op: string): void {
    if (!this.peekOp(op)) throw new Error(`Expected '${op}'`);
    this.pos += 1;
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new Error('The formula is nested too deeply');
  }

  private expr(): Node {
    this.enter();
    let left = this.term();
    for (let op = this.peekOp('+', '-'); op; op = this.peekOp('+', '-')) {
      this.pos += 1;
      left = { kind: 'bin', op: op as '+' | '-', left, right: this.term() };
    }
    this.depth -= 1;
    return left;
  }

  /** Products, including the implicit one people write: `2x`, `3(x + 1)`, `x(x - 1)`. */
  private term(): Node {
    let left = this.unary();
    for (;;) {
      const op = this.peekOp('*', '/', '%');
      if (op) {
        this.pos += 1;
        left = { kind: 'bin', op: op as '*' | '/' | '%', left, right: this.unary() };
      } else if (this.startsImplicitFactor()) {
        left = { kind: 'bin', op: '*', left, right: this.power() };
      } else {
        return left;
      }
    }
  }

  private startsImplicitFactor(): boolean {
    const tok = this.tokens[this.pos];
    return Boolean(tok) && (tok.t === 'name' || (tok.t === 'op' && tok.v === '('));
  }

  private unary(): Node {
    const op = this.peekOp('+', '-');
    if (op) {
      this.pos += 1;
      this.enter();
      const arg = this.unary();
      this.depth -= 1;
      return op === '-' ? { kind: 'neg', arg } : arg;
    }
    return this.power();
  }

  /** `^` binds tighter than unary minus on its left and is right-associative: -2^2 = -4, 2^3^2 = 512. */
  private power(): Node {
    const base = this.primary();
    if (this.peekOp('^')) {
      this.pos += 1;
      this.enter();
      const exponent = this.unary();
      this.depth -= 1;
      return { kind: 'bin', op: '^', left: base, right: exponent };
    }
    return base;
  }

  private primary(): Node {
    const tok = this.tokens[this.pos];
    if (!tok) throw new Error('The formula ends too early');
    if (tok.t === 'num') {
      this.pos += 1;
      return { kind: 'num', value: tok.v };
    }
    if (tok.t === 'op' && tok.v === '(') {
      this.pos += 1;
      const inner = this.expr();
      this.expect(')');
      return inner;
    }
    if (tok.t === 'name') {
      this.pos += 1;
      const name = tok.v;
      if (name === 'x') return { kind: 'x' };
      // Own-property checks only: `constructor`, `__proto__` and friends are not names here.
      if (Object.hasOwn(CONSTANTS, name)) return { kind: 'num', value: CONSTANTS[name] };
      if (Object.hasOwn(FUNCTIONS, name)) return this.call(name);
      throw new Error(`Unknown name '${name}'`);
    }
    throw new Error(`Unexpected '${tok.v}'`);
  }

  private call(fn: string): Node {
    this.expect('(');
    const args: Node[] = [];
    if (!this.peekOp(')')) {
      args.push(this.expr());
      while (this.peekOp(',')) {
        this.pos += 1;
        args.push(this.expr());
      }
    }
    this.expect(')');
    const [lo, hi] = FUNCTIONS[fn].arity;
    if (args.length < lo || args.length > hi) throw new Error(`${fn}() takes ${lo === hi ? lo : `${lo} to ${hi}`} argument(s)`);
    return { kind: 'call', fn, args };
  }
}

function evaluate(node: Node, x: number): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'x':
      return x;
    case 'neg':
      return -evaluate(node.arg, x);
    case 'call':
      return FUNCTIONS[node.fn].fn(...node.args.map((a) => evaluate(a, x)));
    case 'bin': {
      const a = evaluate(node.left, x);
      const b = evaluate(node.right, x);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '%':
          return a % b;
        case '^':
          return a ** b;
      }
    }
  }
}

export type Formula = (x: number) => number | null;

/**
 * Compiles a formula of `x`; throws an Error naming the problem when the text is not one.
 * The function answers null where the value is not a finite number (1/0, sqrt(-1)).
 */
export function compileFormula(source: string): Formula {
  if (source.length > MAX_LENGTH) throw new Error(`The formula is longer than ${MAX_LENGTH} characters`);
  const tree = new Parser(tokenize(source)).parse();
  return (x) => {
    const y = evaluate(tree, x);
    return Number.isFinite(y) ? y : null;
  };
}

/** The compiled formula, or the reason it is not one (for drawing: a bad layer is skipped, not fatal). */
export function tryCompileFormula(source: string): { formula: Formula; error: null } | { formula: null; error: string } {
  try {
    return { formula: compileFormula(source), error: null };
  } catch (e) {
    return { formula: null, error: e instanceof Error ? e.message : String(e) };
  }
}
