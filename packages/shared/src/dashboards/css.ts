/**
 * A dashboard's custom CSS (spec section 3 "Dashboard": css). The text is user input rendered into a
 * <style> element, so it is cleaned of what can load or run anything, and scoped so that it styles
 * one dashboard only, not the application around it.
 */

type CssNode = { kind: 'statement'; text: string } | { kind: 'block'; prelude: string; children: CssNode[] };

function readString(css: string, start: number): { text: string; end: number } {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length) {
    const ch = css[i];
    if (ch === '\\') i += 2;
    else if (ch === quote) return { text: css.slice(start, i + 1), end: i + 1 };
    // an unterminated string ends at the line end (CSS "bad string"); close it there
    else if (ch === '\n') return { text: `${css.slice(start, i)}${quote}`, end: i };
    else i += 1;
  }
  return { text: `${css.slice(start)}${quote}`, end: css.length };
}

/** Statements and blocks, comments dropped, strings and escapes kept whole, unbalanced braces repaired. */
function parse(css: string): CssNode[] {
  let i = 0;
  const parseList = (nested: boolean): CssNode[] => {
    const nodes: CssNode[] = [];
    let buffer = '';
    let depth = 0;
    const flush = () => {
      const text = buffer.trim();
      if (text) nodes.push({ kind: 'statement', text });
      buffer = '';
      depth = 0;
    };
    while (i < css.length) {
      const ch = css[i];
      if (ch === '/' && css[i + 1] === '*') {
        const end = css.indexOf('*/', i + 2);
        i = end < 0 ? css.length : end + 2;
        buffer += ' ';
      } else if (ch === '"' || ch === "'") {
        const { text, end } = readString(css, i);
        buffer += text;
        i = end;
      } else if (ch === '\\') {
        buffer += css.slice(i, i + 2);
        i += 2;
      } else if (ch === '{') {
        i += 1;
        const prelude = buffer.trim();
        buffer = '';
        depth = 0;
        const children = parseList(true);
        nodes.push({ kind: 'block', prelude, children });
      } else if (ch === '}') {
        i += 1;
        if (nested) {
          flush();
          return nodes;
        }
        buffer = ''; // a stray closing brace: drop what led to it
      } else if (ch === ';' && depth === 0) {
        i += 1;
        flush();
      } else {
        if (ch === '(' || ch === '[') depth += 1;
        else if ((ch === ')' || ch === ']') && depth > 0) depth -= 1;
        buffer += ch;
        i += 1;
      }
    }
    flush();
    return nodes;
  };
  return parseList(false);
}

function serialize(nodes: CssNode[], indent = ''): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'statement') out += `${indent}${node.text};\n`;
    else out += `${indent}${node.prelude} {\n${serialize(node.children, `${indent}  `)}${indent}}\n`;
  }
  return out;
}

/** CSS escapes resolved (`\75 rl(` is `url(`), so that checks see what the browser will see. */
function decodeEscapes(text: string): string {
  return text.replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|\r\n|([\s\S]))/gi, (_m, hex: string | undefined, ch: string | undefined) => {
    if (hex === undefined) return ch === undefined || ch === '\n' || ch === '\r' || ch === '\f' ? '' : ch;
    const code = parseInt(hex, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  });
}

/** Lower case, escapes resolved, whitespace removed: the form the safety checks read. */
function canonical(text: string): string {
  return decodeEscapes(text).toLowerCase().replace(/\s+/g, '');
}

function atRuleName(prelude: string): string | null {
  if (!prelude.startsWith('@')) return null;
  return /^@([-a-z0-9_]+)/.exec(decodeEscapes(prelude).toLowerCase())?.[1] ?? '';
}

const SCRIPTING = ['expression(', 'javascript:', 'vbscript:', '-moz-binding', 'behavior:', 'behaviour:'];

/** The target of `url(` starting at `start` (just after the parenthesis) in canonical text. */
function urlTarget(text: string, start: number): string {
  const quote = text[start];
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, start + 1);
    return text.slice(start + 1, end < 0 ? text.length : end);
  }
  const end = text.indexOf(')', start);
  return text.slice(start, end < 0 ? text.length : end);
}

/** Does the text fetch anything other than an inline `data:` resource? */
function fetchesExternal(text: string): boolean {
  const value = canonical(text);
  for (const match of value.matchAll(/(?<![a-z0-9_-])(?:url|src)\(/g)) {
    if (!urlTarget(value, (match.index ?? 0) + match[0].length).startsWith('data:')) return true;
  }
  // image-set() takes plain strings as addresses too
  if (value.includes('image-set(')) {
    for (const match of value.matchAll(/(["'])(.*?)\1/g)) if (!match[2].startsWith('data:')) return true;
  }
  return false;
}

/** A declaration or statement that runs script or fetches something. */
function isUnsafe(text: string): boolean {
  const value = canonical(text);
  return SCRIPTING.some((needle) => value.includes(needle)) || fetchesExternal(text);
}

const DROPPED_STATEMENTS = new Set(['import', 'charset', 'namespace']);
const DROPPED_BLOCKS = new Set(['import', 'charset', 'namespace', 'document', '-moz-document']);

function sanitizeNodes(nodes: CssNode[]): CssNode[] {
  const out: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'statement') {
      const at = atRuleName(node.text);
      if ((at !== null && DROPPED_STATEMENTS.has(at)) || isUnsafe(node.text)) continue;
      out.push(node);
      continue;
    }
    const at = atRuleName(node.prelude);
    if ((at !== null && DROPPED_BLOCKS.has(at)) || fetchesExternal(node.prelude)) continue;
    const children = sanitizeNodes(node.children);
    // a font face whose only sources were external is no font face
    if (at === 'font-face' && !children.some((c) => c.kind === 'statement' && /^src\s*:/i.test(decodeEscapes(c.text)))) continue;
    out.push({ ...node, children });
  }
  return out;
}

/**
 * Removes from dashboard CSS what can fetch or run something: @import (and @charset, @namespace,
 * @document), any url()/src()/image-set() whose target is not a `data:` URL (a @font-face left
 * without a source goes whole), expression(), javascript:/vbscript: URLs, -moz-binding and behavior.
 * Comments are dropped and CSS escapes are resolved before checking, so `\75 rl(` is caught. A
 * `</style` left anywhere is escaped so the text cannot close its element.
 */
export function sanitizeDashboardCss(css: string): string {
  if (typeof css !== 'string' || css.trim() === '') return '';
  return serialize(sanitizeNodes(parse(css))).replace(/<\/(style)/gi, '<\\/$1');
}

const CONDITIONAL_GROUPS = new Set(['media', 'supports', 'container', 'layer', 'scope', 'starting-style', 'document', '-moz-document']);

/** A selector split into compound selectors, each with the combinator before it (' ', '>', '+', '~' or '' first). */
function compounds(selector: string): { combinator: string; compound: string }[] {
  const parts: { combinator: string; compound: string }[] = [];
  let combinator = '';
  let current = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const ch = selector[i];
    if (ch === '\\') {
      current += selector.slice(i, i + 2);
      i += 1;
    } else if (ch === '"' || ch === "'") {
      const { text, end } = readString(selector, i);
      current += text;
      i = end - 1;
    } else if (depth === 0 && (/\s/.test(ch) || ch === '>' || ch === '+' || ch === '~')) {
      if (current) {
        parts.push({ combinator, compound: current });
        current = '';
        combinator = '';
      }
      if (!/\s/.test(ch)) combinator = ch;
      else if (!combinator) combinator = ' ';
    } else {
      if (ch === '(' || ch === '[') depth += 1;
      else if ((ch === ')' || ch === ']') && depth > 0) depth -= 1;
      current += ch;
    }
  }
  if (current || parts.length === 0) parts.push({ combinator, compound: current });
  if (parts[0]) parts[0].combinator = parts[0].combinator.trim();
  return parts;
}

/** Splits a selector list at its top-level commas. */
function splitList(list: string): string[] {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  for (let i = 0; i < list.length; i += 1) {
    const ch = list[i];
    if (ch === '\\') {
      current += list.slice(i, i + 2);
      i += 1;
    } else if (ch === '"' || ch === "'") {
      const { text, end } = readString(list, i);
      current += text;
      i = end - 1;
    } else if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else {
      if (ch === '(' || ch === '[') depth += 1;
      else if ((ch === ')' || ch === ']') && depth > 0) depth -= 1;
      current += ch;
    }
  }
  out.push(current.trim());
  return out.filter((s) => s !== '');
}

/** `html`, `body` and `:root` at the head of a compound, with the qualifiers that follow them. */
function documentRootQualifiers(compound: string): string | null {
  const match = /^(?:html|body|:root)(?![-\w(])/i.exec(compound);
  return match ? compound.slice(match[0].length) : null;
}

function scopeSelector(selector: string, scope: string): string {
  if (selector.startsWith(scope) && !/^[-\w]/.test(selector.slice(scope.length))) return selector;
  const parts = compounds(selector);
  let qualifiers = '';
  let absorbed = 0;
  for (const part of parts) {
    const extra = documentRootQualifiers(part.compound);
    if (extra === null || (absorbed > 0 && part.combinator !== ' ' && part.combinator !== '>')) break;
    qualifiers += extra;
    absorbed += 1;
  }
  if (absorbed === 0) return `${scope} ${selector}`;
  const rest = parts
    .slice(absorbed)
    .map((p) => `${p.combinator === ' ' ? ' ' : ` ${p.combinator} `}${p.compound}`)
    .join('');
  return `${scope}${qualifiers}${rest}`;
}

function scopeNodes(nodes: CssNode[], scope: string): CssNode[] {
  return nodes.map((node) => {
    if (node.kind === 'statement') return node;
    const at = atRuleName(node.prelude);
    if (at === null) {
      return {
        ...node,
        prelude: splitList(node.prelude)
          .map((s) => scopeSelector(s, scope))
          .join(',\n'),
      };
    }
    // keyframe selectors (from, to, 50%), @font-face, @page, @property… are not element selectors
    return CONDITIONAL_GROUPS.has(at) ? { ...node, children: scopeNodes(node.children, scope) } : node;
  });
}

/**
 * Makes every rule apply only inside `scope` (e.g. `.rama-dashboard-7`): each selector, also inside
 * @media, @supports, @container and @layer blocks, is prefixed with the scope; `html`, `body` and
 * `:root` stand for the scope itself (`body.dark .x` → `.rama-dashboard-7.dark .x`). Keyframes,
 * @font-face and @page are left as they are. Run sanitizeDashboardCss first.
 */
export function scopeDashboardCss(css: string, scope: string): string {
  if (typeof css !== 'string' || css.trim() === '') return '';
  return serialize(scopeNodes(parse(css), scope.trim()));
}
