/**
 * Highlighting for the dashboard's CSS editor and JSON metadata editor. Neither CodeMirror's CSS
 * nor its JSON language package is installed, so these are small stream tokenizers: enough to tell
 * selectors, properties, values, strings, numbers and comments apart while typing.
 */
import { StreamLanguage, type StreamParser, type StringStream } from '@codemirror/language';

export interface CssState {
  /** inside a comment that continues on the next line */
  comment: boolean;
  /** `{` nesting */
  depth: number;
  /** after a property's `:` until `;` or `}` */
  value: boolean;
}

function cssToken(stream: StringStream, state: CssState): string | null {
  if (state.comment) {
    if (stream.skipTo('*/')) {
      stream.pos += 2;
      state.comment = false;
    } else stream.skipToEnd();
    return 'comment';
  }
  if (stream.eatSpace()) return null;
  if (stream.match('/*')) {
    state.comment = true;
    return cssToken(stream, state) ?? 'comment';
  }
  const ch = stream.peek();
  if (ch === '"' || ch === "'") {
    stream.next();
    let escaped = false;
    for (let c = stream.next(); c !== undefined; c = stream.next()) {
      if (c === ch && !escaped) break;
      escaped = !escaped && c === '\\';
    }
    return 'string';
  }
  if (stream.match(/^@[\w-]+/)) return 'keyword';
  if (ch === '{') {
    stream.next();
    state.depth += 1;
    state.value = false;
    return 'brace';
  }
  if (ch === '}') {
    stream.next();
    state.depth = Math.max(0, state.depth - 1);
    state.value = false;
    return 'brace';
  }
  if (ch === ';') {
    stream.next();
    state.value = false;
    return 'punctuation';
  }
  if (stream.match(/^!important\b/i)) return 'keyword';
  if (state.value) {
    if (stream.match(/^#[0-9a-fA-F]{3,8}\b/)) return 'color';
    if (stream.match(/^-?(\d+\.?\d*|\.\d+)(%|[a-zA-Z]+)?/)) return 'number';
    if (stream.match(/^--[\w-]+/)) return 'variableName';
    if (stream.match(/^[\w-]+(?=\()/)) return 'variableName.function';
    if (stream.match(/^[\w-]+/)) return 'atom';
    stream.next();
    return null;
  }
  // a declaration inside a block, unless the rest of the line opens a nested rule (@media bodies)
  if (state.depth > 0 && !stream.match(/^[^;{}]*\{/, false)) {
    if (stream.match(/^--[\w-]+/)) return 'variableName';
    if (stream.match(/^[\w-]+/)) return 'propertyName';
    if (stream.eat(':')) {
      state.value = true;
      return 'punctuation';
    }
    stream.next();
    return null;
  }
  // selectors
  if (stream.match(/^[.#][\w-]+/)) return 'className';
  if (stream.match(/^::?[\w-]+/)) return 'meta';
  if (stream.match(/^[\w-]+/)) return 'tagName';
  stream.next();
  return null;
}

export const cssParser: StreamParser<CssState> = {
  name: 'css',
  startState: () => ({ comment: false, depth: 0, value: false }),
  copyState: (s) => ({ ...s }),
  token: cssToken,
  languageData: { commentTokens: { block: { open: '/*', close: '*/' } } },
};

export const cssLanguage = StreamLanguage.define(cssParser);

export interface JsonState {
  /** for each open `{`/`[`: whether the next string in an object is a key */
  stack: ('object' | 'array')[];
  expectKey: boolean;
}

function jsonToken(stream: StringStream, state: JsonState): string | null {
  if (stream.eatSpace()) return null;
  const ch = stream.peek();
  if (ch === '"') {
    stream.next();
    let escaped = false;
    for (let c = stream.next(); c !== undefined; c = stream.next()) {
      if (c === '"' && !escaped) break;
      escaped = !escaped && c === '\\';
    }
    if (state.expectKey) {
      state.expectKey = false;
      return 'propertyName';
    }
    return 'string';
  }
  if (ch === '{' || ch === '[') {
    stream.next();
    state.stack.push(ch === '{' ? 'object' : 'array');
    state.expectKey = ch === '{';
    return 'brace';
  }
  if (ch === '}' || ch === ']') {
    stream.next();
    state.stack.pop();
    state.expectKey = false;
    return 'brace';
  }
  if (ch === ',') {
    stream.next();
    state.expectKey = state.stack[state.stack.length - 1] === 'object';
    return 'punctuation';
  }
  if (ch === ':') {
    stream.next();
    return 'punctuation';
  }
  if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) return 'number';
  if (stream.match(/^(true|false)\b/)) return 'bool';
  if (stream.match(/^null\b/)) return 'null';
  stream.next();
  return 'invalid';
}

export const jsonParser: StreamParser<JsonState> = {
  name: 'json',
  startState: () => ({ stack: [], expectKey: false }),
  copyState: (s) => ({ stack: [...s.stack], expectKey: s.expectKey }),
  token: jsonToken,
};

export const jsonLanguage = StreamLanguage.define(jsonParser);
