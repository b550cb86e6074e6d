/**
 * The template engine proper: Jinja syntax interpreted by @huggingface/jinja (no code execution),
 * with allow-listed macros, SQL escaping of macro values and budgets. It runs inside a render
 * executor (template-executor.ts, a child process: see template.ts); tests may call it directly.
 *
 * The parts, in sql/templates/:
 * - bridge.ts: the library's internals the engine reaches into (value classes, the interpreter's
 *   private methods, the string builtins), pinned to the library's version;
 * - taint.ts: the escaping rule: every value is classified ('clean', 'user', 'sql'), and 'user'
 *   text is escaped for a single-quoted SQL literal exactly once, at output;
 * - budgets.ts: a runaway template is an error, never an out-of-memory;
 * - macros.ts: the allow-listed macros and globals;
 * - lines.ts and errors.ts: messages for the user, with the template line;
 * - render.ts: one render, the interpreter hooked to all of the above.
 */
export { DEFAULT_LIMITS, type EngineLimits } from './template-limits.js';
export type { EngineContext, Escaping } from './templates/context.js';
export { TemplateRenderError, UndefinedParametersError, undefinedParametersMessage } from './templates/errors.js';
export { escapeSqlText } from './templates/taint.js';
export { renderTemplate } from './templates/render.js';
