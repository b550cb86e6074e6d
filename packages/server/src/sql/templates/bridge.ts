/**
 * The bridge to @huggingface/jinja's internals. The library exports only Template, Environment,
 * Interpreter, tokenize and parse; the engine needs more: its runtime value classes (taken from
 * values an Environment creates), five private methods of the Interpreter (replaced on each
 * render's interpreter, the originals called through `base`), `evaluateArguments` (called), and
 * the lazily built builtins of a string (a wrapped getter). All of it is written against
 * BRIDGE_VERSION; bridge.test.ts fails loudly when the installed library differs or one of
 * PATCHED_METHODS is gone or takes other arguments.
 */
import { Environment, Interpreter } from '@huggingface/jinja';

/** The library's version the bridge was written and checked against. */
export const BRIDGE_VERSION = '0.5.11';

/** The Interpreter's private methods the bridge replaces or calls, with their arity. */
export const PATCHED_METHODS = {
  evaluate: 2,
  evaluateBlock: 2,
  evaluateBinaryExpression: 2,
  evaluateFilterStatement: 2,
  applyFilter: 3,
  evaluateArguments: 2,
} as const;

/** A runtime value of the library. */
export interface RV {
  type: string;
  value: unknown;
  toString(): string;
  __bool__(): { value: boolean };
  readonly builtins: ReadonlyMap<string, RV>;
}
export type FnImpl = (args: RV[], scope: Environment) => RV;
export interface Node {
  type: string;
  [key: string]: unknown;
}
export interface Token {
  type: string;
  value: string;
}
export interface InterpreterInternals {
  evaluate(node: Node | undefined, env: Environment): RV;
  evaluateBlock(statements: Node[], env: Environment): RV;
  evaluateBinaryExpression(node: Node, env: Environment): RV;
  evaluateFilterStatement(node: Node, env: Environment): RV;
  applyFilter(operand: RV, filter: Node, env: Environment): RV;
  evaluateArguments(args: Node[], env: Environment): [RV[], Map<string, RV>];
}

/** The value classes, taken once from values a probe Environment creates. */
const valueClasses = (() => {
  const probe = new Environment();
  let seq = 0;
  const ctorOf = <T>(v: unknown) => (probe.set(`v${seq++}`, v) as unknown as { constructor: T }).constructor;
  return {
    StringValue: ctorOf<new (v: string) => RV>(''),
    IntegerValue: ctorOf<new (v: number) => RV>(1),
    FloatValue: ctorOf<new (v: number) => RV>(1.5),
    BooleanValue: ctorOf<new (v: boolean) => RV>(true),
    NullValue: ctorOf<new () => RV>(null),
    ArrayValue: ctorOf<new (v: RV[]) => RV>([]),
    ObjectValue: ctorOf<new (v: Map<string, RV>) => RV>({}),
    FunctionValue: ctorOf<new (v: FnImpl) => RV>(() => 0),
  };
})();
export const { StringValue, IntegerValue, FloatValue, BooleanValue, NullValue, ArrayValue, ObjectValue, FunctionValue } = valueClasses;

/** SQL NULL: falsy and `is none` like None, but rendered as NULL (current_user_id() without a user). */
export class SqlNull extends NullValue {}

/** The library's own methods (the replaced ones call them). */
export const base = Interpreter.prototype as unknown as InterpreterInternals;

/** The methods a render replaces on its interpreter. */
export type InterpreterHooks = Pick<
  InterpreterInternals,
  'evaluate' | 'evaluateBlock' | 'evaluateBinaryExpression' | 'applyFilter' | 'evaluateFilterStatement'
>;

/** Replace the interpreter's private methods with a render's hooks (this interpreter only). */
export function hookInterpreter(it: Interpreter, hooks: InterpreterHooks): void {
  const own = it as unknown as InterpreterInternals;
  own.evaluate = hooks.evaluate;
  own.evaluateBlock = hooks.evaluateBlock;
  own.evaluateBinaryExpression = hooks.evaluateBinaryExpression;
  own.applyFilter = hooks.applyFilter;
  own.evaluateFilterStatement = hooks.evaluateFilterStatement;
}

/**
 * Run `checks[name](text, args)` before the string method `name` of every string value. The
 * library builds the builtins of a string lazily (a getter); the wrapped getter adds the checks.
 * Called once, when the budgets module loads.
 */
export function checkStringMethods(checks: Record<string, (text: string, args: RV[]) => void>): void {
  const proto = StringValue.prototype as object;
  const desc = Object.getOwnPropertyDescriptor(proto, 'builtins');
  if (!desc?.get) throw new Error('@huggingface/jinja: StringValue.builtins not found');
  const getter = desc.get;
  const wrapped = new WeakSet<object>();
  Object.defineProperty(proto, 'builtins', {
    configurable: true,
    get(this: RV) {
      const map = getter.call(this) as Map<string, RV>;
      if (wrapped.has(map)) return map;
      wrapped.add(map);
      const s = this.value as string;
      for (const [name, check] of Object.entries(checks)) {
        const method = map.get(name);
        if (!method) continue;
        map.set(
          name,
          new FunctionValue((args, scope) => {
            check(s, args);
            return (method.value as FnImpl)(args, scope);
          }),
        );
      }
      return map;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The shapes of values and nodes

export const STATEMENTS = new Set([
  'Program',
  'If',
  'For',
  'Set',
  'Macro',
  'CallStatement',
  'FilterStatement',
  'Break',
  'Continue',
  'Comment',
]);
const CONTAINERS = new Set(['ArrayValue', 'TupleValue', 'ObjectValue', 'KeywordArgumentsValue', 'NamespaceValue']);
/** values whose text can hold no quote, backslash or NUL */
export const SCALARS = new Set(['IntegerValue', 'FloatValue', 'BooleanValue', 'NullValue', 'UndefinedValue']);
/** a node that stands for a value already evaluated (arguments evaluated once, then handed to the library) */
export const VALUE_NODE = '\u0000Value';

export const isContainer = (v: RV) => CONTAINERS.has(v.type);
export const itemsOf = (v: RV): RV[] => (Array.isArray(v.value) ? (v.value as RV[]) : [...(v.value as Map<string, RV>).values()]);
export const sizeOf = (v: RV): number => (Array.isArray(v.value) ? v.value.length : (v.value as Map<string, RV>).size);
export const valueNode = (v: RV): Node => ({ type: VALUE_NODE, value: v });
