/** The errors a render reports, with messages for the user. */
import { BudgetError } from './budgets.js';

/** A template that cannot be rendered; the message is for the user. */
export class TemplateRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}

/**
 * Names the template writes to the output (or joins into text with `~`) without a value: not a
 * parameter, macro, global, loop variable or `set` target. The BI server renders such a name as
 * itself (Jinja's DebugUndefined) and then refuses the query naming it (MISSING_TEMPLATE_PARAMS_ERROR);
 * `{{ x | default('a') }}`, `{% if x is defined %}` and `{% if x %}` are not outputs and pass.
 */
export class UndefinedParametersError extends TemplateRenderError {
  constructor(readonly names: string[]) {
    super(undefinedParametersMessage(names));
    this.name = 'UndefinedParametersError';
  }
}

/** The BI server's wording (ngettext: one parameter, or several), names quoted as its format_list does. */
export function undefinedParametersMessage(names: readonly string[]): string {
  const list = names.map((n) => `"${n.replaceAll('"', '\\"')}"`).join(', ');
  return names.length === 1
    ? `The parameter ${list} in your query is undefined.`
    : `The following parameters in your query are undefined: ${list}.`;
}

/** A message for the user from what the lexer, the parser or the interpreter threw. */
export function userMessage(e: unknown, phase: 'parse' | 'run'): string {
  if (e instanceof BudgetError) return e.message;
  const err = e instanceof Error ? e : new Error(String(e));
  if (err instanceof RangeError) {
    if (/call stack/i.test(err.message)) return 'The template nests too deeply (a macro that calls itself?).';
    if (/invalid (string|array) length/i.test(err.message)) return 'A value in the template is too large.';
  }
  if (err instanceof TypeError)
    return phase === 'parse'
      ? 'Unexpected end of the template (a tag is not closed?)'
      : `An expression could not be evaluated (${err.message})`;
  const message = err.message.replace(/^Parser Error: /, '').slice(0, 500);
  return message || 'The template could not be rendered.';
}

/** A message with the template line where known. */
export const at = (line: number | null | undefined, message: string) => (line ? `line ${line}: ${message}` : message);
