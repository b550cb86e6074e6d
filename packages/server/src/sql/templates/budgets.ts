/**
 * Budgets: a runaway template is an error, never an out-of-memory. range() size, list size, total
 * loop iterations, interpreter steps, nesting depth and string size (every value and the output)
 * are capped, and the operations that can allocate far more than their inputs (join, tojson,
 * indent, replace, split, stringifying a list) are checked before they run.
 */
import { DEFAULT_LIMITS, type EngineLimits } from '../template-limits.js';
import { checkStringMethods, isContainer, sizeOf, type Node, type RV } from './bridge.js';

/** A budget exceeded; the message is for the user. */
export class BudgetError extends Error {}

/**
 * The render in progress (one at a time per process: rendering is synchronous): its limits, for
 * the checks of the string methods, which the library calls without the render.
 */
export const inProgress: { limits: EngineLimits | null } = { limits: null };
const limitsNow = () => inProgress.limits ?? DEFAULT_LIMITS;

export function tooLong(): BudgetError {
  return new BudgetError(`A value in the template would be longer than ${limitsNow().maxChars} characters.`);
}
export function tooMany(): BudgetError {
  return new BudgetError(`A list in the template would have more than ${limitsNow().maxListItems} items.`);
}

/** Characters a value's text or JSON form takes at most (about), stopping early past `budget`. */
export function estimateText(v: RV, budget: number): number {
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

export function checkText(v: RV, factor = 1, extra = 0): void {
  const max = limitsNow().maxChars;
  if (estimateText(v, max) * factor + extra > max) throw tooLong();
}

// String methods that can allocate far more than their input are checked first.
const countOf = (s: string, part: string, stopAt: number) => {
  let n = 0;
  for (let i = s.indexOf(part); i >= 0 && n <= stopAt; i = s.indexOf(part, i + part.length)) n++;
  return n;
};
checkStringMethods({
  replace: (s, [from, to]) => {
    if (from?.type === 'StringValue' && to?.type === 'StringValue') {
      const f = from.value as string;
      const t = to.value as string;
      const max = limitsNow().maxChars;
      if (t.length > f.length) {
        const n = f === '' ? s.length + 1 : countOf(s, f, max);
        if (s.length + n * (t.length - f.length) > max) throw tooLong();
      }
    }
  },
  split: (s, [sep]) => {
    const max = limitsNow().maxListItems;
    const parts =
      sep?.type === 'StringValue' && sep.value !== '' ? countOf(s, sep.value as string, max) + 1 : (s.match(/\S+/g)?.length ?? 0);
    if (parts > max) throw tooMany();
  },
});

/** One render's counters: steps, nesting depth, loop iterations and what each loop writes. */
export class Budgets {
  private steps = 0;
  private depth = 0;
  private iterations = 0;
  private readonly loops: Array<{ body: unknown; chars: number }> = [];

  constructor(readonly limits: EngineLimits) {}

  /** An evaluation starts: one more step, one level deeper (a `for` opens a loop). */
  enter(): void {
    if (++this.steps > this.limits.maxSteps) throw new BudgetError(`The template needs more than ${this.limits.maxSteps} steps to render.`);
    if (++this.depth > this.limits.maxDepth) throw new BudgetError('The template nests too deeply (a macro that calls itself?).');
  }

  /** A `for` starts (after `enter`): its body's blocks are its iterations. */
  enterLoop(node: Node): void {
    this.loops.push({ body: node.body, chars: 0 });
  }

  /** The evaluation `enter` started is over. */
  leave(isFor: boolean): void {
    this.depth--;
    if (isFor) this.loops.pop();
  }

  /** A block starts: when it is the innermost loop's body, one more iteration (returned to count its output). */
  block(statements: Node[]): { chars: number } | undefined {
    const loop = this.loops.at(-1);
    const isIteration = loop !== undefined && loop.body === statements;
    if (isIteration && ++this.iterations > this.limits.maxLoopIterations) {
      throw new BudgetError(`The template runs more than ${this.limits.maxLoopIterations} loop iterations.`);
    }
    return isIteration ? loop : undefined;
  }

  /** A block's output so far, or all its loop's iterations' output together. */
  output(chars: number): void {
    if (chars > this.limits.maxChars) throw new BudgetError(`The rendered query would be longer than ${this.limits.maxChars} characters.`);
  }

  loopOutput(loop: { chars: number }, chars: number): void {
    loop.chars += chars;
    this.output(loop.chars);
  }

  /** Every evaluated value: a string or a list within its size. */
  checkSize(r: RV): void {
    if (r.type === 'StringValue') {
      if ((r.value as string).length > this.limits.maxChars) throw tooLong();
    } else if (isContainer(r) && sizeOf(r) > this.limits.maxListItems) throw tooMany();
  }

  /** Operands that a binary operator turns into text (`~`, `+`, `==`, `!=`), checked first. */
  checkBinary(op: string, left: RV, right: RV): void {
    if (op === '+' && Array.isArray(left.value) && Array.isArray(right.value)) {
      if (sizeOf(left) + sizeOf(right) > this.limits.maxListItems) throw tooMany();
    } else if (estimateText(left, this.limits.maxChars) + estimateText(right, this.limits.maxChars) > this.limits.maxChars) throw tooLong();
  }

  /** The filters that can write far more than their input (join, indent, tojson, string), checked first. */
  checkFilter(name: string, operand: RV, args: RV[], kwargs: Map<string, RV>): void {
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
  }

  /** range() of `count` items. */
  checkRange(count: number): void {
    if (count > this.limits.maxRangeItems) throw new BudgetError(`range() is limited to ${this.limits.maxRangeItems} items`);
  }
}
