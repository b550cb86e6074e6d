/**
 * The renderer's budgets (shared by the server side, template.ts, and the engine, template-engine.ts).
 * The interpreter runs about 500k steps or 50k loop iterations a second, so the step and loop
 * budgets trip well within the 2 s time limit, with a clear message.
 */
export interface EngineLimits {
  /** items range() may produce */
  maxRangeItems: number;
  /** items of any list or mapping */
  maxListItems: number;
  /** loop iterations in total, all loops together */
  maxLoopIterations: number;
  /** interpreter steps (expressions and statements evaluated) */
  maxSteps: number;
  /** characters of any value and of the output */
  maxChars: number;
  /** nested evaluation depth (macro recursion, nested expressions) */
  maxDepth: number;
}

export const DEFAULT_LIMITS: EngineLimits = {
  maxRangeItems: 10_000,
  maxListItems: 100_000,
  maxLoopIterations: 20_000,
  maxSteps: 500_000,
  maxChars: 2_000_000,
  maxDepth: 400,
};
