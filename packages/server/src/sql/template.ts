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
import { fork, type ChildProcess } from 'node:child_process';
import { TS_SOURCE_HOOKS, typescriptPath } from './ts-source-hooks.js';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
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
const BOOT_LIMIT_MS = 30_000;
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

/** An executor child: the compiled module, or from the TypeScript sources with ts-source-hooks.ts. */
function spawnExecutor(): ChildProcess {
  const here = import.meta.url;
  const execArgv = [`--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=8'];
  // a small environment: the executor needs none of the server's settings or secrets
  const env: NodeJS.ProcessEnv = process.env.TZ ? { TZ: process.env.TZ } : {};
  const options = { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[], serialization: 'json' as const };
  if (!here.endsWith('.ts')) {
    return fork(fileURLToPath(new URL('./template-executor.js', here)), [], {
      ...options,
      execArgv: [...execArgv, '--disallow-code-generation-from-strings'],
    });
  }
  const typescript = typescriptPath(here);
  const boot = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(TS_SOURCE_HOOKS)}), { data: { typescript: ${JSON.stringify(typescript)} } });`;
  return fork(fileURLToPath(new URL('./template-executor.ts', here)), [], {
    ...options,
    execArgv: [...execArgv, '--import', `data:text/javascript,${encodeURIComponent(boot)}`],
  });
}

interface Job {
  id: number;
  source: string;
  context: TemplateContext;
  resolve: (out: string) => void;
  reject: (e: Error) => void;
}

interface Slot {
  child: ChildProcess | null;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** the end of the executor's stderr (a boot failure's reason, for the server log) */
  stderr: string;
}

type Reply =
  { ready: true } | { id: number; ok: true; out: string } | { id: number; ok: false; error: string; undefinedParameters?: string[] };

class RenderPool {
  private readonly slots: Slot[] = Array.from({ length: POOL_SIZE }, () => ({
    child: null,
    ready: false,
    job: null,
    timer: null,
    stderr: '',
  }));
  private queue: Job[] = [];
  private seq = 0;
  private closed = false;

  render(source: string, context: Job['context']): Promise<string> {
    this.closed = false;
    if (this.queue.length >= MAX_QUEUE)
      return Promise.reject(new TemplateError('The template renderer is busy; please try again in a moment.'));
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, source, context, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    // keep every executor warm: start the missing ones, idle or not
    for (const slot of this.slots) if (!slot.child) this.start(slot);
    while (this.queue.length > 0) {
      const free = (s: Slot) => s.child !== null && s.job === null;
      const slot = this.slots.find((s) => free(s) && s.ready) ?? this.slots.find(free);
      if (!slot) return;
      slot.job = this.queue.shift() as Job;
      if (slot.ready) this.send(slot);
    }
  }

  private start(slot: Slot): void {
    const child = spawnExecutor();
    slot.child = child;
    slot.ready = false;
    slot.stderr = '';
    slot.timer = setTimeout(() => this.fail(slot, child, new Error('The template renderer could not be started.')), BOOT_LIMIT_MS);
    const stderr = child.stderr as (Readable & { unref?: () => void }) | null;
    stderr?.setEncoding('utf8');
    stderr?.on('data', (chunk: string) => {
      slot.stderr = (slot.stderr + chunk).slice(-4000);
    });
    stderr?.unref?.();
    child.on('message', (m: Reply) => {
      if (slot.child !== child) return;
      if ('ready' in m) {
        slot.ready = true;
        this.clearTimer(slot);
        if (slot.job) this.send(slot);
        else this.idle(child);
        return;
      }
      const job = slot.job;
      if (!job || m.id !== job.id) return;
      this.clearTimer(slot);
      slot.job = null;
      this.idle(child);
      if (m.ok) job.resolve(m.out);
      else if (Array.isArray(m.undefinedParameters)) job.reject(new MissingTemplateParamsError(m.error, m.undefinedParameters.map(String)));
      else job.reject(new TemplateError(`The template could not be rendered: ${m.error}`));
      this.pump();
    });
    child.on('error', () => this.fail(slot, child, new TemplateError('The template renderer stopped unexpectedly.')));
    child.on('exit', () => {
      const booted = slot.ready;
      const cause = slot.stderr.trim();
      this.fail(
        slot,
        child,
        booted
          ? new TemplateError('The template used too much memory and was stopped.')
          : new Error('The template renderer could not be started.', { cause: cause || undefined }),
      );
    });
    this.idle(child);
  }

  /** An idle executor does not keep the server process alive; a busy one does (a CLI awaiting a render). */
  private idle(child: ChildProcess): void {
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  private send(slot: Slot): void {
    const { child, job } = slot;
    if (!child || !job) return;
    child.ref();
    (child.channel as { ref?: () => void } | undefined)?.ref?.();
    slot.timer = setTimeout(
      () =>
        this.fail(
          slot,
          child,
          new TemplateError(`The template took longer than ${Math.round(settings.timeLimitMs / 100) / 10} s to render and was stopped.`),
        ),
      settings.timeLimitMs,
    );
    try {
      child.send({ id: job.id, source: job.source, context: job.context, limits: settings.limits });
    } catch {
      this.fail(slot, child, new TemplateError('The template renderer stopped unexpectedly.'));
    }
  }

  private clearTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** Kill the slot's executor and refuse its render (only that one); a fresh executor takes the slot. */
  private fail(slot: Slot, child: ChildProcess, error: Error): void {
    if (slot.child !== child) return;
    const booted = slot.ready;
    this.clearTimer(slot);
    slot.child = null;
    slot.ready = false;
    const job = slot.job;
    slot.job = null;
    child.kill('SIGKILL');
    job?.reject(error);
    if (this.closed) return;
    // an executor that cannot start is not restarted in a loop: the next render tries again
    if (!booted) {
      const queued = this.queue;
      this.queue = [];
      for (const j of queued) j.reject(error);
      return;
    }
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    const queued = this.queue;
    this.queue = [];
    const stopped: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      this.clearTimer(slot);
      const { child, job } = slot;
      slot.child = null;
      slot.ready = false;
      slot.job = null;
      job?.reject(new Error('The template renderer was shut down.'));
      if (child && child.exitCode === null && child.signalCode === null) {
        stopped.push(new Promise((resolve) => child.once('exit', resolve)));
        // referenced until it is gone, so that awaiting close() keeps the process alive until then
        child.ref();
        child.kill('SIGKILL');
      }
    }
    for (const job of queued) job.reject(new Error('The template renderer was shut down.'));
    await Promise.all(stopped);
  }
}

const pool = new RenderPool();

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
  return pool.render(sql, {
    params,
    username: ctx.username,
    userId: ctx.userId,
    email: ctx.email,
    urlParams: ctx.urlParams ?? {},
    filters: ctx.filters ?? [],
    escaping: ctx.escaping === 'standard' ? 'standard' : 'backslash',
    fromDttm: ctx.fromDttm ?? null,
    toDttm: ctx.toDttm ?? null,
  });
}

/** Stop the executors (server shutdown, tests). They start again on the next render. */
export const closeTemplateRenderer = (): Promise<void> => pool.close();
