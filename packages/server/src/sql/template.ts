/**
 * SQL templating: Jinja syntax rendered by a sandboxed interpreter (@huggingface/jinja, no code
 * execution) with allow-listed macros whose values are escaped for use inside a single-quoted SQL
 * literal (see template-engine.ts for the rule and the in-renderer budgets).
 *
 * Isolation: templates render in executors, child processes with a small heap, one render at a
 * time each (a pool of POOL_SIZE, the rest queued), under a time limit. A render over the limit,
 * or one that crashes its executor, fails alone: that executor is killed and replaced; renders on
 * the other executors go on. Child processes, not worker threads: some allocation failures
 * (e.g. a huge array) abort the whole process even inside a worker with resourceLimits (tested:
 * `range(100000000)` in a worker took the parent down).
 */
import { secondsOf, spawnChild, WorkerPool } from '../workers/pool.js';
import { DEFAULT_LIMITS, type EngineLimits } from './template-limits.js';
// types only: the server process never loads the engine itself
import type { EngineContext } from './template-engine.js';

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/**
 * The template writes names that have no value (MISSING_TEMPLATE_PARAMS_ERROR): the message is the
 * BI server's, followed by its suggestion; `undefinedParameters` lists the names.
 */
export class MissingTemplateParamsError extends TemplateError {
  constructor(
    message: string,
    readonly undefinedParameters: string[],
  ) {
    super(`${message} ${PARAMETER_MISSING_ERR}`);
    this.name = 'MissingTemplateParamsError';
  }
}

/** The BI server's suggestion after a missing parameter. */
export const PARAMETER_MISSING_ERR =
  'Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.';

/** What a render sees: parameters, the user, URL parameters, applied filters, the escaping flavour. */
export type TemplateContext = EngineContext;

const POOL_SIZE = 2;
const HEAP_MB = 128;
const MAX_QUEUE = 200;
const MAX_PARAMS_DEPTH = 32;

const settings = {
  /** per render, counted from when a ready executor receives it */
  timeLimitMs: 2_000,
  limits: { ...DEFAULT_LIMITS } as EngineLimits,
};

/** Change the time limit or the renderer's budgets (tests). */
export function configureTemplateRenderer(changes: { timeLimitMs?: number; limits?: Partial<EngineLimits> }): void {
  if (changes.timeLimitMs !== undefined) settings.timeLimitMs = changes.timeLimitMs;
  if (changes.limits) settings.limits = { ...settings.limits, ...changes.limits };
}

/** Back to the default time limit and budgets. */
export function resetTemplateRenderer(): void {
  settings.timeLimitMs = 2_000;
  settings.limits = { ...DEFAULT_LIMITS };
}

interface Job {
  source: string;
  context: TemplateContext;
}

/**
 * The executors: template-executor.ts (dist/sql/template-executor.js when built), each with a small
 * heap and a small environment (it needs none of the server's settings or secrets). Every executor
 * is kept started, so a render need not wait for a boot; one that cannot start refuses the renders
 * waiting and is tried again on the next render, not in a loop.
 */
const pool = new WorkerPool<Job, string>({
  size: POOL_SIZE,
  spawn: () =>
    spawnChild(import.meta.url, './template-executor.js', {
      execArgv: [`--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=8'],
      builtArgv: ['--disallow-code-generation-from-strings'],
      env: process.env.TZ ? { TZ: process.env.TZ } : {},
    }),
  timeLimitMs: () => settings.timeLimitMs,
  maxQueued: () => MAX_QUEUE,
  warm: true,
  bootFailureStops: true,
  send: (child, id, job) => child.post({ id, source: job.source, context: job.context, limits: settings.limits }),
  settle: (m) => {
    if (m.ok) return { value: m.out as string };
    const error = String(m.error);
    if (Array.isArray(m.undefinedParameters)) return { error: new MissingTemplateParamsError(error, m.undefinedParameters.map(String)) };
    return { error: new TemplateError(`The template could not be rendered: ${error}`) };
  },
  errors: {
    busy: () => new TemplateError('The template renderer is busy; please try again in a moment.'),
    boot: () => new Error('The template renderer could not be started.'),
    timeout: (ms) => new TemplateError(`The template took longer than ${secondsOf(ms)} s to render and was stopped.`),
    stopped: ({ error, booted, stderr }) => {
      if (error) return new TemplateError('The template renderer stopped unexpectedly.');
      const cause = stderr.trim();
      return booted
        ? new TemplateError('The template used too much memory and was stopped.')
        : new Error('The template renderer could not be started.', { cause: cause || undefined });
    },
    shutdown: () => new Error('The template renderer was shut down.'),
  },
});

/** Does the text use template syntax at all? Plain SQL skips the renderer. */
export const hasTemplateSyntax = (sql: string): boolean => /\{\{|\{%|\{#/.test(sql);

/** Is the JSON text nested deeper than `max` (arrays and objects)? Scanned, not parsed. */
function jsonTooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function valueTooDeep(v: unknown, max: number, depth = 0): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (depth >= max) return true;
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (valueTooDeep(x, max, depth + 1)) return true;
  return false;
}

/** Parse the editor's templateParams JSON text; 400-worthy messages on failure. */
export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === '') return {};
  if (jsonTooDeep(text, MAX_PARAMS_DEPTH)) throw new TemplateError('The template parameters are nested too deeply.');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new TemplateError('The template parameters are not valid JSON.');
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TemplateError('The template parameters must be a JSON object.');
  return v as Record<string, unknown>;
}

/**
 * Render the SQL's template (Jinja). `enabled: false` (template processing switched off) returns
 * the SQL as written; so does SQL without template syntax. Throws TemplateError (a 400) for a
 * template that cannot be rendered, is over a budget or the time limit.
 */
export async function renderSqlTemplate(sql: string, ctx: TemplateContext, opts: { enabled?: boolean } = {}): Promise<string> {
  if (opts.enabled === false || !hasTemplateSyntax(sql)) return sql;
  const params = ctx.params ?? {};
  if (valueTooDeep(params, MAX_PARAMS_DEPTH)) throw new TemplateError('The template parameters are nested too deeply.');
  return pool.run({
    source: sql,
    context: {
      params,
      username: ctx.username,
      userId: ctx.userId,
      email: ctx.email,
      urlParams: ctx.urlParams ?? {},
      filters: ctx.filters ?? [],
      escaping: ctx.escaping === 'standard' ? 'standard' : 'backslash',
      fromDttm: ctx.fromDttm ?? null,
      toDttm: ctx.toDttm ?? null,
    },
  });
}

/** Stop the executors (server shutdown, tests). They start again on the next render. */
export const closeTemplateRenderer = (): Promise<void> => pool.close();
