import { describe, expect, it } from 'vitest';
import { StringStream, type StreamParser } from '@codemirror/language';
import { cssParser, jsonParser } from './editorLanguages';

/** [text, token] pairs of every non-blank token, line by line. */
function tokens<S>(parser: StreamParser<S>, text: string): [string, string | null][] {
  const state = parser.startState!(2);
  const out: [string, string | null][] = [];
  for (const line of text.split('\n')) {
    const stream = new StringStream(line, 2, 2);
    while (!stream.eol()) {
      const style = parser.token(stream, state);
      const piece = stream.current();
      if (piece.trim()) out.push([piece, style]);
      stream.start = stream.pos;
    }
  }
  return out;
}

describe('CSS highlighting', () => {
  it('tells selectors, properties, values, numbers, colours and comments apart', () => {
    const t = tokens(cssParser, '.card h1 { color: #fff; margin: 4px auto !important; } /* note */');
    expect(t).toEqual([
      ['.card', 'className'],
      ['h1', 'tagName'],
      ['{', 'brace'],
      ['color', 'propertyName'],
      [':', 'punctuation'],
      ['#fff', 'color'],
      [';', 'punctuation'],
      ['margin', 'propertyName'],
      [':', 'punctuation'],
      ['4px', 'number'],
      ['auto', 'atom'],
      ['!important', 'keyword'],
      [';', 'punctuation'],
      ['}', 'brace'],
      ['/* note */', 'comment'],
    ]);
  });

  it('reads selectors nested in @media and comments over several lines', () => {
    const t = tokens(cssParser, '@media (max-width: 600px) {\n  .x { top: 0 }\n}\n/* a\nb */ p {}');
    expect(t.slice(0, 3)).toEqual([
      ['@media', 'keyword'],
      ['(', null],
      ['max-width', 'tagName'],
    ]);
    expect(t).toContainEqual(['.x', 'className']);
    expect(t).toContainEqual(['top', 'propertyName']);
    expect(t).toContainEqual(['/* a', 'comment']);
    expect(t).toContainEqual(['b */', 'comment']);
    expect(t).toContainEqual(['p', 'tagName']);
  });

  it('marks url() and var() as functions and strings as strings', () => {
    const t = tokens(cssParser, "a { background: url('x.png'); color: var(--brand) }");
    expect(t).toContainEqual(['url', 'variableName.function']);
    expect(t).toContainEqual(["'x.png'", 'string']);
    expect(t).toContainEqual(['--brand', 'variableName']);
  });
});

describe('JSON highlighting', () => {
  it('tells keys from string values', () => {
    const t = tokens(jsonParser, '{"color_scheme": "bnbColors", "refresh_frequency": 10, "x": [true, null], "y": {"z": "w"}}');
    expect(t).toEqual([
      ['{', 'brace'],
      ['"color_scheme"', 'propertyName'],
      [':', 'punctuation'],
      ['"bnbColors"', 'string'],
      [',', 'punctuation'],
      ['"refresh_frequency"', 'propertyName'],
      [':', 'punctuation'],
      ['10', 'number'],
      [',', 'punctuation'],
      ['"x"', 'propertyName'],
      [':', 'punctuation'],
      ['[', 'brace'],
      ['true', 'bool'],
      [',', 'punctuation'],
      ['null', 'null'],
      [']', 'brace'],
      [',', 'punctuation'],
      ['"y"', 'propertyName'],
      [':', 'punctuation'],
      ['{', 'brace'],
      ['"z"', 'propertyName'],
      [':', 'punctuation'],
      ['"w"', 'string'],
      ['}', 'brace'],
      ['}', 'brace'],
    ]);
  });

  it('flags stray characters', () => {
    expect(tokens(jsonParser, '{x}')).toContainEqual(['x', 'invalid']);
  });
});
