/**
 * A small SQL tokenizer: enough to know where strings, quoted identifiers, comments and
 * parentheses are, so a trailing top-level LIMIT can be located in the user's own text
 * without rewriting (and reformatting) the query. It never decides what a statement does;
 * node-sql-parser does that (DESIGN.md: no regex scanning for security decisions).
 */

export interface Token {
  kind: 'word' | 'number' | 'string' | 'ident' | 'punct' | 'param';
  /** raw text of the token */
  text: string;
  start: number;
  end: number;
  /** parenthesis nesting depth at the token (0 = top level) */
  depth: number;
  /** a string or quoted identifier that runs to the end of the text without its closing quote */
  open?: true;
}

/** How an engine's SQL text is tokenized: data each engine spec provides (`syntax.lexer`). */
export interface LexRules {
  /** `\` escapes the next character inside '…' and "…" strings */
  backslashEscapes: boolean;
  /** `#` starts a line comment */
  hashComments: boolean;
  /** "…" is a string literal rather than a quoted name */
  doubleQuotedStrings: boolean;
  /** […] quotes a name */
  bracketIdentifiers: boolean;
  /** $tag$…$tag$ (and $$…$$) is a string */
  dollarQuotedStrings: boolean;
  /** `@name` reads a session variable */
  atVariables: boolean;
  /**
   * A backslash inside a plain '…' literal may be read as an escape, depending on a server or
   * session setting (MySQL's NO_BACKSLASH_ESCAPES, PostgreSQL's standard_conforming_strings, and
   * engines that read them alike): expressions with a backslash before a quote are refused.
   */
  backslashDependsOnSettings: boolean;
}

/** Standard SQL: '…' strings, "…" names, `--` and block comments, nothing else. */
export const STANDARD_LEX_RULES: LexRules = {
  backslashEscapes: false,
  hashComments: false,
  doubleQuotedStrings: false,
  bracketIdentifiers: false,
  dollarQuotedStrings: false,
  atVariables: false,
  backslashDependsOnSettings: false,
};

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Tokenize; unterminated strings or comments run to the end of the text. */
export function tokenize(sql: string, rules: LexRules): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  const n = sql.length;
  // set by `quoted` and the other closers when the text ends before the closing quote
  let open = false;
  const push = (kind: Token['kind'], start: number, end: number): void => {
    const token: Token = { kind, text: sql.slice(start, end), start, end, depth };
    if (open) token.open = true;
    open = false;
    tokens.push(token);
  };
  const quoted = (start: number, quote: string, backslash: boolean): number => {
    let j = start + 1;
    while (j < n) {
      const c = sql[j];
      if (backslash && c === '\\') {
        j += 2;
        continue;
      }
      if (c === quote) {
        if (sql[j + 1] === quote) {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j++;
    }
    open = true;
    return n;
  };
  while (i < n) {
    const c = sql[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
    } else if ((c === '-' && sql[i + 1] === '-') || (c === '#' && rules.hashComments)) {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === "'") {
      const end = quoted(i, "'", rules.backslashEscapes);
      push('string', i, end);
      i = end;
    } else if (c === '"') {
      const end = quoted(i, '"', rules.backslashEscapes && rules.doubleQuotedStrings);
      push(rules.doubleQuotedStrings ? 'string' : 'ident', i, end);
      i = end;
    } else if (c === '`') {
      const end = quoted(i, '`', false);
      push('ident', i, end);
      i = end;
    } else if (c === '[' && rules.bracketIdentifiers) {
      const close = sql.indexOf(']', i + 1);
      open = close < 0;
      const end = close < 0 ? n : close + 1;
      push('ident', i, end);
      i = end;
    } else if (c === '$' && rules.dollarQuotedStrings && /[A-Za-z_$]/.test(sql[i + 1] ?? '')) {
      // dollar-quoted string: $tag$ ... $tag$ (or $$ ... $$)
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64));
      if (m) {
        const close = sql.indexOf(m[0], i + m[0].length);
        open = close < 0;
        const end = close < 0 ? n : close + m[0].length;
        push('string', i, end);
        i = end;
      } else {
        push('punct', i, i + 1);
        i++;
      }
    } else if (c === '$' && /[0-9]/.test(sql[i + 1] ?? '')) {
      // positional parameter ($1)
      let j = i + 1;
      while (j < n && /[0-9]/.test(sql[j])) j++;
      push('param', i, j);
      i = j;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      const m = /^(?:0[xX][0-9A-Fa-f]+|[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)/.exec(sql.slice(i, i + 400));
      const len = m ? m[0].length : 1;
      push('number', i, i + len);
      i += len;
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < n && WORD_PART.test(sql[j])) j++;
      // E'..' (postgres escape string) and similar prefixes followed by a quote
      if (sql[j] === "'" && j - i === 1 && /[EeXxBbNn]/.test(c)) {
        const end = quoted(j, "'", c === 'E' || c === 'e' || rules.backslashEscapes);
        push('string', i, end);
        i = end;
        continue;
      }
      push('word', i, j);
      i = j;
    } else {
      if (c === ')') depth = Math.max(0, depth - 1);
      push('punct', i, i + 1);
      if (c === '(') depth++;
      i++;
    }
  }
  return tokens;
}

/** Tokens without trailing `;` separators. */
export function trimTrailingSemicolons(tokens: Token[]): Token[] {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1].kind === 'punct' && tokens[end - 1].text === ';') end--;
  return end === tokens.length ? tokens : tokens.slice(0, end);
}

export function isWord(t: Token | undefined, word: string): boolean {
  return t !== undefined && t.kind === 'word' && t.text.toUpperCase() === word;
}
