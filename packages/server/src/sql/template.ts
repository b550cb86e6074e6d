/**
 * SQL templating: Jinja syntax rendered by a sandboxed interpreter (@huggingface/jinja, no code
 * execution) in a worker thread with a time and memory limit, so a hostile template (a huge loop,
 * runaway recursion) is stopped instead of stalling the server. Macros are allow-listed and their
 * values are SQL literals (quoted), never raw text spliced into the query.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

export interface TemplateContext {
  /** user-supplied template parameters (the editor's JSON) */
  params: Record<string, unknown>;
  username: string | null;
  userId: number | null;
  email: string | null;
  /** URL parameters of the page the query comes from */
  urlParams: Record<string, string>;
}

const RENDER_TIMEOUT_MS = 2000;
const MAX_OUTPUT = 2_000_000;

/** A SQL string literal; standard SQL doubling of quotes (and backslashes, for MySQL-style engines). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Template, tokenize } = require(workerData.jinja);
parentPort.on('message', ({ id, source, context }) => {
  try {
    for (const t of tokenize(source)) {
      if (t.type === 'Identifier' && String(t.value).startsWith('_')) {
        throw new Error('names starting with "_" are not allowed in templates');
      }
    }
    const macros = context.macros;
    const vars = Object.assign({}, context.params, {
      current_username: () => macros.username,
      current_user_id: () => macros.userId,
      current_user_email: () => macros.email,
      url_param: (name, dflt) => {
        const v = Object.prototype.hasOwnProperty.call(macros.urlParams, name) ? macros.urlParams[name] : undefined;
        if (v !== undefined) return v;
        return dflt === undefined || dflt === null ? 'NULL' : macros.quote(dflt);
      },
    });
    macros.quote = (v) => "'" + String(v).split('\\\\').join('\\\\\\\\').split("'").join("''") + "'";
    const out = new Template(source).render(vars);
    parentPort.postMessage({ id, ok: true, out: String(out) });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: e && e.message ? String(e.message) : 'The template could not be rendered' });
  }
});
`;

type Pending = { resolve: (s: string) => void; reject: (e: Error) => void; timer: NodeJS.Timeout; worker: Worker };

/** One long-lived render worker, replaced when a render times out or the worker dies. */
class RenderWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    const jinja = createRequire(import.meta.url).resolve('@huggingface/jinja');
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { jinja }, resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 } });
    w.unref();
    w.on('message', (m: { id: number; ok: boolean; out?: string; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.out ?? '');
      else p.reject(new TemplateError(`The template could not be rendered: ${m.error ?? 'unknown error'}`));
    });
    const fail = (message: string) => {
      if (this.worker === w) this.worker = null;
      for (const [id, p] of this.pending) {
        if (p.worker !== w) continue;
        clearTimeout(p.timer);
        p.reject(new TemplateError(message));
        this.pending.delete(id);
      }
    };
    w.on('error', () => fail('The template used too much memory and was stopped.'));
    w.on('exit', () => fail('The template renderer stopped unexpectedly.'));
    return w;
  }

  render(source: string, context: Record<string, unknown>): Promise<string> {
    this.worker ??= this.start();
    const worker = this.worker;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
        reject(new TemplateError(`The template took longer than ${RENDER_TIMEOUT_MS / 1000} s to render and was stopped.`));
      }, RENDER_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer, worker });
      worker.postMessage({ id, source, context });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}

const renderer = new RenderWorker();

/** Does the text use template syntax at all? Plain SQL skips the renderer. */
export const hasTemplateSyntax = (sql: string): boolean => /\{\{|\{%|\{#/.test(sql);

/** Parse the editor's templateParams JSON text; 400-worthy messages on failure. */
export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new TemplateError('The template parameters are not valid JSON.');
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TemplateError('The template parameters must be a JSON object.');
  return v as Record<string, unknown>;
}

export async function renderSqlTemplate(sql: string, ctx: TemplateContext): Promise<string> {
  if (!hasTemplateSyntax(sql)) return sql;
  const out = await renderer.render(sql, {
    params: ctx.params,
    macros: {
      username: sqlLiteral(ctx.username),
      userId: ctx.userId === null ? 'NULL' : String(ctx.userId),
      email: sqlLiteral(ctx.email),
      urlParams: Object.fromEntries(Object.entries(ctx.urlParams).map(([k, v]) => [k, sqlLiteral(v)])),
    },
  });
  if (out.length > MAX_OUTPUT) throw new TemplateError('The rendered query is too large.');
  return out;
}

export const closeTemplateRenderer = (): Promise<void> => renderer.close();
