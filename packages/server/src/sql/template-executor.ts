/**
 * A render executor: a child process (see template.ts) that renders one template at a time. A
 * runaway template can exhaust this process's heap or stall it; the server then kills it and starts
 * another, and no other render is affected. Messages: { id, source, context, limits } in,
 * { ready } once, then { id, ok, out } or { id, ok: false, error, undefinedParameters? } out.
 */
import { renderTemplate, TemplateRenderError, UndefinedParametersError, type EngineContext, type EngineLimits } from './template-engine.js';

interface Job {
  id: number;
  source: string;
  context: EngineContext;
  limits: EngineLimits;
}

const send = (m: unknown) => process.send?.(m);

process.on('message', (job: Job) => {
  try {
    send({ id: job.id, ok: true, out: renderTemplate(job.source, job.context, job.limits) });
  } catch (e) {
    if (e instanceof UndefinedParametersError) send({ id: job.id, ok: false, error: e.message, undefinedParameters: e.names });
    else send({ id: job.id, ok: false, error: e instanceof TemplateRenderError ? e.message : 'The template could not be rendered.' });
  }
});
// the server went away: so does the executor
process.on('disconnect', () => process.exit(0));
send({ ready: true });
