/**
 * The handlebars chart's two safety stages. The template is parsed by Handlebars and evaluated by
 * interpreter.ts (the app's Content Security Policy rightly forbids compiling it to JavaScript):
 * only own properties are reachable (no `constructor`, `__proto__` or inherited methods, whatever
 * the template says), `{{ }}` is HTML-escaped, and only the known helpers run. Its HTML output then
 * goes through DOMPurify before it reaches the page: no script, no event handlers, no javascript:
 * URLs, no <style>/<link>/<form>/<iframe>. The user's CSS is sanitized (no @import, no external
 * url()) and scoped to the chart.
 */
import Handlebars from 'handlebars';
import { sanitizeDashboardCss, scopeDashboardCss } from '@rama/shared';
import { templateHelpers } from './helpers';
import { TemplateInterpreter, ownProperty, type Helper } from './interpreter';

export type TemplateContext = { data: Record<string, unknown>[] };

const HELPERS: Record<string, Helper> = {
  ...(templateHelpers(Handlebars.Utils.escapeExpression, (s) => new Handlebars.SafeString(s)) as Record<string, Helper>),
  // the built-in lookup, reading own properties only like every other path
  lookup: (obj: unknown, key: unknown) => (key === null || key === undefined ? undefined : ownProperty(obj, String(key))),
};

const interpreter = new TemplateInterpreter(HELPERS);
const cache = new Map<string, hbs.AST.Program>();

/**
 * The template applied to the rows (as `data`): HTML that still has to go through
 * sanitizeTemplateHtml. Parsed by Handlebars, evaluated by the interpreter (never compiled to
 * JavaScript), so prototype access is not an option that could be turned on: there is none.
 */
export function renderTemplate(source: string, context: TemplateContext): string {
  let ast = cache.get(source);
  if (!ast) {
    ast = Handlebars.parse(source);
    if (cache.size > 50) cache.clear();
    cache.set(source, ast);
  }
  return interpreter.render(ast, context);
}

/** What the page may hold of the template's HTML (DOMPurify options). */
export const PURIFY_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'link',
    'meta',
    'base',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
  ],
  FORBID_ATTR: ['formaction', 'srcset', 'ping'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

export interface Purifier {
  isSupported: boolean;
  sanitize: (html: string, config: typeof PURIFY_CONFIG) => string;
}

/** The HTML the chart shows: sanitized, or — where no DOM can sanitize it — shown as text (fail closed). */
export function sanitizeTemplateHtml(html: string, purifier: Purifier): { html: string } | { text: string } {
  return purifier.isSupported ? { html: purifier.sanitize(html, PURIFY_CONFIG) } : { text: html };
}

/** The user's CSS without what fetches or runs anything, every rule prefixed with the chart's scope class. */
export function scopedTemplateCss(css: unknown, scopeClass: string): string {
  if (typeof css !== 'string') return '';
  return scopeDashboardCss(sanitizeDashboardCss(css), `.${scopeClass}`);
}
