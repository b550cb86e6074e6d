/**
 * Every message the server sends in an error reply has a French and a German entry (issue 30 item
 * 4): the source of packages/server/src (tests aside) is read for the messages passed to the error
 * helpers (`notFound(`, `badRequest(`, `forbidden(`, `unauthorized(`, `typedError(`,
 * `invalidFields(`, `errorsBody(`, `new HttpError(`). A string literal is a message as it is; a
 * template literal becomes the catalogue's template form (`${a}` → `{0}`, `${b}` → `{1}`…). A
 * constant is followed when it is declared in the same file or exported by @rama/shared; a
 * message built by a function elsewhere is not seen here (its text is in the catalogue by hand).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as shared from '@rama/shared';
import { MESSAGES } from './messages.js';
import { needsTranslation, placeholders } from './translate.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../shared/src/', import.meta.url));
/**
 * The shared package's rules whose messages the server sends in its 400/422 replies (a report's or
 * an upload's fields, an embedded dashboard's domains); the web shows those replies as they are.
 */
const SHARED_SOURCES = ['reports/rules.ts', 'reports/schedule.ts', 'reports/validator.ts', 'api/embedded.ts', 'upload'];
/** the callee and the index of its message argument */
const HELPERS: Record<string, number> = {
  notFound: 0,
  badRequest: 0,
  forbidden: 0,
  unauthorized: 0,
  invalidFields: 0,
  errorsBody: 0,
  typedError: 1,
  HttpError: 1,
};
/** helpers that fill a `%s` template: `formatMessage(FORBIDDEN_EDIT_MESSAGE, 'log')` */
const FILLERS = new Set(['formatMessage', 'fill']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    // the example dashboards' texts are data, not messages
    if (e.isDirectory()) return ['test-support', 'node_modules', 'examples'].includes(e.name) ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `%s` → `{0}`, `{1}`… */
const percentToTemplate = (text: string): string => {
  let i = 0;
  return text.replace(/%s/g, () => `{${i++}}`);
};

/**
 * The server's own wrappers around the helpers (`const unprocessable = (message: string) =>
 * new HttpError(422, { message })`, `add(errors, field, message)`): a function with a parameter named
 * `message` or `why`, or one passing a parameter on to a helper; the index of that parameter.
 */
function wrappersOf(file: ts.SourceFile, into: Map<string, number>): void {
  const consider = (name: string, fn: ts.SignatureDeclaration & { body?: ts.Node }) => {
    const params = fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ''));
    let index = params.findIndex((p) => p === 'message' || p === 'why');
    if (index < 0 && fn.body) {
      const look = (node: ts.Node): void => {
        if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && index < 0) {
          const callee = node.expression;
          const helper = ts.isIdentifier(callee) ? HELPERS[callee.text] : undefined;
          const arg = helper === undefined ? undefined : node.arguments?.[helper];
          if (arg && ts.isIdentifier(arg)) index = params.indexOf(arg.text);
          // new HttpError(422, { message: fields })
          if (arg && ts.isObjectLiteralExpression(arg)) {
            for (const p of arg.properties) {
              if (ts.isPropertyAssignment(p) && p.name.getText() === 'message' && ts.isIdentifier(p.initializer))
                index = params.indexOf(p.initializer.text);
            }
          }
        }
        ts.forEachChild(node, look);
      };
      look(fn.body);
    }
    if (index >= 0 && !(name in HELPERS)) into.set(name, index);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) consider(node.name.text, init);
    }
    if (ts.isFunctionDeclaration(node) && node.name) consider(node.name.text, node);
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/**
 * The server's own error classes (`new SqlAnalysisError('…')`): their messages reach a reply through
 * the routes that catch them. Errors of the process's set-up (ConfigError) and of report delivery
 * (written to the execution log) are not replies.
 */
const NOT_REPLIED = new Set([
  'Error',
  'HttpError',
  'ConfigError',
  'CaptureError',
  'DeliveryFailed',
  'TypeError',
  'RangeError',
  'SyntaxError',
]);
const errorClass = (name: string): boolean => /^[A-Z]\w*Error$/.test(name) && !NOT_REPLIED.has(name);

/** `errors.name = ['…']`, `errors[key] = […]`: per-field messages collected before an invalidFields */
const ERRORS_OBJECT = /errors$/i;

class Scanner {
  private readonly locals = new Map<string, ts.Expression>();
  readonly found: string[] = [];

  constructor(
    private readonly file: ts.SourceFile,
    private readonly wrappers: Map<string, number>,
  ) {
    const collect = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        if (!this.locals.has(node.name.text)) this.locals.set(node.name.text, node.initializer);
      }
      ts.forEachChild(node, collect);
    };
    collect(file);
  }

  scan(): string[] {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const isNew = ts.isNewExpression(node);
        const index =
          HELPERS[name] ?? (ts.isIdentifier(callee) ? this.wrappers.get(name) : undefined) ?? (isNew && errorClass(name) ? 0 : undefined);
        if (index !== undefined && (name === 'HttpError' || !HELPERS[name] || name in HELPERS) && (name !== 'HttpError' || isNew)) {
          const arg = node.arguments?.[index];
          if (arg) {
            if (name === 'HttpError') this.httpErrorBody(arg);
            else this.messages(arg, 0).forEach((m) => this.found.push(m));
          }
        }
      }
      // a function that composes a message (`tableNotFoundMessage(table)`): what it returns
      if (
        (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) &&
        node.name &&
        ts.isIdentifier(node.name) &&
        /Message$/.test(node.name.text)
      ) {
        const fn = ts.isVariableDeclaration(node) ? node.initializer : node;
        if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)) && fn.body) {
          if (!ts.isBlock(fn.body)) this.messages(fn.body, 0).forEach((m) => this.found.push(m));
          else {
            const returns = (n: ts.Node): void => {
              if (ts.isReturnStatement(n) && n.expression) this.messages(n.expression, 0).forEach((m) => this.found.push(m));
              if (!ts.isFunctionLike(n)) ts.forEachChild(n, returns);
            };
            ts.forEachChild(fn.body, returns);
          }
        }
      }
      if (
        ts.isBinaryExpression(node) &&
        [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken].includes(node.operatorToken.kind)
      ) {
        const target = node.left;
        const owner = ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target) ? target.expression : null;
        const ownerName = owner && (ts.isIdentifier(owner) ? owner.text : ts.isPropertyAccessExpression(owner) ? owner.name.text : '');
        if (ownerName && ERRORS_OBJECT.test(ownerName) && ts.isArrayLiteralExpression(this.unwrap(node.right))) {
          this.messages(node.right, 0).forEach((m) => this.found.push(m));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.file);
    return this.found;
  }

  /** `new HttpError(status, { message })`: the message field's texts (an errorsBody call is visited by itself) */
  private httpErrorBody(arg: ts.Expression): void {
    const body = this.unwrap(arg);
    if (!ts.isObjectLiteralExpression(body)) return;
    for (const p of body.properties) {
      if (ts.isPropertyAssignment(p) && p.name.getText(this.file) === 'message')
        this.messages(p.initializer, 0).forEach((m) => this.found.push(m));
      if (ts.isShorthandPropertyAssignment(p) && p.name.text === 'message') this.messages(p.name, 0).forEach((m) => this.found.push(m));
    }
  }

  private unwrap(e: ts.Expression): ts.Expression {
    while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e))
      e = e.expression;
    return e;
  }

  /** the message texts an expression can be, in template form ([] when it is not a text we can see) */
  private messages(expr: ts.Expression, depth: number): string[] {
    if (depth > 6) return [];
    const e = this.unwrap(expr);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isTemplateExpression(e)) return [this.template(e)];
    if (ts.isConditionalExpression(e)) return [...this.messages(e.whenTrue, depth + 1), ...this.messages(e.whenFalse, depth + 1)];
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        return [...this.messages(e.left, depth + 1), ...this.messages(e.right, depth + 1)];
      }
      if (op === ts.SyntaxKind.PlusToken) return [this.concatenation(e)];
      return [];
    }
    if (ts.isObjectLiteralExpression(e)) {
      return e.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? this.messages(p.initializer, depth + 1) : []));
    }
    if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap((x) => (ts.isSpreadElement(x) ? [] : this.messages(x, depth + 1)));
    if (ts.isIdentifier(e)) return this.constant(e.text, null, depth);
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) return this.constant(e.expression.text, e.name.text, depth);
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && FILLERS.has(e.expression.text) && e.arguments[0]) {
      return this.messages(e.arguments[0], depth + 1).map(percentToTemplate);
    }
    return [];
  }

  /** a same-file constant, else an export of @rama/shared (a string, or a string field of an object) */
  private constant(name: string, field: string | null, depth: number): string[] {
    const local = this.locals.get(name);
    if (local) {
      const init = this.unwrap(local);
      if (field === null)
        return ts.isObjectLiteralExpression(init) || ts.isArrayLiteralExpression(init) ? [] : this.messages(init, depth + 1);
      if (!ts.isObjectLiteralExpression(init)) return [];
      const p = init.properties.find((x) => ts.isPropertyAssignment(x) && x.name.getText(this.file).replace(/['"]/g, '') === field);
      return p && ts.isPropertyAssignment(p) ? this.messages(p.initializer, depth + 1) : [];
    }
    const value: unknown = (shared as Record<string, unknown>)[name];
    const text = field === null ? value : value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
    return typeof text === 'string' ? [percentToTemplate(text)] : [];
  }

  /** a template literal in the catalogue's form, its placeholders numbered from `first` */
  private template(e: ts.TemplateExpression, first = 0): string {
    let i = first;
    return e.head.text + e.templateSpans.map((s) => `{${i++}}${s.literal.text}`).join('');
  }

  private concatenation(e: ts.Expression): string {
    const parts: ts.Expression[] = [];
    const flatten = (x: ts.Expression): void => {
      const u = this.unwrap(x);
      if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        flatten(u.left);
        flatten(u.right);
      } else parts.push(u);
    };
    flatten(e);
    let i = 0;
    return parts
      .map((p) => {
        if (ts.isStringLiteral(p) || ts.isNoSubstitutionTemplateLiteral(p)) return p.text;
        if (!ts.isTemplateExpression(p)) return `{${i++}}`;
        const text = this.template(p, i);
        i += p.templateSpans.length;
        return text;
      })
      .join('');
  }
}

/** an error type or other constant (`QUERY_CANCELLED`), or a path: not a message */
const notAMessage = (text: string): boolean => /^[A-Z][A-Z0-9_]*$/.test(text) || text.startsWith('/');

/** every message literal in the server's source, with where it is */
export function serverMessages(): Map<string, string> {
  const out = new Map<string, string>();
  const shared = SHARED_SOURCES.flatMap((p) => (p.endsWith('.ts') ? [join(SHARED, p)] : sourceFiles(join(SHARED, p))));
  const files = [...sourceFiles(SRC), ...shared].map((path) =>
    ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
  );
  // a file's own wrappers first (two files may each have an `add`), then those it may import
  const local = new Map(files.map((file) => [file, new Map<string, number>()]));
  const wrappers = new Map<string, number>();
  for (const file of files) {
    wrappersOf(file, local.get(file)!);
    for (const [name, index] of local.get(file)!) if (!wrappers.has(name)) wrappers.set(name, index);
  }
  for (const file of files) {
    const known = new Map([...wrappers, ...local.get(file)!]);
    for (const m of new Scanner(file, known).scan()) if (!out.has(m) && !notAMessage(m)) out.set(m, relative(SRC, file.fileName));
  }
  return out;
}

describe('the server message catalogue', () => {
  it('has French and German for every message the server sends', () => {
    const messages = serverMessages();
    expect(messages.size).toBeGreaterThan(200);
    const missing = [...messages].filter(([m]) => needsTranslation(m) && !MESSAGES[m]).map(([m, file]) => `${file}: ${JSON.stringify(m)}`);
    // RAMA_MISSING_MESSAGES=<file>: the missing messages as JSON (English → source file), to translate them in bulk
    if (process.env.RAMA_MISSING_MESSAGES)
      writeFileSync(
        process.env.RAMA_MISSING_MESSAGES,
        JSON.stringify(Object.fromEntries([...messages].filter(([m]) => needsTranslation(m) && !MESSAGES[m])), null, 1),
      );
    expect(missing, `messages missing from packages/server/src/i18n/messages.ts:\n${missing.join('\n')}`).toEqual([]);
    // parsing the whole server's source takes a few seconds on a busy machine
  }, 60_000);

  it('has entries whose translations keep every placeholder of the English', () => {
    const wrong: string[] = [];
    for (const [en, [fr, de]] of Object.entries(MESSAGES)) {
      const want = placeholders(en);
      for (const t of [fr, de]) if (placeholders(t) !== want || !t.trim()) wrong.push(`${en} → ${t}`);
    }
    expect(wrong).toEqual([]);
  });

  it('writes French with its typography: a typographic apostrophe, a no-break space before : ; ? !', () => {
    const wrong = Object.entries(MESSAGES)
      .map(([en, [fr]]) => [en, fr.replace(/\{\d+\}/g, '')] as const)
      .filter(([, fr]) => /\p{L}'\p{L}/u.test(fr) || /[^\u00a0\u202f][:;?!](\s|$)/.test(fr))
      .map(([en]) => en);
    expect(wrong).toEqual([]);
  });
});
