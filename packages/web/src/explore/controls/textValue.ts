/**
 * Text controls that hold numbers (row counts, periods, opacity): the text typed becomes a number
 * when it reads as one; otherwise the text is kept, so the validator can say what is wrong with it.
 */
export function parseTextValue(text: string, options: { isInt?: boolean; isFloat?: boolean }): string | number | null {
  const t = text.trim();
  if (!options.isInt && !options.isFloat) return text;
  if (t === '') return null;
  const n = Number(t);
  if (!Number.isFinite(n)) return text;
  if (options.isInt && !Number.isInteger(n)) return text;
  return n;
}

export function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A bounds control's value as `[min, max]`, each a number or null. */
export function boundsOf(value: unknown): [number | null, number | null] {
  const pair = Array.isArray(value) ? value : [];
  const num = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v)
      ? v
      : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
        ? Number(v)
        : null;
  return [num(pair[0]), num(pair[1])];
}
