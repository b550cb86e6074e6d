/** Text helpers for the editor, free of React and the DOM (unit-tested in node). */

/** Offset of a 0-based row/column in `text`, clamped to the text. */
export function offsetOf(
  text: { lines: number; line(n: number): { from: number; length: number } },
  pos: { row: number; column: number },
): number {
  const line = text.line(Math.min(Math.max(1, pos.row + 1), text.lines));
  return line.from + Math.min(Math.max(0, pos.column), line.length);
}

/** The one change turning `from` into `to` (common prefix and suffix kept), so the cursor stays put. */
export function minimalChange(from: string, to: string): { from: number; to: number; insert: string } {
  let start = 0;
  const max = Math.min(from.length, to.length);
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)) end++;
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}
