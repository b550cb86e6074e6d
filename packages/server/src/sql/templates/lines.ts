/**
 * Where a template's tags are, for messages that name the line: the library's lexer and parser
 * carry no positions, so the source is scanned alongside them.
 */
import { tokenize } from '@huggingface/jinja';
import type { Token } from './bridge.js';

/** Where each `{{`, `{%` and `{#` tag starts (1-based line), in source order, as the lexer sees them. */
function scanTags(src: string): Array<{ kind: string; line: number }> {
  const tags: Array<{ kind: string; line: number }> = [];
  let line = 1;
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (c === '\n') line++;
    if (c !== '{' || (src[i + 1] !== '{' && src[i + 1] !== '%' && src[i + 1] !== '#')) {
      i++;
      continue;
    }
    const kind = src.slice(i, i + 2);
    const start = i;
    const startLine = line;
    i += 2;
    if (kind === '{#') {
      const end = src.indexOf('#}', i);
      const stop = end < 0 ? n : end + 2;
      for (; i < stop; i++) if (src[i] === '\n') line++;
      tags.push({ kind, line: startLine });
      continue;
    }
    let depth = 0;
    while (i < n) {
      const ch = src[i];
      if (ch === '\n') line++;
      if (ch === "'" || ch === '"') {
        i++;
        while (i < n && src[i] !== ch) {
          if (src[i] === '\\') i++;
          if (src[i] === '\n') line++;
          i++;
        }
        i++;
        continue;
      }
      if (kind === '{%' && ch === '%' && src[i + 1] === '}') {
        i += 2;
        break;
      }
      if (kind === '{{' && ch === '}' && src[i + 1] === '}' && depth <= 0) {
        i += 2;
        break;
      }
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      i++;
    }
    // the lexer's preprocessing drops {% generation %} tags
    if (kind === '{%' && /^\{%-?\s*(end)?generation\s*-?%\}$/.test(src.slice(start, i))) continue;
    tags.push({ kind, line: startLine });
  }
  return tags;
}

const TAG_OF_TOKEN: Record<string, string> = { OpenExpression: '{{', OpenStatement: '{%', Comment: '{#' };

/** The line of every token (the line its tag starts on), or null when the scan and the lexer disagree. */
export function tokenLines(src: string, tokens: Token[]): number[] | null {
  const tags = scanTags(src);
  const lines: number[] = [];
  let k = 0;
  let line = 1;
  for (const t of tokens) {
    const kind = TAG_OF_TOKEN[t.type];
    if (kind) {
      const tag = tags[k++];
      if (!tag || tag.kind !== kind) return null;
      line = tag.line;
    }
    lines.push(line);
  }
  return k === tags.length ? lines : null;
}

/** The first line whose inclusion makes the lexer fail with `message` (lexer errors carry no position). */
export function lexerErrorLine(src: string, message: string): number | null {
  const lines = src.split('\n');
  if (lines.length > 20_000) return null;
  const fails = (n: number) => {
    try {
      tokenize(lines.slice(0, n).join('\n'));
      return false;
    } catch (e) {
      return (e as Error).message === message;
    }
  };
  if (!fails(lines.length)) return null;
  let lo = 1;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fails(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
